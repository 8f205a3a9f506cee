import { randomUUID } from 'node:crypto';
import type { SqliteDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteTimeSeriesStore } from '../../../src/adapters/sqlite/timeseries-store';
import { tempDatabase } from './temp-database';
import { T0, timeSeriesStoreContract } from './timeseries-store.contract';

timeSeriesStoreContract('sqlite', () => {
  const { db, remove } = tempDatabase();
  return Promise.resolve({
    store: new SqliteTimeSeriesStore(db),
    cleanup: () => Promise.resolve(remove()),
  });
});

describe('SqliteTimeSeriesStore specifics', () => {
  let sqlite: { db: SqliteDatabase; remove: () => void };
  let store: SqliteTimeSeriesStore;
  beforeAll(() => {
    sqlite = tempDatabase();
    store = new SqliteTimeSeriesStore(sqlite.db);
  });
  afterAll(() => sqlite.remove());

  it('lets the event loop run between chunks of a large write', async () => {
    const points = Array.from({ length: 10_000 }, (_, i) => ({
      timestamp: T0 + i,
      value: i,
      tags: null,
    }));
    let turns = 0;
    let writing = true;
    const spin = (): void => {
      if (writing) {
        turns += 1;
        setImmediate(spin);
      }
    };
    setImmediate(spin);
    await store.write(randomUUID(), [{ sourceId: randomUUID(), points }]);
    writing = false;
    // At least one turn per 1,000-row chunk: other requests are served meanwhile.
    expect(turns).toBeGreaterThanOrEqual(9);
  });

  it('writes all batches or nothing, even when the failure comes after several chunks', async () => {
    const ws = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    const good = Array.from({ length: 2500 }, (_, i) => ({
      timestamp: T0 + i,
      value: i,
      tags: null,
    }));
    // A fractional timestamp breaks the STRICT INTEGER column: a storage failure that comes
    // after 2,500 rows were written (validation upstream never lets one through).
    const bad = [{ timestamp: T0 + 0.5, value: 1, tags: null }];
    // Not `rejects.toThrow()`: better-sqlite3's native side keeps the SqliteError class of the
    // first test file a jest worker loaded, which is no Error of a later file's realm.
    const failure: unknown = await store
      .write(ws, [
        { sourceId: a, points: good },
        { sourceId: b, points: bad },
      ])
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect((failure as { message?: string } | null)?.message).toMatch(/INTEGER/);
    expect((await store.stats(ws, [a, b])).get(a)).toEqual({ pointCount: 0, lastPointAt: null });
    const raw = await store.raw(ws, [a], { from: 0, to: T0 + 10_000, limit: 10, order: 'asc' });
    expect(raw.get(a)?.points).toEqual([]);
  });

  it('scans one series by primary key, never a table', () => {
    const plan = (sql: string) =>
      (
        sqlite.db.reader.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(1, 0, 10, 5) as {
          detail: string;
        }[]
      )
        .map((r) => r.detail)
        .join(' / ');
    expect(
      plan(
        'SELECT ts, value FROM live_points WHERE series_id = ? AND ts >= ? AND ts < ? ORDER BY ts LIMIT ?',
      ),
    ).toMatch(/SEARCH live_points USING PRIMARY KEY \(series_id=\? AND ts>\? AND ts<\?\)/);
  });
});
