import fc from 'fast-check';
import {
  EDGE_SORT_FIELDS,
  NODE_SORT_FIELDS,
  type GraphEdge,
  type GraphNode,
  type NodeSortField,
  type SortKey,
} from '../../../src/domain/graph';
import type { ListPage, ListPageRequest, SortPosition } from '../../../src/ports/graph-store';
import {
  at,
  compareStrings,
  makeEdge,
  makeNode,
  newWorkspace,
  pick,
  seed,
  type ContractContext,
} from './fixtures';

const ALL = { limit: 100, offset: 0 };
const DIRECTIONS = ['asc', 'desc'] as const;

/** The sort keys a store applies: each field at its first occurrence. */
function distinctKeys<K extends { field: string }>(sort: readonly K[]): K[] {
  return sort.filter((key, i) => sort.findIndex((k) => k.field === key.field) === i);
}

/**
 * The order the port promises: the sort keys (a repeated field counts at its first
 * occurrence), then the id in the direction of the last of them (ascending without one).
 */
function expectedOrder<T extends { id: string }, F extends string & keyof T>(
  items: readonly T[],
  sort: readonly SortKey<F>[],
): string[] {
  const keys = distinctKeys(sort);
  const idDescending = keys.at(-1)?.direction === 'desc';
  return [...items]
    .sort((x, y) => {
      for (const key of keys) {
        const c = compareStrings(String(x[key.field]), String(y[key.field]));
        if (c !== 0) {
          return key.direction === 'asc' ? c : -c;
        }
      }
      const ids = compareStrings(x.id, y.id);
      return idDescending ? -ids : ids;
    })
    .map((item) => item.id);
}

/**
 * Reads every page of `size` by keyset, each after the previous page's last item (its values
 * of the distinct sort keys and its id, as a cursor holds them); returns the ids in order.
 */
async function keysetThrough<T extends { id: string }>(
  read: (page: ListPageRequest) => Promise<ListPage<T>>,
  sort: readonly SortKey<string>[],
  size: number,
): Promise<string[]> {
  const ids: string[] = [];
  let after: SortPosition | undefined;
  for (;;) {
    const page = await read({ limit: size, offset: 0, count: false, ...(after ? { after } : {}) });
    ids.push(...page.items.map((item) => item.id));
    const last = page.items[page.items.length - 1];
    if (page.items.length < size || !last) {
      return ids;
    }
    const fields = last as unknown as Record<string, unknown>;
    after = { values: distinctKeys(sort).map((k) => String(fields[k.field])), id: last.id };
  }
}

/** Reads every page of `size` and checks each page's total; returns the ids in order. */
async function pageThrough<T extends { id: string }>(
  read: (page: { limit: number; offset: number }) => Promise<ListPage<T>>,
  size: number,
  total: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; offset < total + size; offset += size) {
    const page = await read({ limit: size, offset });
    expect(page.total).toBe(total);
    expect(page.items.length).toBe(Math.max(0, Math.min(size, total - offset)));
    ids.push(...page.items.map((item) => item.id));
  }
  return ids;
}

/** Nodes with many ties in every sortable field, so the id tie-breaker matters. */
function nodeSet(): GraphNode[] {
  return Array.from({ length: 13 }, (_, i) =>
    makeNode({
      entityType: pick(['Pump', 'Sensor', 'Valve'], i),
      name: pick(['alpha', 'beta', 'gamma', 'delta'], i),
      createdAt: at(i % 5),
      updatedAt: at(10 + ((i * 7) % 4)),
    }),
  );
}

/** Lists: filters, sorts, paging and totals. */
export function listCases(ctx: ContractContext): void {
  describe('listNodes', () => {
    const ws = newWorkspace();
    const nodes = nodeSet();
    beforeAll(() => seed(ctx.store, ws, nodes));

    it('with no sort, orders by id', async () => {
      const page = await ctx.store.listNodes(ws, {}, [], ALL);
      expect(page.total).toBe(nodes.length);
      expect(page.items.map((n) => n.id)).toEqual(expectedOrder(nodes, []));
      expect(page.items).toEqual(expect.arrayContaining(nodes));
    });

    for (const field of NODE_SORT_FIELDS) {
      for (const direction of DIRECTIONS) {
        it(`sorts by ${field} ${direction} with id as tie-breaker, stable across pages`, async () => {
          const sort = [{ field, direction }];
          const expected = expectedOrder(nodes, sort);
          const page = await ctx.store.listNodes(ws, {}, sort, ALL);
          expect(page.items.map((n) => n.id)).toEqual(expected);
          const paged = await pageThrough((p) => ctx.store.listNodes(ws, {}, sort, p), 4, 13);
          expect(paged).toEqual(expected);
          const keyset = await keysetThrough((p) => ctx.store.listNodes(ws, {}, sort, p), sort, 2);
          expect(keyset).toEqual(expected);
        });
      }
    }

    it('sorts by several keys in order, each with its own direction, ties by the last', async () => {
      const sorts: SortKey<NodeSortField>[][] = [
        [
          { field: 'entityType', direction: 'asc' },
          { field: 'name', direction: 'desc' },
        ],
        [
          { field: 'createdAt', direction: 'desc' },
          { field: 'updatedAt', direction: 'asc' },
        ],
        [
          { field: 'createdAt', direction: 'desc' },
          { field: 'entityType', direction: 'desc' },
        ],
        [
          { field: 'name', direction: 'asc' },
          { field: 'entityType', direction: 'asc' },
        ],
      ];
      for (const sort of sorts) {
        const expected = expectedOrder(nodes, sort);
        const page = await ctx.store.listNodes(ws, {}, sort, ALL);
        expect({ sort, ids: page.items.map((n) => n.id) }).toEqual({ sort, ids: expected });
        const keyset = await keysetThrough((p) => ctx.store.listNodes(ws, {}, sort, p), sort, 2);
        expect({ sort, ids: keyset }).toEqual({ sort, ids: expected });
      }
    });

    it('filters by entityType, by name, and by both', async () => {
      const cases = [
        { entityType: 'Pump' },
        { name: 'beta' },
        { entityType: 'Sensor', name: 'alpha' },
        { entityType: 'Pump', name: 'no-such-name' },
      ];
      for (const filter of cases) {
        const matching = nodes.filter(
          (n) =>
            (filter.entityType === undefined || n.entityType === filter.entityType) &&
            (filter.name === undefined || n.name === filter.name),
        );
        const sort = [{ field: 'createdAt' as const, direction: 'desc' as const }];
        const page = await ctx.store.listNodes(ws, filter, sort, ALL);
        expect(page.total).toBe(matching.length);
        expect(page.items.map((n) => n.id)).toEqual(expectedOrder(matching, sort));
        const paged = await pageThrough(
          (p) => ctx.store.listNodes(ws, filter, sort, p),
          2,
          matching.length,
        );
        expect(paged).toEqual(expectedOrder(matching, sort));
      }
    });

    it('treats filter values as data, never as query text', async () => {
      for (const name of ["alpha' OR '1'='1", 'alpha" OR 1=1 --', '%', '*', '.*']) {
        expect(await ctx.store.listNodes(ws, { name }, [], ALL)).toEqual({ items: [], total: 0 });
      }
    });

    it('reports the total with an offset past the end and with limit 0', async () => {
      expect(await ctx.store.listNodes(ws, {}, [], { limit: 10, offset: 13 })).toEqual({
        items: [],
        total: 13,
      });
      expect(await ctx.store.listNodes(ws, {}, [], { limit: 10, offset: 500 })).toEqual({
        items: [],
        total: 13,
      });
      expect(await ctx.store.listNodes(ws, {}, [], { limit: 0, offset: 0 })).toEqual({
        items: [],
        total: 13,
      });
      const last = await ctx.store.listNodes(ws, {}, [], { limit: 10, offset: 10 });
      expect(last.items.map((n) => n.id)).toEqual(expectedOrder(nodes, []).slice(10));
    });

    it('an empty workspace lists nothing', async () => {
      expect(await ctx.store.listNodes(newWorkspace(), {}, [], ALL)).toEqual({
        items: [],
        total: 0,
      });
    });
  });

  describe('listEdges', () => {
    const ws = newWorkspace();
    const ends = Array.from({ length: 4 }, (_, i) => makeNode({ name: `n${i}` }));
    const pairs: [number, number][] = [
      [0, 1],
      [0, 2],
      [1, 2],
      [2, 0],
      [3, 0],
      [1, 3],
      [0, 1],
      [2, 2],
      [3, 1],
      [0, 3],
      [1, 0],
    ];
    const edges: GraphEdge[] = pairs.map(([s, t], i) =>
      makeEdge(pick(ends, s), pick(ends, t), {
        type: pick(['FEEDS', 'MONITORS', 'PART_OF'], i),
        createdAt: at(i % 4),
        updatedAt: at(10 + ((i * 5) % 3)),
      }),
    );
    beforeAll(() => seed(ctx.store, ws, ends, edges));
    const [n0, n1, n2] = ends as [GraphNode, GraphNode, GraphNode, GraphNode];

    for (const field of EDGE_SORT_FIELDS) {
      for (const direction of DIRECTIONS) {
        it(`sorts by ${field} ${direction} with id as tie-breaker, stable across pages`, async () => {
          const sort = [{ field, direction }];
          const expected = expectedOrder(edges, sort);
          const page = await ctx.store.listEdges(ws, {}, sort, ALL);
          expect(page.items.map((e) => e.id)).toEqual(expected);
          const paged = await pageThrough(
            (p) => ctx.store.listEdges(ws, {}, sort, p),
            3,
            edges.length,
          );
          expect(paged).toEqual(expected);
          const keyset = await keysetThrough((p) => ctx.store.listEdges(ws, {}, sort, p), sort, 2);
          expect(keyset).toEqual(expected);
        });
      }
    }

    it('filters by type, sourceId, targetId, nodeId (either end, a self-loop once) and combinations', async () => {
      const cases = [
        { filter: { type: 'FEEDS' }, keep: (e: GraphEdge) => e.type === 'FEEDS' },
        { filter: { sourceId: n0.id }, keep: (e: GraphEdge) => e.sourceId === n0.id },
        { filter: { targetId: n1.id }, keep: (e: GraphEdge) => e.targetId === n1.id },
        {
          filter: { nodeId: n2.id },
          keep: (e: GraphEdge) => e.sourceId === n2.id || e.targetId === n2.id,
        },
        {
          filter: { nodeId: n0.id, type: 'MONITORS' },
          keep: (e: GraphEdge) =>
            (e.sourceId === n0.id || e.targetId === n0.id) && e.type === 'MONITORS',
        },
        {
          filter: { sourceId: n0.id, targetId: n1.id },
          keep: (e: GraphEdge) => e.sourceId === n0.id && e.targetId === n1.id,
        },
        {
          filter: { sourceId: n1.id, nodeId: n0.id },
          keep: (e: GraphEdge) =>
            e.sourceId === n1.id && (e.sourceId === n0.id || e.targetId === n0.id),
        },
        { filter: { type: 'NO_SUCH_TYPE' }, keep: () => false },
      ];
      const sort = [{ field: 'createdAt' as const, direction: 'asc' as const }];
      for (const { filter, keep } of cases) {
        const matching = edges.filter(keep);
        const page = await ctx.store.listEdges(ws, filter, sort, ALL);
        expect({ filter, total: page.total }).toEqual({ filter, total: matching.length });
        expect(page.items.map((e) => e.id)).toEqual(expectedOrder(matching, sort));
        expect(page.items).toEqual(expect.arrayContaining(matching));
      }
      expect((await ctx.store.listEdges(ws, { nodeId: n2.id }, [], ALL)).total).toBe(4);
    });

    it('reports the total with an offset past the end and with limit 0', async () => {
      const total = edges.length;
      for (const page of [
        { limit: 5, offset: total },
        { limit: 5, offset: 1000 },
        { limit: 0, offset: 0 },
      ]) {
        expect(await ctx.store.listEdges(ws, {}, [], page)).toEqual({ items: [], total });
      }
    });
  });

  it('totals follow inserts, refused duplicates, deletes and rolled-back transactions', async () => {
    const ws = newWorkspace();
    const [a, b, c] = [makeNode(), makeNode(), makeNode()];
    const ab = makeEdge(a, b);
    const bc = makeEdge(b, c);
    await seed(ctx.store, ws, [a, b, c], [ab, bc]);
    await ctx.store.transaction(ws, async ({ graph }) => {
      expect((await graph.insertNode(a)).status).toBe('exists');
      expect((await graph.insertEdge(ab)).status).toBe('exists');
      expect((await graph.deleteEdge(bc.id)).status).toBe('ok');
      expect((await graph.deleteNode(c.id)).status).toBe('ok');
      expect((await graph.deleteNode(c.id)).status).toBe('missing');
    });
    await expect(
      ctx.store.transaction(ws, async ({ graph }) => {
        await graph.insertNode(makeNode());
        await graph.deleteEdge(ab.id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const totals = async () => ({
      nodes: (await ctx.store.listNodes(ws, {}, [], { limit: 0, offset: 0 })).total,
      edges: (await ctx.store.listEdges(ws, {}, [], { limit: 0, offset: 0 })).total,
    });
    expect(await totals()).toEqual({ nodes: 2, edges: 1 });
    await ctx.store.transaction(ws, async ({ graph }) => {
      await graph.deleteEdge(ab.id);
      await graph.deleteNode(a.id);
      await graph.deleteNode(b.id);
    });
    expect(await totals()).toEqual({ nodes: 0, edges: 0 });
  });

  it('any sort and page size pages through the whole list without duplicates or gaps', async () => {
    const sortKey = fc.record({
      field: fc.constantFrom(...NODE_SORT_FIELDS),
      direction: fc.constantFrom(...DIRECTIONS),
    });
    const nodeArb = fc.record({
      entityType: fc.constantFrom('A', 'B', 'C'),
      name: fc.constantFrom('x', 'y', 'xy', 'z1'),
      created: fc.integer({ min: 0, max: 3 }),
      updated: fc.integer({ min: 0, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(nodeArb, { minLength: 0, maxLength: 15 }),
        fc.array(sortKey, { maxLength: 3 }),
        fc.integer({ min: 1, max: 6 }),
        fc.option(fc.constantFrom('A', 'B'), { nil: undefined }),
        async (specs, sort, size, entityType) => {
          const ws = newWorkspace();
          const nodes = specs.map((s) =>
            makeNode({
              entityType: s.entityType,
              name: s.name,
              createdAt: at(s.created),
              updatedAt: at(s.updated),
            }),
          );
          await seed(ctx.store, ws, nodes);
          const matching = nodes.filter(
            (n) => entityType === undefined || n.entityType === entityType,
          );
          const filter = entityType === undefined ? {} : { entityType };
          const paged = await pageThrough(
            (p) => ctx.store.listNodes(ws, filter, sort, p),
            size,
            matching.length,
          );
          const expected = expectedOrder(matching, sort);
          expect(paged).toEqual(expected);
          const keyset = await keysetThrough(
            (p) => ctx.store.listNodes(ws, filter, sort, p),
            sort,
            size,
          );
          expect(keyset).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
}
