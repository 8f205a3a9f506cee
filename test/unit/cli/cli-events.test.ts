import request from 'supertest';
import { createCliDeps, type CliDeps } from '../../../src/cli/command';
import { invokeCli } from '../../support/cli-runner';
import { OntologyClient } from '../../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../../support/test-app';

describe('operator CLI: the change feed and webhook subscriptions', () => {
  let t: TestApp;
  let deps: CliDeps;
  const cli = (...argv: string[]) => invokeCli(() => Promise.resolve(deps), argv);
  const cliJson = async (...argv: string[]) => {
    const result = await cli(...argv, '--json');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(result.stdout);
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    deps = createCliDeps(t.container.deps);
    const c = new OntologyClient(t, t.apiKey, t.workspaceId);
    await c.ok('CREATE_NODE', { entityType: 'Pump', name: 'P1' });
    await c.ok('CREATE_NODE', { entityType: 'Valve', name: 'V1' });
  });
  afterAll(() => t.close());

  it('lists events after a cursor, filtered, with the cursor to continue after', async () => {
    const all = await cliJson('events', 'list', '--workspace', t.workspaceId);
    expect(all.events.map((e: { seq: number }) => e.seq)).toEqual([1, 2]);
    expect(all).toMatchObject({ nextCursor: '2', hasMore: false });
    const pumps = await cliJson(
      'events',
      'list',
      '--workspace',
      t.workspaceId,
      '--entity-type',
      'Pump',
    );
    expect(pumps.events.map((e: { subject: { type: string } }) => e.subject.type)).toEqual([
      'Pump',
    ]);
    const text = await cli('events', 'list', '--workspace', t.workspaceId, '--after', '1');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('node.created');
    expect(text.stdout).toContain('next cursor: 2');
  });

  it('refuses bad input with exit code 2 and a message', async () => {
    for (const argv of [
      ['events', 'list', '--workspace', t.workspaceId, '--after', 'x'],
      ['events', 'list', '--workspace', t.workspaceId, '--types', 'nope'],
      ['events', 'list', '--workspace', t.workspaceId, '--after', '99'],
      ['events', 'list', '--workspace', 'not-a-uuid'],
      ['subscriptions', 'enable', '--workspace', t.workspaceId, '--id', 'sub_missing'],
    ]) {
      const result = await cli(...argv);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^error: /);
    }
  });

  it('lists subscriptions and enables or disables them', async () => {
    const created = await request(t.app)
      .post('/api/webhook-subscriptions')
      .set(authHeaders(t.apiKey, t.workspaceId))
      .send({ url: 'https://hooks.example.com/x' });
    const id = created.body.data.id as string;
    const listed = await cliJson('subscriptions', 'list', '--workspace', t.workspaceId);
    expect(listed).toEqual([expect.objectContaining({ id, enabled: true, cursor: '2' })]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    const off = await cliJson('subscriptions', 'disable', '--workspace', t.workspaceId, '--id', id);
    expect(off).toMatchObject({ enabled: false, disabledReason: 'Disabled by a user.' });
    const on = await cliJson('subscriptions', 'enable', '--workspace', t.workspaceId, '--id', id);
    expect(on).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('trims what is past the retention on demand', async () => {
    expect(await cliJson('events', 'trim')).toEqual({ removed: 0 });
  });
});
