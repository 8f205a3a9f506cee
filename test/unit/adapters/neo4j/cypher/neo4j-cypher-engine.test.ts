import neo4j, {
  Neo4jError,
  Record as Neo4jRecord,
  type Driver,
  type ManagedTransaction,
} from 'neo4j-driver';
import pino from 'pino';
import { Neo4jClient } from '../../../../../src/adapters/neo4j/client';
import { Neo4jCypherEngine } from '../../../../../src/adapters/neo4j/cypher/index';
import { OutageGate } from '../../../../../src/adapters/neo4j/outage-gate';
import { toDateTime } from '../../../../../src/adapters/neo4j/values';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../../../src/cypher/index';
import { AppError } from '../../../../../src/errors';

/**
 * Neo4jCypherEngine without a server: a stand-in driver plays Neo4j's part (as in
 * neo4j-client.test.ts), answering with values built as the driver builds them, so what is
 * tested is what the engine asks for (parameters, the transaction's timeout) and how it
 * turns Neo4j's answer into the API's records and errors.
 */

const silent = pino({ level: 'silent' });
const WS = 'ws-1';
const CREATED = '2026-11-20T08:00:00.000Z';

interface Run {
  text: string;
  params: Record<string, unknown>;
}

function storedNode(
  elementId: string,
  id: string,
  entityType: string,
  extra: Record<string, unknown> = {},
) {
  return new neo4j.types.Node(
    neo4j.int(0),
    ['Entity', entityType],
    {
      id,
      workspaceId: WS,
      entityType,
      name: `${entityType} ${id}`,
      version: neo4j.int(2),
      createdAt: toDateTime(CREATED),
      updatedAt: toDateTime(CREATED),
      ...extra,
    },
    elementId,
  );
}

function storedRelationship(elementId: string, id: string, from: string, to: string) {
  return new neo4j.types.Relationship(
    neo4j.int(0),
    neo4j.int(0),
    neo4j.int(0),
    'FEEDS',
    {
      id,
      workspaceId: WS,
      version: neo4j.int(1),
      createdAt: toDateTime(CREATED),
      updatedAt: toDateTime(CREATED),
      flow: 2.5,
    },
    elementId,
    from,
    to,
  );
}

/** A Neo4jClient over a stand-in driver (no schema to apply, a silent log). */
const clientOf = (driver: Driver): Neo4jClient =>
  new Neo4jClient(driver, undefined, new OutageGate(1000, silent), silent, () => []);

/**
 * A driver whose read transactions answer `rows` (as columns c0, c1, ...) or fail: before
 * the work (`fail`) or in the statement (`failRun`). A transient error in the work is
 * retried, as the driver retries it.
 */
function fakeDriver(answer: {
  rows?: unknown[][];
  fail?: Error;
  failRun?: Error;
  ids?: [string, string][];
}) {
  const runs: Run[] = [];
  const configs: unknown[] = [];
  const tx = {
    run: (text: string, params: Record<string, unknown>) => {
      runs.push({ text, params });
      if (answer.failRun) {
        return Promise.reject(answer.failRun);
      }
      if (text.includes('UNWIND $elementIds')) {
        const ids = (answer.ids ?? []).filter(([e]) => (params.elementIds as string[]).includes(e));
        return Promise.resolve({
          records: ids.map(([e, id]) => new Neo4jRecord(['elementId', 'id'], [e, id])),
        });
      }
      const rows = answer.rows ?? [];
      return Promise.resolve({
        records: rows.map(
          (row) =>
            new Neo4jRecord(
              row.map((_, i) => `c${i}`),
              row,
            ),
        ),
      });
    },
  } as unknown as ManagedTransaction;
  const driver = {
    session: () => ({
      executeRead: async <T>(work: (t: ManagedTransaction) => Promise<T>, config?: unknown) => {
        configs.push(config);
        if (answer.fail) {
          throw answer.fail;
        }
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await work(tx);
          } catch (error) {
            const transient =
              error instanceof Neo4jError && error.code.startsWith('Neo.TransientError.');
            if (!transient || attempt === 3) {
              throw error;
            }
          }
        }
      },
      close: () => Promise.resolve(),
    }),
    close: () => Promise.resolve(),
  } as unknown as Driver;
  const client = clientOf(driver);
  return { engine: new Neo4jCypherEngine(client), runs, configs };
}

const analyzed = (text: string, params: Record<string, unknown> = {}) =>
  prepareCypher(text, params, DEFAULT_CYPHER_LIMITS, Date.UTC(2026, 10, 25));

const options = { workspaceId: WS, rowLimit: 2, timeoutMs: 1500 };

describe('Neo4jCypherEngine', () => {
  it('runs the emitted statement in the workspace, with the time limit as the transaction timeout', async () => {
    const { engine, runs, configs } = fakeDriver({ rows: [] });
    const result = await engine.run(
      analyzed('MATCH (n:Pump) RETURN n.name AS name, n.id'),
      options,
    );
    expect(result).toEqual({ columns: ['name', 'n.id'], rows: [], truncated: false });
    expect(configs).toEqual([{ timeout: 1500 }]);
    expect(runs[0]?.text).toMatch(/^MATCH \(v0:Entity \{workspaceId: \$workspaceId\}\)/);
    expect(runs[0]?.params).toMatchObject({ workspaceId: WS, p0: 'Pump' });
  });

  it('renders nodes, relationships, paths, numbers and instants as the API shows them', async () => {
    const pump = storedNode('e1', 'pump-1', 'Pump', { rpm: neo4j.int(1200), tags: ['a', 'b'] });
    const valve = storedNode('e2', 'valve-1', 'Valve');
    const feeds = storedRelationship('r1', 'edge-1', 'e1', 'e2');
    const elsewhere = storedRelationship('r2', 'edge-2', 'e7', 'e1');
    const path = new neo4j.types.Path(pump, valve, [
      new neo4j.types.PathSegment(pump, feeds, valve),
    ]);
    const properties = {
      rpm: neo4j.int(1200),
      tags: ['a', 'b'],
      id: null,
      workspaceId: null,
      name: null,
    };
    const { engine, runs } = fakeDriver({
      rows: [
        [
          pump,
          elsewhere,
          path,
          neo4j.int(7),
          toDateTime(CREATED),
          new neo4j.types.Date(2026, 11, 20),
          properties,
          [pump, null],
        ],
      ],
      ids: [['e7', 'sensor-9']],
    });
    const result = await engine.run(
      analyzed(
        'MATCH p = (a:Pump)-[r]->(b) RETURN a, r, p, count(*) AS c, a.createdAt AS at, date(a.createdAt) AS day, properties(a) AS props, [a, null] AS list',
      ),
      { ...options, rowLimit: 10 },
    );
    const pumpRecord = {
      id: 'pump-1',
      entityType: 'Pump',
      name: 'Pump pump-1',
      properties: { rpm: 1200, tags: ['a', 'b'] },
      version: 2,
      createdAt: CREATED,
      updatedAt: CREATED,
    };
    expect(result.rows).toEqual([
      [
        pumpRecord,
        {
          id: 'edge-2',
          type: 'FEEDS',
          sourceId: 'sensor-9',
          targetId: 'pump-1',
          properties: { flow: 2.5 },
          version: 1,
          createdAt: CREATED,
          updatedAt: CREATED,
        },
        {
          nodes: [pumpRecord, expect.objectContaining({ id: 'valve-1', entityType: 'Valve' })],
          relationships: [
            expect.objectContaining({ id: 'edge-1', sourceId: 'pump-1', targetId: 'valve-1' }),
          ],
        },
        7,
        CREATED,
        '2026-11-20',
        { rpm: 1200, tags: ['a', 'b'] },
        [pumpRecord, null],
      ],
    ]);
    // Only the end not in the result was looked up, in the request's workspace.
    const lookup = runs.find((r) => r.text.includes('UNWIND $elementIds'));
    expect(lookup?.params).toEqual({ workspaceId: WS, elementIds: ['e7'] });
  });

  it('returns at most rowLimit rows and says when there were more', async () => {
    const { engine, runs } = fakeDriver({
      rows: [[1], [2], [3]].map((r) => r.map((v) => neo4j.int(v))),
    });
    const result = await engine.run(analyzed('UNWIND [1, 2, 3, 4] AS x RETURN x'), options);
    expect(result).toEqual({ columns: ['x'], rows: [[1], [2]], truncated: true });
    const limit = /LIMIT \$(p\d+)$/.exec(runs[0]?.text ?? '')?.[1] ?? '';
    expect(runs[0]?.params[limit]).toMatchObject({ low: 3 });
    // No pattern: no workspace parameter is declared or sent.
    expect(runs[0]?.params).not.toHaveProperty('workspaceId');
  });

  it('refuses an answer of more than 16 MiB of JSON, as the embedded engine does', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const { engine } = fakeDriver({ rows: [[Array.from({ length: 17 }, () => big)]] });
    await expect(
      engine.run(analyzed('MATCH (n) RETURN collect(n.name) AS names'), options),
    ).rejects.toMatchObject({
      status: 400,
      code: 'CYPHER_LIMIT_EXCEEDED',
      details: { limit: 'resultBytes', max: 16 * 1024 * 1024 },
    });
    const { engine: small } = fakeDriver({ rows: [[Array.from({ length: 15 }, () => big)]] });
    const answer = await small.run(analyzed('MATCH (n) RETURN collect(n.name) AS names'), options);
    expect(answer.rows[0]?.[0]).toHaveLength(15);
  });

  it('answers 400 CYPHER_LIMIT_EXCEEDED when Neo4j stops the query at its timeout', async () => {
    const timedOut = new Neo4jError(
      'The transaction has been terminated...',
      'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration',
      '25N06',
      'error: transaction timed out',
    );
    const { engine } = fakeDriver({ fail: timedOut });
    const run = engine.run(analyzed('MATCH (a)-[*1..5]-(b) RETURN count(*)'), options);
    await expect(run).rejects.toBeInstanceOf(AppError);
    await expect(run).rejects.toMatchObject({
      status: 400,
      code: 'CYPHER_LIMIT_EXCEEDED',
      details: { limit: 'timeMs', max: 1500 },
    });
  });

  it('answers 400 CYPHER_SEMANTIC_ERROR when a value stops the query, and 503 when Neo4j is down', async () => {
    const overflow = new Neo4jError(
      'long overflow',
      'Neo.ClientError.Statement.ArithmeticError',
      '22003',
      'error',
    );
    await expect(
      fakeDriver({ fail: overflow }).engine.run(
        analyzed('MATCH (n) RETURN n.rpm * 900719925474099 AS x'),
        options,
      ),
    ).rejects.toMatchObject({ status: 400, code: 'CYPHER_SEMANTIC_ERROR' });
    const down = new Neo4jError('no route', 'ServiceUnavailable', '08000', 'error');
    await expect(
      fakeDriver({ fail: down }).engine.run(analyzed('MATCH (n) RETURN n'), options),
    ).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
  });
  it('answers 400 CYPHER_LIMIT_EXCEEDED (size) when a value outgrows the memory of Neo4j, without a retry', async () => {
    for (const code of [
      'Neo.TransientError.General.OutOfMemoryError',
      'Neo.ClientError.General.TransactionOutOfMemoryError',
    ]) {
      const tooLarge = new Neo4jError(
        'Required length exceeds implementation limit',
        code,
        '51N72',
        'error',
      );
      const { engine, runs } = fakeDriver({ failRun: tooLarge });
      await expect(
        engine.run(analyzed("RETURN size(replace($s, '', $s)) AS n", { s: 'a' }), options),
      ).rejects.toMatchObject({
        status: 400,
        code: 'CYPHER_LIMIT_EXCEEDED',
        details: { limit: 'size', max: 0 },
      });
      expect(runs).toHaveLength(1);
    }
  });

  it('closes the session when the caller goes away, and rejects with the signal reason', async () => {
    let closed = 0;
    let release: (() => void) | undefined;
    const driver = {
      session: () => ({
        // Neo4j still running the query: the work ends only when the session is closed.
        executeRead: () =>
          new Promise((_, reject) => {
            release = () => reject(new Error('connection reset'));
          }),
        close: () => {
          closed += 1;
          release?.();
          return Promise.resolve();
        },
      }),
      close: () => Promise.resolve(),
    } as unknown as Driver;
    const client = clientOf(driver);
    const engine = new Neo4jCypherEngine(client);
    const controller = new AbortController();
    const gone = new AppError(400, 'BAD_REQUEST', 'gone');
    const running = engine.run(analyzed('MATCH (n) RETURN n'), {
      ...options,
      signal: controller.signal,
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(0);
    controller.abort(gone);
    await expect(running).rejects.toBe(gone);
    expect(closed).toBeGreaterThanOrEqual(1);
    // Aborted before it starts: no session at all.
    closed = 0;
    await expect(
      engine.run(analyzed('RETURN 1 AS x'), { ...options, signal: controller.signal }),
    ).rejects.toBe(gone);
    expect(closed).toBe(0);
  });
});
