import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pointId } from '../../../src/adapters/qdrant/point-id';
import { QdrantVectorIndex } from '../../../src/adapters/qdrant/vector-index';
import { ServiceUnavailableError } from '../../../src/errors';
import { qdrantTarget } from '../../support/qdrant';
import { unit, vectorIndexContract } from './vector-index.contract';
import { skipEngine } from '../skips';

const target = qdrantTarget();

if (!target.available) {
  skipEngine('VectorIndex', 'qdrant', target.reason);
} else {
  vectorIndexContract('qdrant', () => Promise.resolve(target.open()));
}

/** A 127.0.0.1 port nothing listens on (a server bound, then closed). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('QdrantVectorIndex when Qdrant is down', () => {
  let index: QdrantVectorIndex;
  beforeAll(async () => {
    index = new QdrantVectorIndex({ url: `http://127.0.0.1:${await closedPort()}` });
  });

  const calls: [string, () => Promise<unknown>][] = [
    ['ensure', () => index.ensure(4)],
    ['search', () => index.search({ workspaceId: 'w', vector: unit(1, 0, 0, 0), topK: 3 })],
    ['count', () => index.count('w')],
    ['remove', () => index.remove('w', ['a'])],
    ['clearWorkspace', () => index.clearWorkspace('w')],
    ['ping', () => index.ping()],
  ];
  it.each(calls)('%s rejects with 503 SERVICE_UNAVAILABLE', async (_name, call) => {
    const error: unknown = await call().then(
      () => new Error('expected a rejection'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      details: { checks: { qdrant: 'down' } },
    });
  });
});

describe('Qdrant point ids', () => {
  it('are stable UUIDs (v5) of workspace and node, different per workspace', () => {
    const id = pointId('ws-1', 'node-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pointId('ws-1', 'node-1')).toBe(id);
    expect(pointId('ws-2', 'node-1')).not.toBe(id);
    // No ambiguity from joining the two parts.
    expect(pointId('a/b', 'c')).not.toBe(pointId('a', 'b/c'));
  });
});
