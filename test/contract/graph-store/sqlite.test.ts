import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { openDatabase, type SqliteDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { SqliteIndexOutbox } from '../../../src/adapters/sqlite/index-outbox';
import { EDGE_SORT_FIELDS, NODE_SORT_FIELDS } from '../../../src/domain/graph';
import type { GraphNode } from '../../../src/domain/graph';
import type { UnitOfWork } from '../../../src/ports/graph-store';
import { validateFilter } from '../../../src/filters/validate';
import { rawFilterFromJson } from '../../../src/filters/where-json';
import { graphStoreContract } from './graph-store.contract';
import { makeEdge, makeEntry, makeNode, seed } from './fixtures';

/** A fresh database file in a temp dir, and how to remove it. */
function tempDatabase(): { db: SqliteDatabase; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-store-'));
  const db = openDatabase({ filename: path.join(dir, 'graph.db') });
  return {
    db,
    remove: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

graphStoreContract('sqlite', () => {
  const { db, remove } = tempDatabase();
  return Promise.resolve({
    store: new SqliteGraphStore(db),
    cleanup: () => Promise.resolve(remove()),
  });
});

/** Records the SQL of every statement prepared on `connection`. */
function recordStatements(connection: Database): Set<string> {
  const sources = new Set<string>();
  const prepare = connection.prepare.bind(connection);
  connection.prepare = (source: string) => {
    sources.add(source);
    return prepare(source);
  };
  return sources;
}

/** The query plan of `source`, every parameter bound to a placeholder value. */
function plan(connection: Database, source: string): string[] {
  const named = [...source.matchAll(/@(\w+)/g)].map((m) => m[1] as string);
  const positional = (source.match(/\?/g) ?? []).length;
  const statement = connection.prepare(`EXPLAIN QUERY PLAN ${source}`);
  const rows = (
    named.length > 0
      ? statement.all(Object.fromEntries(named.map((n) => [n, 'x'])))
      : statement.all(...Array.from({ length: positional }, () => 'x'))
  ) as { detail: string }[];
  return rows.map((r) => r.detail);
}

describe('SqliteGraphStore specifics', () => {
  let db: SqliteDatabase;
  let remove: () => void;
  let store: SqliteGraphStore;
  let readerSql: Set<string>;
  let writerSql: Set<string>;

  beforeAll(() => {
    ({ db, remove } = tempDatabase());
    readerSql = recordStatements(db.reader);
    writerSql = recordStatements(db.writer);
    store = new SqliteGraphStore(db);
  });
  afterAll(() => remove());

  it('runs every statement as an index search of one workspace, never a table scan', async () => {
    const ws = randomUUID();
    const page = { limit: 10, offset: 0 };
    // Lists prepare their statements per shape: exercise every filter alone and with a sort.
    for (const filter of [{}, { entityType: 'T' }, { name: 'n' }, { entityType: 'T', name: 'n' }]) {
      for (const field of NODE_SORT_FIELDS) {
        await store.listNodes(ws, filter, [{ field, direction: 'desc' }], page);
      }
    }
    const edgeFilters = [{}, { type: 't' }, { sourceId: 's' }, { targetId: 't' }, { nodeId: 'n' }];
    for (const filter of [...edgeFilters, { type: 't', nodeId: 'n' }]) {
      for (const field of EDGE_SORT_FIELDS) {
        await store.listEdges(ws, filter, [{ field, direction: 'asc' }], page);
      }
    }
    const scans: string[] = [];
    let checked = 0;
    for (const [connection, sources] of [
      [db.reader, readerSql],
      [db.writer, writerSql],
    ] as const) {
      for (const source of [...sources]) {
        if (source.startsWith('EXPLAIN') || !/graph_|command_log|idempotency/.test(source)) {
          continue;
        }
        checked += 1;
        for (const step of plan(connection, source)) {
          if (/^SCAN (graph_|command_log|idempotency)/.test(step)) {
            scans.push(`${step} <- ${source.replace(/\s+/g, ' ')}`);
          }
        }
      }
    }
    expect(scans).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });

  it('uses the filter index, not an ordered walk of the workspace, when a list filters by an id', () => {
    const sources = [...readerSql];
    const find = (pattern: RegExp) => {
      const source = sources.find((s) => pattern.test(s));
      if (!source) {
        throw new Error(`no statement matches ${pattern}`);
      }
      return plan(db.reader, source).join(' / ');
    };
    expect(find(/SELECT .*source_id = @f\d+[\s\S]*ORDER BY created_at/)).toMatch(
      /graph_edges_out \(workspace_id=\? AND source_id=\?\)/,
    );
    expect(
      find(/SELECT .*\(source_id = @f\d+ OR target_id = @f\d+\)[\s\S]*ORDER BY updated_at/),
    ).toMatch(/MULTI-INDEX OR/);
    expect(find(/SELECT .*name = @f\d+[\s\S]*ORDER BY created_at/)).toMatch(
      /graph_nodes_name \(workspace_id=\? AND name=\?\)/,
    );
  });

  it('traverses one hop with a covering index per direction', () => {
    const hops = [...readerSql].filter((s) => s.startsWith('SELECT id, source_id, target_id'));
    expect(hops).toHaveLength(4);
    for (const source of hops) {
      expect(plan(db.reader, source).join(' / ')).toMatch(
        /SEARCH graph_edges USING COVERING INDEX graph_edges_(out|in) \(workspace_id=\? AND (source|target)_id=\?/,
      );
    }
  });

  it('cannot store an edge whose end is missing, whatever writes it', () => {
    const ws = randomUUID();
    db.writer
      .prepare(
        `INSERT INTO graph_nodes (workspace_id, id, entity_type, name, properties, version,
           created_at, updated_at) VALUES (?, 'a', 'T', 'a', '{}', 1, 't', 't')`,
      )
      .run(ws);
    const insertEdge = db.writer.prepare(
      `INSERT INTO graph_edges (workspace_id, id, type, source_id, target_id, properties, version,
         created_at, updated_at) VALUES (?, 'e', 'T', 'a', ?, '{}', 1, 't', 't')`,
    );
    expect(() => insertEdge.run(ws, 'missing')).toThrow(/FOREIGN KEY/);
    expect(() => insertEdge.run(randomUUID(), 'a')).toThrow(/FOREIGN KEY/);
  });

  it('keeps counts and the search outbox per transaction, also among group-commit members', async () => {
    const ws = randomUUID();
    const outbox = new SqliteIndexOutbox(db);
    const [a, b, c] = [makeNode(), makeNode(), makeNode()];
    // Started together, so they share one BEGIN ... COMMIT, each in its own savepoint.
    const results = await Promise.allSettled([
      store.transaction(ws, async ({ graph }) => {
        await graph.insertNode(a);
        await graph.replaceNode({ ...a, name: 'renamed', version: 2 }, 1);
        await graph.insertNode(b);
      }),
      store.transaction(ws, async ({ graph }) => {
        await graph.insertNode(c);
        throw new Error('rolled back');
      }),
      store.transaction(ws, async ({ graph }) => {
        await graph.insertEdge(makeEdge(a, b));
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const total = async (list: 'listNodes' | 'listEdges') =>
      (await store[list](ws, {}, [], { limit: 0, offset: 0 })).total;
    expect({ nodes: await total('listNodes'), edges: await total('listEdges') }).toEqual({
      nodes: 2,
      edges: 1,
    });
    // One entry per changed node, however often it changed; none for the rolled-back one.
    const entries = (await outbox.peek(1000)).filter((e) => e.workspaceId === ws);
    expect(entries.map((e) => e.nodeId).sort()).toEqual([a.id, b.id].sort());
    expect(
      db.reader
        .prepare(
          `SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name LIKE 'graph_%'`,
        )
        .all(),
    ).toEqual([]);
  });

  it('lets other work of the process run during a long transaction', async () => {
    const ws = randomUUID();
    let turns = 0;
    const timer = setInterval(() => {
      turns += 1;
    }, 0);
    let turnsDuring = 0;
    try {
      await store.transaction(ws, async ({ graph }) => {
        const before = turns;
        for (let i = 0; i < 1000; i += 1) {
          await graph.insertNode(makeNode());
        }
        turnsDuring = turns - before;
      });
    } finally {
      clearInterval(timer);
    }
    // The driver is synchronous: without yields, 1,000 awaited writes are all microtasks
    // and no timer fires until the transaction ends.
    expect(turnsDuring).toBeGreaterThan(0);
    expect((await store.listNodes(ws, {}, [], { limit: 0, offset: 0 })).total).toBe(1000);
  });

  it('reads the total of a list filtered by its type alone from counts kept through every write', async () => {
    const ws = randomUUID();
    const total = async (entityType: string) =>
      (await store.listNodes(ws, { entityType }, [], { limit: 1, offset: 0 })).total;
    const typeIs = (name: 'entityType' | 'type', op: 'eq' | 'in', value: string | string[]) =>
      ({ field: { kind: 'own', name }, op, value, kind: 'text' }) as const;
    const edgeTotal = async (type: string) =>
      (await store.listEdges(ws, { type }, [], { limit: 1, offset: 0 })).total;
    const pumps = Array.from({ length: 5 }, () => makeNode({ entityType: 'Pump' }));
    const tank = makeNode({ entityType: 'Tank' });
    await seed(
      store,
      ws,
      [...pumps, tank],
      [
        makeEdge(pumps[0]!, tank, { type: 'FEEDS' }),
        makeEdge(pumps[1]!, tank, { type: 'FEEDS' }),
        makeEdge(pumps[2]!, pumps[3]!, { type: 'LINKS' }),
      ],
    );
    expect([await total('Pump'), await total('Tank'), await total('Valve')]).toEqual([5, 1, 0]);
    expect([await edgeTotal('FEEDS'), await edgeTotal('LINKS')]).toEqual([2, 1]);

    await store.transaction(ws, async ({ graph }) => {
      // A node changing type, one keeping it, a deleted node and edge, a new edge.
      await graph.replaceNode({ ...pumps[4]!, entityType: 'Valve', version: 2 }, 1);
      await graph.replaceNode({ ...pumps[3]!, name: 'renamed', version: 2 }, 1);
      await graph.deleteEdge((await graph.edgesOfNode(pumps[0]!.id))[0]!.id);
      await graph.deleteNode(pumps[0]!.id);
      await graph.insertEdge(makeEdge(tank, tank, { type: 'LINKS' }));
    });
    expect([await total('Pump'), await total('Tank'), await total('Valve')]).toEqual([3, 1, 1]);
    expect([await edgeTotal('FEEDS'), await edgeTotal('LINKS')]).toEqual([1, 2]);

    // A rolled-back transaction leaves the counts as they were.
    await expect(
      store.transaction(ws, async ({ graph }) => {
        await graph.insertNode(makeNode({ entityType: 'Pump' }));
        await graph.replaceNode({ ...tank, entityType: 'Pump', version: 2 }, 1);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect([await total('Pump'), await total('Tank')]).toEqual([3, 1]);

    // Self-loops are kept apart too (an undirected Cypher count subtracts them).
    const loops = () =>
      db.reader
        .prepare(
          "SELECT type, records FROM graph_type_counts WHERE workspace_id = ? AND kind = 'loop' ORDER BY type",
        )
        .raw()
        .all(ws);
    expect(loops()).toEqual([['LINKS', 1]]);
    await store.transaction(ws, async ({ graph }) => {
      const [loop] = (await graph.edgesOfNode(tank.id)).filter((e) => e.sourceId === e.targetId);
      await graph.deleteEdge(loop!.id);
      await graph.insertEdge(makeEdge(pumps[2]!, pumps[2]!, { type: 'FEEDS' }));
    });
    expect(loops()).toEqual([
      ['FEEDS', 1],
      ['LINKS', 0],
    ]);
    expect([await edgeTotal('FEEDS'), await edgeTotal('LINKS')]).toEqual([2, 1]);

    // The kept counts are what counting the records gives (an OR of one condition is
    // counted, not read).
    for (const entityType of ['Pump', 'Tank', 'Valve']) {
      const counted = await store.listNodes(
        ws,
        { where: { or: [typeIs('entityType', 'eq', entityType)] } },
        [],
        { limit: 1, offset: 0 },
      );
      expect(counted.total).toBe(await total(entityType));
    }
    // `in` a list of types sums their counts: each type once, one without records adding 0.
    const nodesIn = await store.listNodes(
      ws,
      { where: typeIs('entityType', 'in', ['Pump', 'Valve', 'Pump', 'Nope']) },
      [],
      { limit: 1, offset: 0 },
    );
    expect(nodesIn.total).toBe(4);
    const edgesIn = await store.listEdges(
      ws,
      { where: typeIs('type', 'in', ['FEEDS', 'LINKS']) },
      [],
      { limit: 1, offset: 0 },
    );
    expect(edgesIn.total).toBe(3);
    // Read, not counted: a kept count changed behind the store's back shows in the total.
    db.writer
      .prepare(
        "UPDATE graph_type_counts SET records = records + 100 WHERE workspace_id = ? AND kind = 'node' AND type = 'Valve'",
      )
      .run(ws);
    const tampered = await store.listNodes(
      ws,
      { where: typeIs('entityType', 'in', ['Pump', 'Valve']) },
      [],
      { limit: 1, offset: 0 },
    );
    expect(tampered.total).toBe(104);
  });

  it('exports one snapshot: writes made while an export runs are not in it', async () => {
    const ws = randomUUID();
    const nodes = Array.from({ length: 1200 }, (_, i) =>
      makeNode({ id: `s${String(i).padStart(5, '0')}`, name: `before ${i}` }),
    );
    await seed(store, ws, nodes, [makeEdge(nodes[0]!, nodes[1]!)]);
    const exported: GraphNode[] = [];
    const edges: string[] = [];
    let changed = false;
    for await (const chunk of store.exportRecords(ws)) {
      if (chunk.kind === 'node') {
        exported.push(...chunk.items);
      } else {
        edges.push(...chunk.items.map((e) => e.id));
      }
      if (!changed) {
        changed = true;
        expect(chunk.items.length).toBeLessThan(1200);
        // Each kind of write, to records already read and to records not read yet.
        await store.transaction(ws, async ({ graph }) => {
          await graph.insertNode(makeNode({ id: 'a-new' }));
          await graph.insertNode(makeNode({ id: 'z-new' }));
          await graph.insertEdge(makeEdge(nodes[5]!, nodes[6]!, { id: 'new-edge' }));
          await graph.replaceNode({ ...nodes[0]!, name: 'renamed', version: 2 }, 1);
          await graph.replaceNode({ ...nodes[1100]!, name: 'renamed', version: 2 }, 1);
          await graph.deleteNode(nodes[1199]!.id, 1);
        });
      }
    }
    expect(exported).toEqual(nodes);
    expect(edges).toHaveLength(1);
    // The writes are there for every read after the export.
    expect((await store.getNode(ws, 'z-new'))?.id).toBe('z-new');
    expect((await store.getNode(ws, nodes[1100]!.id))?.name).toBe('renamed');
  });

  it('releases the snapshot of an export stopped early: the WAL can be checkpointed whole again', async () => {
    const ws = randomUUID();
    await seed(
      store,
      ws,
      Array.from({ length: 1200 }, () => makeNode()),
    );
    const truncate = () => {
      const wait = db.writer.pragma('busy_timeout', { simple: true }) as number;
      db.writer.pragma('busy_timeout = 0');
      try {
        return (db.writer.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[])[0]?.busy;
      } finally {
        db.writer.pragma(`busy_timeout = ${wait}`);
      }
    };
    const records = store.exportRecords(ws);
    await records.next();
    await seed(store, ws, [makeNode()]);
    // A reader on an older snapshot keeps a TRUNCATE checkpoint from finishing.
    expect(truncate()).toBe(1);
    await records.return(undefined);
    // The store's background checkpointer may hold the checkpoint at that moment: a few tries.
    let busy = truncate();
    for (let i = 0; i < 50 && busy !== 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      busy = truncate();
    }
    expect(busy).toBe(0);
  });

  it('refuses a unit of work used after its transaction ended', async () => {
    const ws = randomUUID();
    let leaked: UnitOfWork | undefined;
    await store.transaction(ws, (uow) => {
      leaked = uow;
      return Promise.resolve();
    });
    await expect(leaked?.graph.insertNode(makeNode())).rejects.toThrow(/finished/);
    await expect(leaked?.log.lastApplied('actor')).rejects.toThrow(/finished/);
  });

  it('rejects bad arguments instead of guessing', async () => {
    const ws = randomUUID();
    const a = makeNode();
    const b = makeNode();
    await seed(store, ws, [a, b], [makeEdge(a, b)]);
    for (const depth of [0, 4, 1.5]) {
      await expect(
        store.neighborhood(ws, a.id, { depth, direction: 'out', types: [], maxNodes: 10 }),
      ).rejects.toThrow(RangeError);
    }
    await expect(
      store.listNodes(ws, {}, [{ field: 'id' as 'name', direction: 'asc' }], {
        limit: 1,
        offset: 0,
      }),
    ).rejects.toThrow(/sortable/);
    await expect(
      store.listNodes(ws, {}, [{ field: 'name', direction: 'up' as 'asc' }], {
        limit: 1,
        offset: 0,
      }),
    ).rejects.toThrow(/direction/);
    await expect(store.transaction(ws, ({ log }) => log.trim('actor', -1))).rejects.toThrow(
      RangeError,
    );
    await expect(
      store.transaction(ws, ({ log }) => log.update(makeEntry(ws, 'actor'))),
    ).rejects.toThrow(/not found/);
    await expect(
      store.transaction(ws, ({ log }) => log.append(makeEntry(randomUUID(), 'actor'))),
    ).rejects.toThrow(/another workspace/);
  });
});

describe('SqliteGraphStore with a declared property index', () => {
  let db: SqliteDatabase;
  let remove: () => void;
  let store: SqliteGraphStore;
  let readerSql: Set<string>;

  beforeAll(() => {
    ({ db, remove } = tempDatabase());
    readerSql = recordStatements(db.reader);
    store = new SqliteGraphStore(db, { node: ['rpm'], edge: [] });
  });
  afterAll(() => remove());

  /**
   * The plan of the page statement the last list prepared, with the values it ran with:
   * how it chooses the page's rowids (its subquery), then how it reads them.
   */
  function pagePlan(params: Record<string, unknown>): { choose: string; read: string } {
    const source = [...readerSql].reverse().find((s) => /^SELECT .* LIMIT @limit/s.test(s));
    if (!source) {
      throw new Error('no page statement was prepared');
    }
    const rows = db.reader.prepare(`EXPLAIN QUERY PLAN ${source}`).all(params) as {
      id: number;
      parent: number;
      detail: string;
    }[];
    // The subquery's steps descend from its LIST SUBQUERY row (parents come first).
    const lists = new Set(
      rows.filter((r) => r.detail.startsWith('LIST SUBQUERY')).map((r) => r.id),
    );
    const inside = new Set<number>();
    for (const row of rows) {
      if (lists.has(row.parent) || inside.has(row.parent)) {
        inside.add(row.id);
      }
    }
    const text = (keep: (r: { id: number }) => boolean) =>
      rows
        .filter((r) => !lists.has(r.id) && keep(r))
        .map((r) => r.detail)
        .join(' / ');
    return {
      choose: text((r) => inside.has(r.id)),
      read: text((r) => !inside.has(r.id)),
    };
  }

  /** The `where` of an rpm range [low, high). */
  const rpmRange = (low: number, high: number) =>
    validateFilter('node', [
      rawFilterFromJson(
        {
          and: [
            { field: 'properties.rpm', op: 'gte', value: low },
            { field: 'properties.rpm', op: 'lt', value: high },
          ],
        },
        'where',
      ),
    ]);

  it('pages an entityType + property range list by a cursor with a seek on the property index', async () => {
    const ws = randomUUID();
    const where = rpmRange(100, 200);
    const after = { values: ['2026-01-01T00:00:00.000Z'], id: 'n1' };
    await store.listNodes(
      ws,
      { entityType: 'Pump', where },
      [{ field: 'createdAt', direction: 'desc' }],
      { limit: 50, offset: 0, after, count: false },
    );
    const plan = pagePlan({
      workspaceId: ws,
      f0: 'Pump',
      f1: 100,
      f2: 200,
      after0: after.values[0],
      afterId: after.id,
      limit: 50,
      offset: 0,
    });
    // A range seek on (workspace, type, rpm) that reads the index only (a range neither 0
    // nor 1 is in needs no type check); the few matches are sorted by createdAt from the
    // index too, and only the page's records are read.
    expect(plan.choose).toMatch(
      /SEARCH graph_nodes USING COVERING INDEX graph_nodes_property_rpm \(workspace_id=\? AND entity_type=\? AND <expr>>\? AND <expr><\?\)/,
    );
    expect(plan.read).toMatch(/SEARCH graph_nodes USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });

  it('reads each record of a property range that 0 or 1 is in, to tell numbers from booleans', async () => {
    const ws = randomUUID();
    const where = rpmRange(0, 200);
    await store.listNodes(
      ws,
      { entityType: 'Pump', where },
      [{ field: 'createdAt', direction: 'desc' }],
      {
        limit: 50,
        offset: 0,
        count: false,
      },
    );
    const plan = pagePlan({ workspaceId: ws, f0: 'Pump', f1: 0, f2: 200, limit: 50, offset: 0 });
    expect(plan.choose).toMatch(
      /SEARCH graph_nodes USING INDEX graph_nodes_property_rpm \(workspace_id=\? AND entity_type=\? AND <expr>>\? AND <expr><\?\)/,
    );
    expect(plan.choose).not.toMatch(/COVERING/);
  });

  it('reads an unfiltered list in createdAt order from its index, not through the property index', async () => {
    const ws = randomUUID();
    await store.listNodes(ws, {}, [{ field: 'createdAt', direction: 'desc' }], {
      limit: 51,
      offset: 0,
      count: false,
    });
    const plan = pagePlan({ workspaceId: ws, limit: 51, offset: 0 });
    // Without statistics of its own, the property index looked like the most selective
    // index of a workspace, and the list sorted every node of it.
    expect(plan.choose).toMatch(
      /SEARCH graph_nodes USING COVERING INDEX graph_nodes_created \(workspace_id=\?\)/,
    );
    expect(plan.choose).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it('pages an entityType list sorted by createdAt from the cursor position, not from its start', async () => {
    const ws = randomUUID();
    const after = { values: ['2026-01-01T00:00:00.000Z'], id: 'n1' };
    await store.listNodes(ws, { entityType: 'Pump' }, [{ field: 'createdAt', direction: 'desc' }], {
      limit: 50,
      offset: 0,
      after,
      count: false,
    });
    const plan = pagePlan({
      workspaceId: ws,
      f0: 'Pump',
      after0: after.values[0],
      afterId: after.id,
      limit: 50,
      offset: 0,
    });
    // The keyset position (createdAt, then the id in the same direction) is the index seek,
    // and the index read backwards gives the whole order: nothing is sorted, not even the
    // records that share a createdAt.
    expect(plan.choose).toMatch(
      /SEARCH graph_nodes USING COVERING INDEX graph_nodes_type_created \(workspace_id=\? AND entity_type=\? AND \(created_at,id\)<\(\?,\?\)\)/,
    );
    expect(plan.choose).not.toMatch(/TEMP B-TREE/);
  });
});

describe('SqliteGraphStore: declared property indexes at start-up', () => {
  const indexSql = (db: SqliteDatabase, name: string) =>
    db.writer
      .prepare<[string], string>("SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?")
      .pluck()
      .get(name);

  it('builds again an index of the older shape (without created_at) and drops undeclared ones', async () => {
    const { db, remove } = tempDatabase();
    try {
      new SqliteGraphStore(db, { node: [], edge: [] });
      db.writer.exec(`CREATE INDEX graph_nodes_property_rpm ON graph_nodes
        (workspace_id, entity_type, json_extract(properties, '$.rpm'), id)`);
      db.writer.exec(`CREATE INDEX graph_edges_property_weight ON graph_edges
        (workspace_id, type, json_extract(properties, '$.weight'), id)`);
      const ws = randomUUID();
      const store = new SqliteGraphStore(db, { node: ['rpm'], edge: [] });
      expect(indexSql(db, 'graph_nodes_property_rpm')).toMatch(
        /json_extract\(properties, '\$\.rpm'\), created_at, id\)$/,
      );
      expect(indexSql(db, 'graph_edges_property_weight')).toBeUndefined();

      await seed(store, ws, [
        makeNode({ entityType: 'Pump', properties: { rpm: 150 } }),
        makeNode({ entityType: 'Pump', properties: { rpm: true } }),
        makeNode({ entityType: 'Pump', properties: { rpm: 1 } }),
      ]);
      const where = validateFilter('node', [
        rawFilterFromJson({ field: 'properties.rpm', op: 'lt', value: 200 }, 'where'),
      ]);
      const page = await store.listNodes(ws, { entityType: 'Pump', where }, [], {
        limit: 10,
        offset: 0,
      });
      expect(page.items.map((n) => n.properties.rpm).sort()).toEqual([1, 150]);
      expect(page.total).toBe(2);
      // Opening again with the same declaration keeps the index as it is.
      const exec = jest.spyOn(db.writer, 'exec');
      new SqliteGraphStore(db, { node: ['rpm'], edge: [] });
      expect(exec.mock.calls.filter(([sql]) => /DROP INDEX/.test(sql))).toEqual([]);
      exec.mockRestore();
    } finally {
      remove();
    }
  });
});
