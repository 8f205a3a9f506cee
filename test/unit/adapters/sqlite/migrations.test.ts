import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { applyMigrations, openDatabase } from '../../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../../src/adapters/sqlite/graph-store';
import { MIGRATIONS, type Migration } from '../../../../src/adapters/sqlite/migrations/index';

function table(version: number, name: string): Migration {
  return { version, name, up: (db) => db.exec(`CREATE TABLE ${name} (id INTEGER)`) };
}

describe('applyMigrations', () => {
  it('applies pending migrations once, in version order', () => {
    const db = new BetterSqlite3(':memory:');
    expect(applyMigrations(db, [table(2, 'b'), table(1, 'a')])).toEqual([1, 2]);
    expect(applyMigrations(db, [table(1, 'a'), table(2, 'b')])).toEqual([]);
    db.close();
  });

  it('applies a lower-numbered migration that arrived after a higher one was applied', () => {
    const db = new BetterSqlite3(':memory:');
    applyMigrations(db, [table(1, 'a'), table(3, 'c')]);
    expect(applyMigrations(db, [table(1, 'a'), table(2, 'b'), table(3, 'c')])).toEqual([2]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toEqual({
      name: 'b',
    });
    db.close();
  });

  it('rolls a failing migration back whole and records nothing for it', () => {
    const db = new BetterSqlite3(':memory:');
    const broken: Migration = {
      version: 1,
      name: 'broken',
      up: (d) => d.exec('CREATE TABLE half (id INTEGER); CREATE TABLE half (id INTEGER);'),
    };
    expect(() => applyMigrations(db, [broken])).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: 0 });
    db.close();
  });

  it('012 fills the type counts from the records already stored', () => {
    const db = new BetterSqlite3(':memory:');
    applyMigrations(
      db,
      MIGRATIONS.filter((m) => m.version < 12),
    );
    const T = '2026-01-01T00:00:00.000Z';
    const node = db.prepare(
      `INSERT INTO graph_nodes VALUES (?, ?, ?, 'n', '{}', 1, '${T}', '${T}')`,
    );
    const edge = db.prepare(
      `INSERT INTO graph_edges VALUES (?, ?, ?, ?, ?, '{}', 1, '${T}', '${T}')`,
    );
    node.run('w1', 'a', 'Pump');
    node.run('w1', 'b', 'Pump');
    node.run('w1', 'c', 'Tank');
    node.run('w2', 'a', 'Pump');
    edge.run('w1', 'e1', 'FEEDS', 'a', 'c');
    edge.run('w1', 'e2', 'FEEDS', 'b', 'c');
    edge.run('w2', 'e1', 'LINKS', 'a', 'a');
    edge.run('w1', 'e3', 'FEEDS', 'c', 'c');
    expect(
      applyMigrations(
        db,
        MIGRATIONS.filter((m) => m.version <= 12),
      ),
    ).toEqual([12]);
    expect(
      db
        .prepare('SELECT workspace_id, kind, type, records FROM graph_type_counts ORDER BY 1, 2, 3')
        .raw()
        .all(),
    ).toEqual([
      ['w1', 'edge', 'FEEDS', 3],
      ['w1', 'loop', 'FEEDS', 1],
      ['w1', 'node', 'Pump', 2],
      ['w1', 'node', 'Tank', 1],
      ['w2', 'edge', 'LINKS', 1],
      ['w2', 'loop', 'LINKS', 1],
      ['w2', 'node', 'Pump', 1],
    ]);
    db.close();
  });

  it('013 fills the outbox counts from the entries already there', () => {
    const db = new BetterSqlite3(':memory:');
    applyMigrations(
      db,
      MIGRATIONS.filter((m) => m.version < 13),
    );
    const entry = db.prepare(
      `INSERT INTO search_outbox (workspace_id, node_id, enqueued_at) VALUES (?, ?, '2026-01-01')`,
    );
    entry.run('w1', 'a');
    entry.run('w1', 'b');
    entry.run('w2', 'a');
    expect(
      applyMigrations(
        db,
        MIGRATIONS.filter((m) => m.version <= 13),
      ),
    ).toEqual([13]);
    expect(
      db.prepare('SELECT workspace_id, entries FROM search_outbox_counts ORDER BY 1').raw().all(),
    ).toEqual([
      ['w1', 2],
      ['w2', 1],
    ]);
    db.close();
  });

  it('014 reads the imports recorded before it as validated, and takes only 0 or 1', () => {
    const db = new BetterSqlite3(':memory:');
    applyMigrations(
      db,
      MIGRATIONS.filter((m) => m.version < 14),
    );
    db.prepare(
      `INSERT INTO imports (workspace_id, id, actor_id, status, nodes, edges, unchanged, lines,
         errors, started_at) VALUES ('w1', 'i1', 'a', 'completed', 1, 0, 0, 2, '[]', '2026-01-01')`,
    ).run();
    expect(
      applyMigrations(
        db,
        MIGRATIONS.filter((m) => m.version <= 14),
      ),
    ).toEqual([14]);
    expect(db.prepare('SELECT validate_records FROM imports').pluck().get()).toBe(1);
    expect(() => db.prepare('UPDATE imports SET validate_records = 2').run()).toThrow(/CHECK/);
    db.close();
  });

  it('015 starts every workspace change counter at 0, and the graph writer raises it once per transaction', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-015-'));
    const filename = path.join(dir, 'graph.db');
    try {
      const old = new BetterSqlite3(filename);
      applyMigrations(
        old,
        MIGRATIONS.filter((m) => m.version < 15),
      );
      old
        .prepare(`INSERT INTO graph_counts (workspace_id, nodes, edges) VALUES ('w1', 3, 2)`)
        .run();
      expect(
        applyMigrations(
          old,
          MIGRATIONS.filter((m) => m.version <= 15),
        ),
      ).toEqual([15]);
      expect(old.prepare('SELECT changes FROM graph_counts').pluck().get()).toBe(0);
      old.close();
      const database = openDatabase({ filename });
      const store = new SqliteGraphStore(database);
      const changes = () =>
        database.writer
          .prepare(`SELECT changes FROM graph_counts WHERE workspace_id = 'w2'`)
          .pluck()
          .get();
      const node = (id: string) => ({
        id,
        entityType: 'Pump',
        name: id,
        properties: {},
        version: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
      await store.transaction('w2', async ({ graph }) => {
        await graph.insertNode(node('a'));
        await graph.insertNode(node('b'));
      });
      expect(changes()).toBe(1);
      // A replaced node changes the graph without changing its counts.
      await store.transaction('w2', async ({ graph }) => {
        await graph.replaceNode({ ...node('a'), name: 'A', version: 2 }, 1);
      });
      expect(changes()).toBe(2);
      // A transaction that writes nothing of the graph is no change.
      await store.transaction('w2', async ({ graph }) => {
        await graph.getNode('a');
      });
      expect(changes()).toBe(2);
      await store.close();
      database.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('016 and 017 add the change log and webhook subscriptions to a store that has data', () => {
    const db = new BetterSqlite3(':memory:');
    applyMigrations(
      db,
      MIGRATIONS.filter((m) => m.version <= 15),
    );
    db.prepare(`INSERT INTO graph_counts (workspace_id, nodes, edges) VALUES ('w1', 1, 0)`).run();
    expect(
      applyMigrations(
        db,
        MIGRATIONS.filter((m) => m.version <= 17),
      ),
    ).toEqual([16, 17]);
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'change_events',
        'change_log_heads',
        'event_subscriptions',
        'event_delivery_attempts',
      ]),
    );
    // A workspace whose log has no event yet has no head: reads see head 0.
    expect(db.prepare('SELECT COUNT(*) FROM change_log_heads').pluck().get()).toBe(0);
    db.close();
  });
});
