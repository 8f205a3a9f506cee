import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteConnectorStore } from '../../../src/adapters/sqlite/connector-store';
import { openDatabase, type SqliteDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import type { NewDelivery } from '../../../src/ports/connector-store';
import { boxOf, KEY_A, KEY_B } from '../../support/secrets';
import { connectorSecretsContract, type StoredSecrets } from './connector-secrets.contract';
import { connectorStoreContract, makeConnector, makeDelivery } from './connector-store.contract';

function tempDatabase(): { db: SqliteDatabase; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connector-store-'));
  const db = openDatabase({ filename: path.join(dir, 'connectors.db') });
  return {
    db,
    remove: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

connectorStoreContract('sqlite', () => {
  const { db, remove } = tempDatabase();
  return Promise.resolve({
    store: new SqliteConnectorStore(db, boxOf(KEY_A)),
    graph: new SqliteGraphStore(db),
    cleanup: () => Promise.resolve(remove()),
  });
});

connectorSecretsContract('sqlite', () => {
  const { db, remove } = tempDatabase();
  return Promise.resolve({
    storeWith: (box) => new SqliteConnectorStore(db, box),
    // The row as any reader of the file sees it.
    readStored: (ref) => {
      const row = db.reader
        .prepare<[string, string], { secret: string; previous_secret: string | null }>(
          'SELECT secret, previous_secret FROM webhook_connectors WHERE workspace_id = ? AND id = ?',
        )
        .get(ref.workspaceId, ref.id);
      if (!row) {
        throw new Error(`no row for connector ${ref.id}`);
      }
      return Promise.resolve({ secret: row.secret, previousSecret: row.previous_secret });
    },
    writeStored: (ref, secrets: StoredSecrets) => {
      db.writer
        .prepare(
          `UPDATE webhook_connectors SET secret = ?, previous_secret = ?
           WHERE workspace_id = ? AND id = ?`,
        )
        .run(secrets.secret, secrets.previousSecret, ref.workspaceId, ref.id);
      return Promise.resolve();
    },
    cleanup: () => Promise.resolve(remove()),
  });
});

describe('SqliteConnectorStore specifics', () => {
  let db: SqliteDatabase;
  let remove: () => void;
  let graph: SqliteGraphStore;
  beforeAll(() => {
    ({ db, remove } = tempDatabase());
    graph = new SqliteGraphStore(db);
  });
  afterAll(() => remove());

  /** Claims `delivery` through `store` in a graph transaction of this database. */
  const claim = (store: SqliteConnectorStore, delivery: NewDelivery) =>
    graph.transaction(delivery.workspaceId, (uow) => store.claimDeliveryIn(uow, delivery));

  it('enforces replay protection in the schema too, whatever writes the rows', async () => {
    const store = new SqliteConnectorStore(db, boxOf(KEY_A));
    const connector = makeConnector('6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34');
    await store.createConnector(connector);
    const first = makeDelivery(connector);
    await claim(store, first);
    const copy = db.writer.prepare(
      `INSERT INTO webhook_events (workspace_id, id, connector_id, status, delivery_id,
         received_at, updated_at, attempts, payload_bytes)
       VALUES (?, 'evt_copy', ?, 'processed', ?, 't', 't', 1, 0)`,
    );
    expect(() => copy.run(connector.workspaceId, connector.id, first.deliveryId)).toThrow(
      /UNIQUE constraint failed/,
    );
  });

  it('commits event writes in group commits, sharing one commit with concurrent transactions', async () => {
    const store = new SqliteConnectorStore(db, boxOf(KEY_A));
    const connector = makeConnector('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f');
    await store.createConnector(connector);
    const statements: string[] = [];
    const original = db.writer.exec.bind(db.writer);
    db.writer.exec = (sql: string) => {
      statements.push(sql);
      return original(sql);
    };
    try {
      await Promise.all([
        claim(store, makeDelivery(connector)),
        claim(store, makeDelivery(connector)),
        db.transaction(() => Promise.resolve()),
      ]);
    } finally {
      db.writer.exec = original;
    }
    expect(statements.filter((sql) => sql === 'BEGIN IMMEDIATE')).toHaveLength(1);
    expect(statements.filter((sql) => sql === 'COMMIT')).toHaveLength(1);
    const page = await store.listEvents(
      connector.workspaceId,
      connector.id,
      {},
      { limit: 10, offset: 0 },
    );
    expect(page.items.map((e) => e.status)).toEqual(['received', 'received']);
  });

  it('refuses a unit of work of another database, writing nothing to either', async () => {
    const store = new SqliteConnectorStore(db, boxOf(KEY_A));
    const connector = makeConnector('7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d');
    await store.createConnector(connector);
    const delivery = makeDelivery(connector);
    const other = tempDatabase();
    try {
      const otherGraph = new SqliteGraphStore(other.db);
      const otherStore = new SqliteConnectorStore(other.db, boxOf(KEY_A));
      await otherStore.createConnector(connector);
      await expect(
        otherGraph.transaction(connector.workspaceId, (uow) =>
          store.claimDeliveryIn(uow, delivery),
        ),
      ).rejects.toThrow(/Not a unit of work/);
      await expect(
        otherGraph.transaction(connector.workspaceId, (uow) =>
          store.finishEventIn(uow, connector.workspaceId, delivery.id, {
            status: 'processed',
            nodeId: 'node-1',
            at: '2026-01-15T12:00:01.000Z',
          }),
        ),
      ).rejects.toThrow(/Not a unit of work/);
      expect(await store.getEvent(connector.workspaceId, connector.id, delivery.id)).toBeNull();
      expect(
        await otherStore.getEvent(connector.workspaceId, connector.id, delivery.id),
      ).toBeNull();
    } finally {
      other.remove();
    }
    expect((await claim(store, delivery)).status).toBe('claimed');
  });

  it('keeps a secret rotated while a re-encryption pass is between its read and its write', async () => {
    const { db, remove } = tempDatabase();
    const store = new SqliteConnectorStore(db, boxOf(KEY_B, KEY_A));
    const connector = makeConnector('3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b');
    const untouched = makeConnector('3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b');
    const storeA = new SqliteConnectorStore(db, boxOf(KEY_A));
    await storeA.createConnector(connector);
    await storeA.createConnector(untouched);
    // The pass reads its candidates, then takes the writer: the rotation gets there first.
    const exclusive = db.exclusive.bind(db);
    let rotatedFirst = false;
    db.exclusive = <T>(work: () => T | Promise<T>) => {
      db.exclusive = exclusive;
      rotatedFirst = true;
      return store
        .rotateSecret(connector.workspaceId, connector.id, {
          secret: 'whsec_rotated_meanwhile',
          previousSecret: null,
          previousSecretExpiresAt: null,
          rotatedAt: connector.createdAt,
        })
        .then(() => exclusive(work));
    };
    try {
      const chunk = await store.resealSecrets(null, 100);
      expect(rotatedFirst).toBe(true);
      expect(chunk).toMatchObject({ examined: 2, resealed: 1, next: null });
      expect((await store.getConnector(connector.workspaceId, connector.id))?.secret).toBe(
        'whsec_rotated_meanwhile',
      );
      expect((await store.getConnector(untouched.workspaceId, untouched.id))?.secret).toBe(
        untouched.secret,
      );
    } finally {
      remove();
    }
  });

  it('deletes a history longer than one chunk', async () => {
    const store = new SqliteConnectorStore(db, boxOf(KEY_A));
    const connector = makeConnector('0b6d1c0e-2f3a-4b5c-8d7e-9f0a1b2c3d4e');
    await store.createConnector(connector);
    const insert = db.writer.prepare(
      `INSERT INTO webhook_events (workspace_id, id, connector_id, status, received_at,
         updated_at, attempts, payload_bytes) VALUES (?, ?, ?, 'rejected', 't', 't', 0, 0)`,
    );
    db.writer.transaction(() => {
      for (let i = 0; i < 2500; i += 1) {
        insert.run(connector.workspaceId, `evt_${i}`, connector.id);
      }
    })();
    expect(await store.deleteConnector(connector.workspaceId, connector.id)).toBe(true);
    const page = await store.listEvents(
      connector.workspaceId,
      connector.id,
      {},
      { limit: 1, offset: 0 },
    );
    expect(page.total).toBe(0);
  });

  it('reads the event list and the replay checks from indexes, without sorting', () => {
    const plan = (sql: string) =>
      (db.reader.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
        .map((r) => r.detail)
        .join(' / ');
    const sorted = (sql: string) => /TEMP B-TREE/.test(plan(sql));
    expect(
      plan(`SELECT payload FROM webhook_events WHERE workspace_id = 'w' AND connector_id = 'c'
        ORDER BY received_at DESC, id DESC LIMIT 10`),
    ).toMatch(/USING INDEX webhook_events_list/);
    expect(
      sorted(`SELECT payload FROM webhook_events WHERE workspace_id = 'w' AND connector_id = 'c'
        ORDER BY received_at DESC, id DESC LIMIT 10`),
    ).toBe(false);
    // The store's status filters: other statuses by their partial index, `processed` (the
    // bulk, not in that index) by the list index, both in order.
    const failed = `SELECT payload FROM webhook_events WHERE workspace_id = 'w'
      AND connector_id = 'c' AND status = 'failed' AND status <> 'processed'
      ORDER BY received_at DESC, id DESC LIMIT 10`;
    expect(plan(failed)).toMatch(/USING INDEX webhook_events_unprocessed/);
    expect(sorted(failed)).toBe(false);
    const processed = `SELECT payload FROM webhook_events WHERE workspace_id = 'w'
      AND connector_id = 'c' AND status = 'processed' ORDER BY received_at DESC, id DESC LIMIT 10`;
    expect(plan(processed)).toMatch(/USING INDEX webhook_events_list/);
    expect(sorted(processed)).toBe(false);
    expect(
      plan(`SELECT payload FROM webhook_events WHERE connector_id = 'c' AND delivery_id = 'd'
        AND status IN ('received', 'processed')`),
    ).toMatch(/USING INDEX webhook_events_live_delivery/);
    expect(
      plan(`SELECT payload FROM webhook_events WHERE connector_id = 'c' AND signature_key = 'k'
        AND status IN ('received', 'processed')`),
    ).toMatch(/USING INDEX webhook_events_live_signature/);
  });
});
