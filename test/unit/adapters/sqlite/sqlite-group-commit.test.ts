import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type SqliteDatabase } from '../../../../src/adapters/sqlite/database';

describe('SqliteDatabase.transaction group commit', () => {
  let dir: string;
  let db: SqliteDatabase;
  let statements: string[];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
    db = openDatabase({ filename: path.join(dir, 'store.db'), migrations: [] });
    db.writer.exec(`
      CREATE TABLE item (id TEXT PRIMARY KEY, label TEXT NOT NULL);
      CREATE TABLE parent (id INTEGER PRIMARY KEY);
      CREATE TABLE child (
        id INTEGER PRIMARY KEY,
        parent_id INTEGER NOT NULL REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED
      );`);
    statements = [];
    const exec = db.writer.exec.bind(db.writer);
    jest.spyOn(db.writer, 'exec').mockImplementation((sql: string) => {
      statements.push(sql);
      return exec(sql);
    });
  });

  afterEach(() => {
    jest.restoreAllMocks();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const begins = () => statements.filter((sql) => sql === 'BEGIN IMMEDIATE').length;
  const commits = () => statements.filter((sql) => sql === 'COMMIT').length;
  const insert = (id: string, label = id) =>
    db.writer.prepare('INSERT INTO item (id, label) VALUES (?, ?)').run(id, label);
  const visible = () =>
    (db.reader.prepare('SELECT id FROM item ORDER BY id').all() as { id: string }[]).map(
      (row) => row.id,
    );

  it('commits concurrent transactions in one group, all visible to the reader afterwards', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `n${String(i).padStart(2, '0')}`);
    const results = await Promise.all(
      ids.map((id) =>
        db.transaction(async () => {
          await Promise.resolve();
          insert(id);
          return id.toUpperCase();
        }),
      ),
    );
    expect(results).toEqual(ids.map((id) => id.toUpperCase()));
    expect(visible()).toEqual(ids);
    expect(begins()).toBe(1);
    expect(commits()).toBe(1);
  });

  it('rolls a failing work back to its own savepoint without affecting the others', async () => {
    const failure = new Error('work failed');
    const outcomes = await Promise.allSettled([
      db.transaction(() => Promise.resolve(insert('a'))),
      db.transaction(async () => {
        insert('b');
        await Promise.resolve();
        insert('b2');
        throw failure;
      }),
      db.transaction(() => Promise.resolve(insert('c'))),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toEqual({ status: 'rejected', reason: failure });
    expect(visible()).toEqual(['a', 'c']);
    expect(begins()).toBe(1);
  });

  it('rolls back a lone failing transaction (no savepoint needed) and keeps working', async () => {
    const failure = new Error('alone');
    await expect(
      db.transaction(() => {
        insert('lone');
        return Promise.reject(failure);
      }),
    ).rejects.toBe(failure);
    expect(statements).not.toContain(`SAVEPOINT group_commit_member`);
    expect(db.writer.inTransaction).toBe(false);
    await db.transaction(() => Promise.resolve(insert('next')));
    expect(visible()).toEqual(['next']);
  });

  it('resolves each caller only after the shared COMMIT', async () => {
    const seen: { ids: string[]; open: boolean; commits: number }[] = [];
    await Promise.all(
      ['x', 'y', 'z'].map((id) =>
        db
          .transaction(() => Promise.resolve(insert(id)))
          .then(() => {
            seen.push({ ids: visible(), open: db.writer.inTransaction, commits: commits() });
          }),
      ),
    );
    expect(seen).toEqual(
      Array.from({ length: 3 }, () => ({ ids: ['x', 'y', 'z'], open: false, commits: 1 })),
    );
  });

  it('rejects every caller of the group when the COMMIT fails, and keeps working after', async () => {
    const outcomes = await Promise.allSettled([
      db.transaction(() => Promise.resolve(insert('a'))),
      // The deferred foreign key is only checked at COMMIT.
      db.transaction(() =>
        Promise.resolve(
          db.writer.prepare('INSERT INTO child (id, parent_id) VALUES (1, 99)').run(),
        ),
      ),
      db.transaction(() => Promise.resolve(insert('c'))),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const outcome of outcomes) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({
        code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
      });
    }
    expect(db.writer.inTransaction).toBe(false);
    expect(visible()).toEqual([]);
    expect(db.reader.prepare('SELECT COUNT(*) AS n FROM child').get()).toEqual({ n: 0 });

    await db.transaction(() => Promise.resolve(insert('after')));
    expect(visible()).toEqual(['after']);
  });

  it('keeps exclusive writes in arrival order and never inside an open group', async () => {
    const order: string[] = [];
    const tx = (id: string) =>
      db.transaction(async () => {
        order.push(id);
        await new Promise((resolve) => setImmediate(resolve));
        insert(id);
      });
    const ex = (id: string) =>
      db.exclusive(() => {
        order.push(`${id}:${db.writer.inTransaction ? 'in-tx' : 'autocommit'}`);
        insert(id);
      });
    await Promise.all([tx('t1'), tx('t2'), ex('e1'), tx('t3'), ex('e2'), ex('e3'), tx('t4')]);
    expect(order).toEqual([
      't1',
      't2',
      'e1:autocommit',
      't3',
      'e2:autocommit',
      'e3:autocommit',
      't4',
    ]);
    // An exclusive call closes the group being collected: t1+t2, t3, t4.
    expect(begins()).toBe(3);
    expect(visible()).toEqual(['e1', 'e2', 'e3', 't1', 't2', 't3', 't4']);
  });

  it('makes an exclusive call issued while a group runs wait for its COMMIT', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = db.transaction(async () => {
      insert('t1');
      started();
      await gate;
    });
    await running;
    const during = db.exclusive(() => ({
      open: db.writer.inTransaction,
      ids: visible(),
    }));
    release();
    await first;
    expect(await during).toEqual({ open: false, ids: ['t1'] });
  });

  it('collects transactions arriving while a group runs into the next group', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = db.transaction(async () => {
      started();
      await gate;
      insert('first');
    });
    await running;
    const later = ['l1', 'l2', 'l3', 'l4'].map((id) =>
      db.transaction(() => Promise.resolve(insert(id))),
    );
    release();
    await Promise.all([first, ...later]);
    expect(begins()).toBe(2);
    expect(visible()).toEqual(['first', 'l1', 'l2', 'l3', 'l4']);
  });

  it('bounds a group at 64 transactions', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `n${String(i).padStart(3, '0')}`);
    await Promise.all(ids.map((id) => db.transaction(() => Promise.resolve(insert(id)))));
    expect(begins()).toBe(2);
    expect(commits()).toBe(2);
    expect(visible()).toEqual(ids);
  });

  it('rejects a nested transaction() or exclusive() call instead of deadlocking', async () => {
    const inner: PromiseSettledResult<unknown>[] = [];
    await db.transaction(async () => {
      insert('outer');
      inner.push(
        ...(await Promise.allSettled([db.transaction(() => Promise.resolve(insert('inner')))])),
      );
      inner.push(...(await Promise.allSettled([db.exclusive(() => insert('excl'))])));
    });
    expect(inner.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(String((inner[0] as PromiseRejectedResult).reason)).toMatch(
      /inside a transaction\(\) work/,
    );
    expect(visible()).toEqual(['outer']);
  });

  it('rejects the members already run when the shared transaction is lost, and runs the rest', async () => {
    const outcomes = await Promise.allSettled([
      db.transaction(() => Promise.resolve(insert('a'))),
      db.transaction(() => {
        insert('b');
        db.writer.exec('ROLLBACK'); // forbidden in a work; the group must survive it
        return Promise.reject(new Error('aborted'));
      }),
      db.transaction(() => Promise.resolve(insert('c'))),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/aborted/);
    expect(visible()).toEqual(['c']);
    expect(db.writer.inTransaction).toBe(false);
  });
});
