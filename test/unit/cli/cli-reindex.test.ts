import { randomUUID } from 'node:crypto';
import { createCliDeps } from '../../../src/cli/command';
import { loadConfig } from '../../../src/config/load-config';
import { createContainer, type Container } from '../../../src/container';
import { HttpMetrics } from '../../../src/http/metrics';
import { createLogger } from '../../../src/logger';
import type { Embedder } from '../../../src/ports/embedder';
import { invokeCli } from '../../support/cli-runner';
import { HashEmbedder } from '../../support/hash-embedder';
import { OntologyClient } from '../../support/ontology-client';
import { createTestApp, type TestApp } from '../../support/test-app';

/** The CLI as `src/cli/main.ts` builds it, over the test app's data dir. */
function cliContainer(t: TestApp, embedder: Embedder): Container {
  const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
  return createContainer(config, createLogger('silent'), {
    metrics: new HttpMetrics({ collectDefaults: false }),
    embedder,
    startIndexer: false,
  });
}

function cli(container: Container, argv: string[]) {
  return invokeCli(() => Promise.resolve(createCliDeps(container.deps)), argv);
}

describe('cli reindex', () => {
  let t: TestApp;
  const opened: Container[] = [];
  const open = (embedder: Embedder = new HashEmbedder()) => {
    const container = cliContainer(t, embedder);
    opened.push(container);
    return container;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const api = new OntologyClient(t, t.apiKey, t.workspaceId);
    await api.node('Pump', 'Feed pump', { description: 'moves cooling water' });
    await api.node('Tank', 'Day tank');
    await t.container.deps.search.indexer.whenIdle();
  });
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.close()));
    await t.close();
  });

  it('rebuilds the workspace index and says how many nodes it indexed', async () => {
    const container = open();
    const result = await cli(container, ['reindex', '--workspace', t.workspaceId, '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual({
      workspaceId: t.workspaceId,
      queued: 2,
      indexed: 2,
      embedder: 'hash',
    });
    const text = await cli(container, ['reindex', '--workspace', t.workspaceId]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Re-indexed workspace.');
    expect(text.stdout).toMatch(/nodes queued:\s+2/);
    const status = await t.container.deps.search.indexer.status(t.workspaceId);
    expect(status).toMatchObject({ indexed: 2 });
  });

  it('refuses an unknown workspace and a missing option', async () => {
    const container = open();
    const unknown = await cli(container, ['reindex', '--workspace', randomUUID()]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/not found/i);
    const missing = await cli(container, ['reindex']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--workspace');
  });

  it('fails with exit code 1 when the embedder fails, leaving the nodes queued', async () => {
    const broken: Embedder = {
      name: 'broken',
      dimensions: () => Promise.resolve(64),
      embed: () => Promise.reject(new Error('model crashed')),
    };
    // Stop the server's indexer so that the queued nodes stay visible.
    await t.container.deps.search.indexer.stop();
    const result = await cli(open(broken), ['reindex', '--workspace', t.workspaceId]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('2 nodes stay queued');
    expect(await t.container.deps.search.indexer.status(t.workspaceId)).toMatchObject({
      pending: 2,
    });
  });
});
