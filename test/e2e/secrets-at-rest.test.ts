import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app';
import { createCliDeps } from '../../src/cli/command';
import type { Config } from '../../src/config/load-config';
import type { Container } from '../../src/container';
import { invokeCli } from '../support/cli-runner';
import { expectData, expectError } from '../support/envelope-assertions';
import { HashEmbedder } from '../support/hash-embedder';
import { ManualClock } from '../support/manual-clock';
import { recordResponses } from '../support/openapi';
import { readConnectorSecrets, writeConnectorSecret } from '../support/raw-store';
import { boxOf, KEY_A, KEY_B } from '../support/secrets';
import {
  authHeaders,
  bootstrapFirstStart,
  createTestContainer,
  CreatedWorkspaces,
  testConfig,
  type TestApp,
} from '../support/test-app';
import { itOn, testEngine } from '../support/test-engine';
import {
  createConnector,
  deliver,
  listEvents,
  unixSeconds,
  xHeaders,
  type CreatedConnector,
} from '../support/webhook-fixtures';

/**
 * Secrets at rest, end to end: what a reader of the store sees, what a damaged value does to
 * deliveries, the generated key file, a key rotation through the configuration and
 * `cli secrets rotate`, and plaintext from before encryption. On Neo4j as on the embedded
 * store, except where said.
 */

/** With NEO4J_URI, SECRETS_KEY is required: no key file is generated in DATA_DIR. */
const KEY_FILE = "the key file in DATA_DIR is the embedded store's; Neo4j requires SECRETS_KEY";
/** Why key rotations run on the embedded store only here (each test has a store of its own). */
const WHOLE_STORE =
  'a rotation rewrites every connector of the store: on the Neo4j the run shares, those of ' +
  'tests running meanwhile too, which hold only the test key';

/** A distinct body each time: the same bytes in the same second would be a duplicate. */
let sent = 0;
const nextBody = () => JSON.stringify({ type: 'invoice.paid', n: (sent += 1) });

/** One start of the service on `dataDir` (as main.ts builds it), and how to stop it. */
interface Instance {
  t: TestApp;
  config: Config;
  container: Container;
  admin: Record<string, string>;
  stop(): Promise<void>;
}

/** Runs one CLI command in-process against `container`; its exit code and output. */
function cli(container: Container, ...argv: string[]) {
  return invokeCli(() => Promise.resolve(createCliDeps(container.deps)), argv);
}

describe('secrets at rest', () => {
  let dataDir: string;
  let clock: ManualClock;
  let credentials: { apiKey: string; workspaceId: string } | undefined;
  let running: Instance | undefined;
  let created: CreatedWorkspaces;

  /** Starts the service on `dataDir` with `env`, bootstrapping on the first start. */
  async function start(env: Record<string, string> = {}): Promise<Instance> {
    const config = testConfig({ DATA_DIR: dataDir, ...env });
    const container = created.track(
      createTestContainer(config, { clock, embedder: new HashEmbedder() }),
      config,
    );
    if (!credentials) {
      const boot = await bootstrapFirstStart(container, config, clock);
      credentials = { apiKey: boot.apiKey, workspaceId: boot.workspace.id };
    }
    const t: TestApp = {
      app: recordResponses(createApp(container.deps)),
      container,
      config,
      clock,
      ...credentials,
      dataDir,
      close: () => container.close(),
    };
    const instance = {
      t,
      config,
      container,
      admin: authHeaders(credentials.apiKey, credentials.workspaceId),
      stop: async () => {
        running = undefined;
        await container.close();
      },
    };
    running = instance;
    return instance;
  }

  /** Delivers a correctly signed body with `secret`; the response. */
  const send = (i: Instance, connector: { endpointId: string }, secret: string) => {
    const body = nextBody();
    return deliver(i.t, connector, body, xHeaders(secret, unixSeconds(clock), body));
  };

  /** The connector's secrets as the store holds them. */
  const stored = (i: Instance, connectorId: string) =>
    readConnectorSecrets(i.config, credentials?.workspaceId ?? '', connectorId);

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-secrets-'));
    clock = new ManualClock(Date.now());
    credentials = undefined;
    created = new CreatedWorkspaces();
  });
  afterEach(async () => {
    await running?.stop();
    await created.purge();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  itOn(['sqlite'], KEY_FILE)(
    'without SECRETS_KEY, generates DATA_DIR/secrets.key (0600) and keeps using it after a restart',
    async () => {
      const first = await start();
      const keyFile = path.join(dataDir, 'secrets.key');
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(first.container.deps.secrets.source).toEqual({
        kind: 'file',
        path: keyFile,
        created: true,
      });
      const connector = await createConnector(first.t, first.admin);
      expect((await send(first, connector, connector.secret)).status).toBe(202);
      await first.stop();

      const second = await start();
      expect(second.container.deps.secrets.source).toMatchObject({ created: false });
      expect((await send(second, connector, connector.secret)).status).toBe(202);
    },
  );

  it('keeps no usable secret in the database: the record holds a value sealed for it only', async () => {
    const i = await start({ SECRETS_KEY: KEY_A });
    const connector = await createConnector(i.t, i.admin);
    const row = await stored(i, connector.id);
    expect(row.secret.startsWith(`v1:${boxOf(KEY_A).currentKeyId}:`)).toBe(true);
    expect(row.secret).not.toContain(connector.secret);
    expect(row.secret).not.toContain(connector.secret.slice('whsec_'.length, 20));
    await i.stop();
    if (testEngine() === 'neo4j') {
      return; // The server's files are not the test's to read.
    }
    // Nothing else in the file holds it either (the connector's node, the command log...).
    const bytes = fs.readFileSync(path.join(dataDir, 'ontology.db'));
    const wal = path.join(dataDir, 'ontology.db-wal');
    const everything = Buffer.concat([
      bytes,
      fs.existsSync(wal) ? fs.readFileSync(wal) : Buffer.alloc(0),
    ]);
    expect(everything.includes(Buffer.from(connector.secret))).toBe(false);
    expect(everything.includes(Buffer.from(connector.secret.slice('whsec_'.length)))).toBe(false);
  });

  it('fails closed on a damaged ciphertext: 401 secret_unavailable, recorded rejected; a rotation repairs it', async () => {
    const i = await start({ SECRETS_KEY: KEY_A });
    const connector = await createConnector(i.t, i.admin);
    const sealed = (await stored(i, connector.id)).secret;
    await writeConnectorSecret(
      i.config,
      i.t.workspaceId,
      connector.id,
      `${sealed.slice(0, -3)}${sealed.at(-3) === 'A' ? 'B' : 'A'}${sealed.slice(-2)}`,
    );

    const refused = await send(i, connector, connector.secret);
    expect(expectError(refused, 401, 'INVALID_SIGNATURE').details).toEqual({
      check: 'secret_unavailable',
      scheme: 'x-webhook',
    });
    expect(refused.body.error.message).toMatch(/secret is unavailable/);
    const events = await listEvents(i.t, i.admin, connector.id);
    expect(events.items).toEqual([
      expect.objectContaining({
        status: 'rejected',
        failureReason: expect.stringMatching(/signing secret is unavailable/),
      }),
    ]);
    // Managing the connector still works; a rotation gives it a secret that verifies.
    expectData(await request(i.t.app).get(`/api/connectors/${connector.id}`).set(i.admin), 200);
    const rotated = expectData(
      await request(i.t.app)
        .post(`/api/connectors/${connector.id}/rotate-secret`)
        .set(i.admin)
        .send({ gracePeriodSeconds: 3600 }),
      200,
    ) as CreatedConnector;
    // The damaged secret is not kept for a grace period.
    expect(rotated.previousSecretExpiresAt).toBeNull();
    expect((await send(i, connector, rotated.secret)).status).toBe(202);
  });

  itOn(['sqlite'], WHOLE_STORE)(
    'rotates the key: A; then B with A as previous and `secrets rotate`; then B alone',
    async () => {
      const a = await start({ SECRETS_KEY: KEY_A });
      const connector = await createConnector(a.t, a.admin);
      const rotated = expectData(
        await request(a.t.app).post(`/api/connectors/${connector.id}/rotate-secret`).set(a.admin),
        200,
      ) as CreatedConnector;
      const secrets = { current: rotated.secret, previous: connector.secret };
      expect((await send(a, connector, secrets.current)).status).toBe(202);
      await a.stop();

      // Step 1: the new key current, the old one previous: everything still verifies.
      const ba = await start({ SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: KEY_A });
      expect((await send(ba, connector, secrets.current)).status).toBe(202);
      expect((await send(ba, connector, secrets.previous)).status).toBe(202);
      // Step 2: re-encrypt.
      const run = await cli(ba.container, 'secrets', 'rotate', '--json');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({
        currentKeyId: boxOf(KEY_B).currentKeyId,
        previousKeyIds: [boxOf(KEY_A).currentKeyId],
        examined: 1,
        resealed: 1,
        unreadable: [],
        complete: true,
      });
      const row = await stored(ba, connector.id);
      for (const value of [row.secret, row.previousSecret]) {
        expect(value?.startsWith(`v1:${boxOf(KEY_B).currentKeyId}:`)).toBe(true);
      }
      // Run again: nothing left to do.
      const again = await cli(ba.container, 'secrets', 'rotate');
      expect(again.stdout).toContain('Every stored secret is sealed under the current key');
      expect(again.stdout).toMatch(/records rewritten: +0/);
      await ba.stop();

      // Step 3: the old key removed: everything still verifies.
      const b = await start({ SECRETS_KEY: KEY_B });
      expect((await send(b, connector, secrets.current)).status).toBe(202);
      expect((await send(b, connector, secrets.previous)).status).toBe(202);
      await b.stop();

      // Had the old key alone been kept, nothing would verify (and nothing would crash).
      const old = await start({ SECRETS_KEY: KEY_A });
      const refused = await send(old, connector, secrets.current);
      expect(expectError(refused, 401, 'INVALID_SIGNATURE').details?.check).toBe(
        'secret_unavailable',
      );
    },
  );

  itOn(['sqlite'], WHOLE_STORE)(
    'lists what no configured key opens, and keeps the previous keys until then',
    async () => {
      const a = await start({ SECRETS_KEY: KEY_A });
      const connector = await createConnector(a.t, a.admin);
      await a.stop();
      const b = await start({ SECRETS_KEY: KEY_B });
      const run = await cli(b.container, 'secrets', 'rotate');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('cannot be decrypted with the configured keys');
      expect(run.stdout).toContain(
        `webhook-connector ${credentials?.workspaceId}/${connector.id} secret (sealed under key ` +
          `${boxOf(KEY_A).currentKeyId}, which is not configured)`,
      );
      expect(run.stdout).not.toContain('the previous keys are no longer needed');
    },
  );

  it('reads plaintext stored before encryption and seals it in place with the re-encryption pass', async () => {
    const i = await start({ SECRETS_KEY: KEY_A });
    const connector = await createConnector(i.t, i.admin);
    await writeConnectorSecret(i.config, i.t.workspaceId, connector.id, connector.secret);
    expect((await send(i, connector, connector.secret)).status).toBe(202);
    const report = await i.container.deps.secrets.resealer.run();
    expect(report).toMatchObject({ complete: true });
    if (testEngine() === 'sqlite') {
      expect(report).toMatchObject({ resealed: 1, unreadable: [] });
    } else {
      // The pass covers the whole Neo4j, which the run shares: this connector at least.
      expect(report.resealed).toBeGreaterThanOrEqual(1);
    }
    const row = await stored(i, connector.id);
    expect(row.secret.startsWith(`v1:${boxOf(KEY_A).currentKeyId}:`)).toBe(true);
    await i.stop();
    const restarted = await start({ SECRETS_KEY: KEY_A });
    expect((await send(restarted, connector, connector.secret)).status).toBe(202);
  });

  it('exports no secret: connectors are not part of a workspace export', async () => {
    const i = await start({ SECRETS_KEY: KEY_A });
    const connector = await createConnector(i.t, i.admin);
    expect((await send(i, connector, connector.secret)).status).toBe(202);
    const exported = await cli(
      i.container,
      'export',
      '--workspace',
      credentials?.workspaceId ?? '',
    );
    expect(exported.code).toBe(0);
    // The connector's node is exported (it is graph data), its secrets are not.
    expect(exported.stdout).toContain(connector.id);
    expect(exported.stdout).not.toContain(connector.secret);
    expect(exported.stdout).not.toContain((await stored(i, connector.id)).secret);
    expect(exported.stdout).not.toMatch(/"v1:/);
  });
});
