import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config/load-config';
import { createContainer, type Container } from '../../src/container';
import { HttpMetrics } from '../../src/http/metrics';
import { createLogger } from '../../src/logger';
import { expectError } from '../support/envelope-assertions';
import { recordResponses } from '../support/openapi';
import { KEY_A } from '../support/secrets';

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * With NEO4J_URI set and Neo4j down, the service still starts, reports the engine down on
 * /ready, and answers every request that needs the graph or the credentials in it with a
 * quick 503 SERVICE_UNAVAILABLE in the envelope (documented in the OpenAPI document;
 * every response here is validated against it). The driver really connects: to a port
 * where nothing listens.
 */
describe('Neo4j unreachable', () => {
  let container: Container;
  let app: ReturnType<typeof createApp>;
  let dataDir: string;
  const workspaceId = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const auth = { Authorization: `Bearer ${'k'.repeat(40)}`, 'x-workspace-id': workspaceId };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-neo4j-down-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NEO4J_URI: `bolt://127.0.0.1:${await closedPort()}`,
      NEO4J_PASSWORD: 'irrelevant-password',
      SECRETS_KEY: KEY_A,
      NEO4J_CONNECTION_TIMEOUT_MS: '1000',
      NEO4J_ACQUISITION_TIMEOUT_MS: '1500',
      NEO4J_MAX_RETRY_TIME_MS: '200',
    });
    container = createContainer(config, createLogger('silent'), {
      metrics: new HttpMetrics({ collectDefaults: false }),
    });
    app = recordResponses(createApp(container.deps));
  });
  afterAll(async () => {
    await container.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays alive and says which store is down', async () => {
    expect((await request(app).get('/health')).status).toBe(200);
    const ready = await request(app).get('/ready');
    expectError(ready, 503, 'SERVICE_UNAVAILABLE');
    expect(ready.body.error.details).toEqual({ checks: { sqlite: 'up', neo4j: 'down' } });
  });

  it('answers requests that need Neo4j with 503 and Retry-After, queries and commands alike', async () => {
    const calls = [
      request(app).get('/api/queries/nodes').set(auth),
      request(app).get('/api/me').set(auth),
      request(app)
        .post('/api/commands/execute')
        .set(auth)
        .send({ type: 'CREATE_NODE', payload: { entityType: 'Pump', name: 'P1' } }),
    ];
    for (const response of await Promise.all(calls)) {
      expectError(response, 503, 'SERVICE_UNAVAILABLE');
      expect(response.body.error.details).toEqual({ checks: { neo4j: 'down' } });
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  }, 15_000);

  it('fails store calls fast with the 503, for the CLI and bootstrap as well', async () => {
    await expect(container.deps.workspaces.count()).rejects.toMatchObject({
      status: 503,
      message: 'The graph database is unavailable; retry shortly.',
    });
  });
});
