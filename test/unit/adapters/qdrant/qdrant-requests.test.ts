import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pointId } from '../../../../src/adapters/qdrant/point-id';
import { QdrantVectorIndex } from '../../../../src/adapters/qdrant/vector-index';
import { ServiceUnavailableError } from '../../../../src/errors';
import { unit } from '../../../contract/vector-index/vector-index.contract';

/**
 * No Qdrant can run here, so these tests check what the adapter sends (through the real
 * `@qdrant/js-client-rest`) and how it reads answers, against a recording HTTP server that
 * answers like Qdrant 1.x. The behaviour itself is covered by the VectorIndex contract
 * against a real Qdrant when QDRANT_URL is set.
 */
interface Request {
  method: string;
  path: string;
  body: unknown;
}
type Answer = [status: number, result: unknown];

async function startRecorder() {
  const requests: Request[] = [];
  const state: { answer: (req: Request) => Answer } = { answer: () => [200, true] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
      requests.push(request);
      const [status, result] = state.answer(request);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          status < 300
            ? { result, status: 'ok', time: 0.001 }
            : { status: { error: String(result) }, time: 0.001 },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const collectionInfo = (size: number) => ({
  status: 'green',
  optimizer_status: 'ok',
  segments_count: 1,
  config: {
    params: { vectors: { size, distance: 'Cosine' } },
    hnsw_config: { m: 0, ef_construct: 100, full_scan_threshold: 10000, payload_m: 16 },
    optimizer_config: {},
    wal_config: {},
  },
  payload_schema: {},
});
const updated = { operation_id: 1, status: 'completed' };
const wsFilter = (ws: string) => ({ key: 'workspace_id', match: { value: ws } });

describe('QdrantVectorIndex requests', () => {
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  let index: QdrantVectorIndex;
  beforeAll(async () => {
    recorder = await startRecorder();
  });
  afterAll(() => recorder.close());
  beforeEach(() => {
    recorder.requests.length = 0;
    index = new QdrantVectorIndex({ url: recorder.url, collection: 'nodes' });
  });

  it('creates a missing collection: cosine, per-tenant HNSW, workspace tenant index', async () => {
    recorder.state.answer = (req) =>
      req.method === 'GET' ? [404, 'Collection `nodes` not found'] : [200, true];
    expect(await index.ensure(4)).toEqual({ recreated: false, created: true });
    expect(recorder.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /collections/nodes',
      'PUT /collections/nodes',
      'PUT /collections/nodes/index',
      'PUT /collections/nodes/index',
    ]);
    expect(recorder.requests[1]?.body).toEqual({
      vectors: { size: 4, distance: 'Cosine' },
      hnsw_config: { payload_m: 16, m: 0 },
    });
    expect(recorder.requests[2]?.body).toEqual({
      field_name: 'workspace_id',
      field_schema: { type: 'keyword', is_tenant: true },
    });
    expect(recorder.requests[3]?.body).toEqual({
      field_name: 'entity_type',
      field_schema: 'keyword',
    });
  });

  it('keeps a collection of the same size and recreates one of another size', async () => {
    recorder.state.answer = (req) =>
      req.method === 'GET' ? [200, collectionInfo(4)] : [200, true];
    expect(await index.ensure(4)).toEqual({ recreated: false, created: false });
    expect(recorder.requests.some((r) => r.method === 'DELETE')).toBe(false);

    recorder.requests.length = 0;
    const other = new QdrantVectorIndex({ url: recorder.url, collection: 'nodes' });
    expect(await other.ensure(8)).toEqual({ recreated: true, created: false });
    const steps = recorder.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(steps.slice(0, 3)).toEqual([
      'GET /collections/nodes',
      'DELETE /collections/nodes',
      'PUT /collections/nodes',
    ]);
    expect(recorder.requests[2]?.body).toMatchObject({ vectors: { size: 8 } });
  });

  it('recreates a collection of the right size with another distance', async () => {
    const info = collectionInfo(4);
    info.config.params.vectors.distance = 'Dot';
    recorder.state.answer = (req) => (req.method === 'GET' ? [200, info] : [200, true]);
    expect(await index.ensure(4)).toEqual({ recreated: true, created: false });
    expect(recorder.requests.map((r) => r.method).slice(0, 3)).toEqual(['GET', 'DELETE', 'PUT']);
  });

  it('upserts points under (workspace, node) ids with the filterable payload', async () => {
    recorder.state.answer = (req) =>
      req.method === 'GET' ? [200, collectionInfo(2)] : [200, updated];
    await index.upsert([
      { workspaceId: 'w1', nodeId: 'a', entityType: 'Pump', vector: unit(1, 0) },
      { workspaceId: 'w1', nodeId: 'a', entityType: 'Valve', vector: unit(0, 1) },
      { workspaceId: 'w2', nodeId: 'a', entityType: 'Pump', vector: unit(1, 1) },
    ]);
    const put = recorder.requests.find((r) => r.path.startsWith('/collections/nodes/points'));
    expect(put?.method).toBe('PUT');
    expect(put?.path).toBe('/collections/nodes/points?wait=true');
    expect(put?.body).toEqual({
      points: [
        {
          id: pointId('w1', 'a'),
          vector: [0, 1],
          payload: { workspace_id: 'w1', node_id: 'a', entity_type: 'Valve' },
        },
        {
          id: pointId('w2', 'a'),
          vector: [expect.closeTo(Math.SQRT1_2, 6), expect.closeTo(Math.SQRT1_2, 6)],
          payload: { workspace_id: 'w2', node_id: 'a', entity_type: 'Pump' },
        },
      ],
    });
  });

  it('filters every search by workspace (and entity type) and maps the hits', async () => {
    recorder.state.answer = (req) =>
      req.method === 'GET'
        ? [200, collectionInfo(2)]
        : [
            200,
            {
              points: [
                { id: pointId('w1', 'b'), version: 1, score: 0.5, payload: { node_id: 'b' } },
                { id: pointId('w1', 'a'), version: 1, score: 1.0000001, payload: { node_id: 'a' } },
              ],
            },
          ];
    const hits = await index.search({
      workspaceId: 'w1',
      vector: unit(1, 0),
      topK: 5,
      entityType: 'Pump',
      minScore: 0.2,
    });
    expect(hits).toEqual([
      { nodeId: 'a', score: 1 },
      { nodeId: 'b', score: 0.5 },
    ]);
    const query = recorder.requests.find((r) => r.path.startsWith('/collections/nodes/points'));
    expect(query?.method).toBe('POST');
    expect(query?.path).toBe('/collections/nodes/points/query');
    expect(query?.body).toEqual({
      query: [1, 0],
      filter: { must: [wsFilter('w1'), { key: 'entity_type', match: { value: 'Pump' } }] },
      limit: 5,
      with_payload: ['node_id'],
      score_threshold: 0.2,
    });
  });

  it('counts, removes and clears within the workspace filter', async () => {
    recorder.state.answer = (req) =>
      req.path.includes('/count') ? [200, { count: 7 }] : [200, updated];
    expect(await index.count('w1')).toBe(7);
    await index.remove('w1', ['a', 'b']);
    await index.clearWorkspace('w1');
    expect(recorder.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/collections/nodes/points/count',
        { filter: { must: [wsFilter('w1')] }, exact: true },
      ],
      [
        'POST',
        '/collections/nodes/points/delete?wait=true',
        {
          filter: { must: [wsFilter('w1'), { has_id: [pointId('w1', 'a'), pointId('w1', 'b')] }] },
        },
      ],
      [
        'POST',
        '/collections/nodes/points/delete?wait=true',
        { filter: { must: [wsFilter('w1')] } },
      ],
    ]);
  });

  it('answers empty while the collection does not exist', async () => {
    recorder.state.answer = () => [404, 'Collection `nodes` not found'];
    expect(await index.search({ workspaceId: 'w1', vector: unit(1, 0), topK: 5 })).toEqual([]);
    expect(await index.count('w1')).toBe(0);
    await expect(index.remove('w1', ['a'])).resolves.toBeUndefined();
    await expect(
      index.upsert([{ workspaceId: 'w1', nodeId: 'a', entityType: 'T', vector: unit(1, 0) }]),
    ).rejects.toThrow(/does not exist yet/);
  });

  it('turns 5xx, 429 and 401 into 503 and a rejected request into a plain error', async () => {
    for (const status of [500, 503, 429, 401]) {
      recorder.state.answer = () => [status, 'nope'];
      await expect(index.count('w1')).rejects.toBeInstanceOf(ServiceUnavailableError);
    }
    recorder.state.answer = () => [400, 'Wrong input: Vector dimension error'];
    const error: unknown = await index.count('w1').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ServiceUnavailableError);
    expect(String(error)).toMatch(/HTTP 400.*Vector dimension error/);
  });
});
