import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteConnectorStore } from '../../src/adapters/sqlite/connector-store';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../src/adapters/sqlite/graph-store';
import type { NewDelivery } from '../../src/ports/connector-store';
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
    store: new SqliteConnectorStore(db),
    graph: new SqliteGraphStore(db),
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
    const store = new SqliteConnectorStore(db);
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
    const store = new SqliteConnectorStore(db);
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
    const store = new SqliteConnectorStore(db);
    const connector = makeConnector('7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d');
    await store.createConnector(connector);
    const delivery = makeDelivery(connector);
    const other = tempDatabase();
    try {
      const otherGraph = new SqliteGraphStore(other.db);
      const otherStore = new SqliteConnectorStore(other.db);
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

  it('deletes a history longer than one chunk', async () => {
    const store = new SqliteConnectorStore(db);
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
