import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteChangeLogStore } from '../../../src/adapters/sqlite/change-log';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { MIGRATIONS } from '../../../src/adapters/sqlite/migrations/index';
import { changeLogContract, event, FIRST_PAGE } from './change-log.contract';

changeLogContract('sqlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'change-log-'));
  const db = openDatabase({ filename: path.join(dir, 'ontology.db') });
  const graph = new SqliteGraphStore(db);
  return Promise.resolve({
    graph,
    changeLog: new SqliteChangeLogStore(db),
    cleanup: async () => {
      await graph.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
});

/**
 * SQLite stores a transaction's events in rows of up to a thousand (change-log.ts), and
 * migration 19 turned the events stored one per row before into blocks of one.
 */
describe('ChangeLog on SQLite: events stored in blocks', () => {
  const dirs: string[] = [];
  const filename = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'change-blocks-'));
    dirs.push(dir);
    return path.join(dir, 'ontology.db');
  };
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('stores an append in rows of one time, at most 1,000 events each', async () => {
    const db = openDatabase({ filename: filename() });
    const graph = new SqliteGraphStore(db);
    const ws = randomUUID();
    const at = new Date().toISOString();
    const later = new Date(Date.now() + 1000).toISOString();
    const events = [
      ...Array.from({ length: 2500 }, (_, i) => event(`n${i}`, { occurredAt: at })),
      ...Array.from({ length: 3 }, (_, i) => event(`m${i}`, { occurredAt: later })),
    ];
    expect(await graph.transaction(ws, (uow) => uow.changes.append(events))).toBe(2503);
    const rows = db.reader
      .prepare('SELECT seq, count FROM change_event_blocks WHERE workspace_id = ? ORDER BY seq')
      .all(ws);
    expect(rows).toEqual([
      { seq: 1000, count: 1000 },
      { seq: 2000, count: 1000 },
      { seq: 2500, count: 500 },
      { seq: 2503, count: 3 },
    ]);
    await graph.close();
    db.close();
  });

  it('reads the events an earlier version stored one per row, then blocks after them', async () => {
    const file = filename();
    const ws = randomUUID();
    const at = '2000-01-01T00:00:00.000Z';
    const before = openDatabase({
      filename: file,
      migrations: MIGRATIONS.filter((m) => m.version <= 18),
    });
    const insert = before.writer.prepare(
      `INSERT INTO change_events (workspace_id, seq, id, type, occurred_at, subject_type,
         subject_type_before, subject_id, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const body = (name: string) =>
      JSON.stringify({
        actor: { kind: 'system', id: null },
        cause: { commandId: 'cmd_1' },
        data: { before: null, after: { id: name, name: 'ü "quoted" 🚀' } },
      });
    insert.run(ws, 1, 'evt_old1', 'node.created', at, 'Pump', null, 'old1', body('old1'));
    insert.run(ws, 2, 'evt_old2', 'node.updated', at, 'Pump', 'Valve', 'old2', body('old2'));
    before.writer
      .prepare('INSERT INTO change_log_heads (workspace_id, head) VALUES (?, 2)')
      .run(ws);
    before.close();

    const db = openDatabase({ filename: file });
    const graph = new SqliteGraphStore(db);
    const changeLog = new SqliteChangeLogStore(db);
    expect(
      await graph.transaction(ws, (uow) => uow.changes.append([event('new1', { occurredAt: at })])),
    ).toBe(3);
    const page = await changeLog.read(ws, FIRST_PAGE);
    expect(page.events.map((e) => [e.seq, e.id, e.subjectId])).toEqual([
      [1, 'evt_old1', 'old1'],
      [2, 'evt_old2', 'old2'],
      [3, page.events[2]?.id, 'new1'],
    ]);
    expect(page.events[0]).toEqual({
      workspaceId: ws,
      seq: 1,
      id: 'evt_old1',
      type: 'node.created',
      occurredAt: at,
      actor: { kind: 'system', id: null },
      cause: { commandId: 'cmd_1' },
      subjectType: 'Pump',
      subjectId: 'old1',
      data: { before: null, after: { id: 'old1', name: 'ü "quoted" 🚀' } },
    });
    expect(page.events[1]).toMatchObject({ subjectTypeBefore: 'Valve', type: 'node.updated' });
    const valves = await changeLog.read(ws, { ...FIRST_PAGE, filter: { subjectType: 'Valve' } });
    expect(valves.events.map((e) => e.subjectId)).toEqual(['old2']);
    expect(
      db.reader.prepare(`SELECT name FROM sqlite_master WHERE name = 'change_events'`).all(),
    ).toEqual([]);
    await graph.close();
    db.close();
  });
});
