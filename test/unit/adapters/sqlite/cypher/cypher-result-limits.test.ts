import BetterSqlite3 from 'better-sqlite3';
import {
  renderRows,
  ResultTooLargeError,
} from '../../../../../src/adapters/sqlite/cypher/runtime/render';
import {
  MAX_RESULT_BYTES,
  runSqlQuery,
} from '../../../../../src/adapters/sqlite/cypher/runtime/run-query';
import type { CyType } from '../../../../../src/cypher/types';

const NODE: CyType = { kind: 'node' };

describe('renderRows: records in one answer', () => {
  const db = new BetterSqlite3(':memory:');
  afterAll(() => db.close());

  it('refuses more distinct nodes and relationships than maxRecords, before reading any', () => {
    const rows = [['a'], ['b'], ['c']];
    let thrown: unknown;
    try {
      renderRows(db, 'w', [NODE], rows, 2);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ResultTooLargeError);
    expect(thrown).toMatchObject({ limit: 'resultRecords', max: 2 });
    expect((thrown as Error).message).toMatch(/3 distinct nodes and relationships; at most 2/);
  });

  it('counts the records inside lists and paths, each once', () => {
    const listOfNodes: CyType = { kind: 'list', of: NODE };
    expect(() => renderRows(db, 'w', [listOfNodes], [['["a","b","a","c"]']], 2)).toThrow(
      ResultTooLargeError,
    );
    // Three distinct ids within a limit of 3: they are read (here from a store without
    // the graph tables, so the read itself fails: the limit did not stop it).
    expect(() => renderRows(db, 'w', [listOfNodes], [['["a","b","a","c"]']], 3)).toThrow(
      /no such table/,
    );
  });
});

describe('runSqlQuery: bytes in one answer', () => {
  const db = new BetterSqlite3(':memory:');
  afterAll(() => db.close());
  /** One row: a JSON list of the numbers 1..count, as collect() would give it. */
  const numbers = (count: number) => ({
    sql: `WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < ${count}) SELECT json_group_array(i) FROM r`,
    params: {},
    columns: [{ name: 'all', type: { kind: 'list', of: { kind: 'integer' } } as CyType }],
    counted: false,
  });

  it('refuses rows whose JSON passes the limit, one row being enough', () => {
    const answer = runSqlQuery(db, 'w', numbers(100), 10, { records: 10, bytes: 1000 });
    expect(answer.rows[0]?.[0]).toHaveLength(100);
    expect(() => runSqlQuery(db, 'w', numbers(300), 10, { records: 10, bytes: 1000 })).toThrow(
      expect.objectContaining({ limit: 'resultBytes', max: 1000 }),
    );
  });

  it('allows 16 MiB by default', () => {
    expect(MAX_RESULT_BYTES).toBe(16 * 1024 * 1024);
    let thrown: unknown;
    try {
      runSqlQuery(db, 'w', numbers(2_500_000), 10);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ResultTooLargeError);
    expect((thrown as Error).message).toMatch(/larger than 16 MiB of JSON/);
  });
});
