import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { readConnectorSecrets, writeConnectorSecret } from '../../support/raw-store';
import { serviceWorkspace, ServiceProcess } from '../../support/service-process';
import { testConfig } from '../../support/test-app';
import { itOn } from '../../support/test-engine';

/** With NEO4J_URI, SECRETS_KEY is required: no key file is generated or read in DATA_DIR. */
const KEY_FILE = "the key file in DATA_DIR is the embedded store's; Neo4j requires SECRETS_KEY";

/**
 * Secrets at rest as an operator meets them (`node --import tsx src/main.ts`): the first
 * start without SECRETS_KEY says once where it generated the key, the start-up pass seals
 * plaintext secrets stored before encryption, and a key file or configuration the service
 * cannot use stops the start with one line.
 */
describe('secrets at rest at start-up (real process)', () => {
  let scratch: string;
  let service: ServiceProcess | undefined;

  const start = (env: Record<string, string>) => {
    service = new ServiceProcess({ HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env });
    return service;
  };
  const stop = async () => {
    service?.kill('SIGKILL');
    await service?.exited;
    service = undefined;
  };

  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-secrets-start-'));
  });
  afterEach(async () => {
    await stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  itOn(['sqlite'], KEY_FILE)(
    'generates the key once, says so once, and seals plaintext secrets at the next start',
    async () => {
      const dataDir = path.join(scratch, 'data');
      const keyFile = path.join(dataDir, 'secrets.key');
      const first = start({ DATA_DIR: dataDir });
      await first.port();
      const key = fs.readFileSync(keyFile, 'utf8').trim();
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      // The banner and one warning say where the key is; the key itself is never printed.
      expect(first.stdout).toContain(`secrets key:  generated in ${keyFile}`);
      const generated = first.logs().filter((l) => l.msg.startsWith('generated a secrets key'));
      expect(generated).toEqual([expect.objectContaining({ level: 40, path: keyFile })]);
      expect(first.stdout + first.stderr).not.toContain(key);
      await stop();

      // A connector whose secret was stored before encryption (as an older version did).
      const db = new Database(path.join(dataDir, 'ontology.db'));
      db.prepare(
        `INSERT INTO webhook_connectors (workspace_id, id, type, name, entity_type, endpoint_id,
         secret, previous_secret, created_at, updated_at)
       VALUES ('7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11', 'con_legacy', 'Webhook', 'legacy',
         'WebhookEvent', 'ep_legacy', 'whsec_bGVnYWN5LXBsYWludGV4dC1zZWNyZXQ=', NULL,
         '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      ).run();
      db.close();

      const second = start({ DATA_DIR: dataDir });
      await second.waitForLog((l) => l.msg === 'stored secrets re-encrypted under the current key');
      expect(second.logs().find((l) => l.msg.startsWith('stored secrets'))).toMatchObject({
        resealed: 1,
      });
      expect(second.stdout).not.toContain('secrets key:');
      expect(second.logs().filter((l) => l.msg.startsWith('generated a secrets key'))).toEqual([]);
      const check = new Database(path.join(dataDir, 'ontology.db'), { readonly: true });
      const row = check
        .prepare(`SELECT secret FROM webhook_connectors WHERE id = 'con_legacy'`)
        .get() as { secret: string };
      check.close();
      expect(row.secret).toMatch(/^v1:[A-Za-z0-9_-]{8}:/);
      expect(row.secret).not.toContain('bGVnYWN5');
    },
    60_000,
  );

  itOn(['neo4j'], 'the test above seals them on the embedded store')(
    'seals plaintext secrets stored before encryption at the next start',
    async () => {
      const workspace = await serviceWorkspace();
      try {
        const dataDir = path.join(scratch, 'data');
        const first = start({ DATA_DIR: dataDir, ...workspace.env });
        const created = await fetch(`http://127.0.0.1:${await first.port()}/api/connectors`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${workspace.apiKey}`,
            'x-workspace-id': workspace.workspaceId,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ type: 'Webhook', name: 'legacy' }),
        });
        expect(created.status).toBe(201);
        const connector = ((await created.json()) as { data: { id: string; secret: string } }).data;
        await stop();

        // Its secret as an older version stored it: plaintext.
        const config = testConfig({ DATA_DIR: dataDir });
        await writeConnectorSecret(config, workspace.workspaceId, connector.id, connector.secret);

        const second = start({ DATA_DIR: dataDir, ...workspace.env });
        const sealed = await second.waitForLog(
          (l) => l.msg === 'stored secrets re-encrypted under the current key',
        );
        // The pass covers the whole Neo4j, which the run shares: this connector at least.
        expect(sealed.resealed).toBeGreaterThanOrEqual(1);
        const stored = await readConnectorSecrets(config, workspace.workspaceId, connector.id);
        expect(stored.secret).toMatch(/^v1:[A-Za-z0-9_-]{8}:/);
        expect(stored.secret).not.toContain(connector.secret.slice('whsec_'.length));
      } finally {
        await workspace.remove();
      }
    },
    60_000,
  );

  itOn(['sqlite'], KEY_FILE)(
    'a key file without a key: one line naming DATA_DIR and the file; exit 1',
    async () => {
      const dataDir = path.join(scratch, 'data');
      fs.mkdirSync(dataDir);
      fs.writeFileSync(path.join(dataDir, 'secrets.key'), 'not-a-key\n', { mode: 0o600 });
      const svc = start({ DATA_DIR: dataDir });
      expect(await svc.exited).toEqual({ code: 1, signal: null });
      expect(svc.stderr).toMatch(
        new RegExp(`^DATA_DIR=${dataDir}: secrets\\.key: does not hold a key .*\\n$`),
      );
      expect(svc.stdout).toBe('');
    },
    30_000,
  );

  it('NEO4J_URI without SECRETS_KEY: a configuration error naming SECRETS_KEY; exit 1', async () => {
    const svc = start({
      DATA_DIR: path.join(scratch, 'data'),
      NEO4J_URI: 'bolt://127.0.0.1:7687',
      NEO4J_PASSWORD: 'irrelevant-password',
    });
    expect(await svc.exited).toEqual({ code: 1, signal: null });
    expect(svc.stderr).toContain('SECRETS_KEY: required when NEO4J_URI is set');
    expect(fs.existsSync(path.join(scratch, 'data', 'secrets.key'))).toBe(false);
  }, 30_000);
});
