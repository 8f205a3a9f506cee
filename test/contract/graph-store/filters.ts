import type { GraphEdge, GraphNode, NodeSortField, SortKey } from '../../../src/domain/graph';
import { isCondition, type Filter, type FilterScalar } from '../../../src/filters/model';
import { validateFilter } from '../../../src/filters/validate';
import { rawFilterFromJson } from '../../../src/filters/where-json';
import type { SortPosition } from '../../../src/ports/graph-store';
import {
  at,
  compareStrings,
  makeEdge,
  makeNode,
  newWorkspace,
  seed,
  type ContractContext,
} from './fixtures';

const ALL = { limit: 100, offset: 0 };

/** A filter from its JSON form, validated as a request's would be. */
function where(kind: 'node' | 'edge', json: unknown): Filter {
  const filter = validateFilter(kind, [rawFilterFromJson(json, 'where')]);
  if (!filter) {
    throw new Error('no filter');
  }
  return filter;
}

function compare(a: FilterScalar, b: FilterScalar): number {
  return typeof a === 'string' ? compareStrings(a, b as string) : (a as number) - (b as number);
}

/** The documented semantics, in plain code: what every engine must return. */
function matches(record: GraphNode | GraphEdge, filter: Filter): boolean {
  if (!isCondition(filter)) {
    return 'and' in filter
      ? filter.and.every((f) => matches(record, f))
      : filter.or.some((f) => matches(record, f));
  }
  const { field, op, value, kind } = filter;
  const stored: unknown =
    field.kind === 'own'
      ? (record as unknown as Record<string, unknown>)[field.name]
      : record.properties[field.key];
  if (op === 'exists') {
    return (stored !== undefined) === value;
  }
  const sameType = (v: unknown) =>
    field.kind === 'own' ||
    typeof v === (kind === 'number' ? 'number' : kind === 'boolean' ? 'boolean' : 'string');
  if (op === 'contains') {
    if (Array.isArray(stored)) {
      return field.kind === 'property' && stored.some((item) => sameType(item) && item === value);
    }
    return typeof stored === 'string' && sameType(stored) && stored.includes(value as string);
  }
  if (stored === undefined || Array.isArray(stored) || !sameType(stored)) {
    return false;
  }
  const v = stored as FilterScalar;
  switch (op) {
    case 'eq':
      return v === value;
    case 'ne':
      return v !== value;
    case 'gt':
      return compare(v, value as FilterScalar) > 0;
    case 'gte':
      return compare(v, value as FilterScalar) >= 0;
    case 'lt':
      return compare(v, value as FilterScalar) < 0;
    case 'lte':
      return compare(v, value as FilterScalar) <= 0;
    case 'in':
      return (value as FilterScalar[]).includes(v);
    case 'nin':
      return !(value as FilterScalar[]).includes(v);
    case 'startsWith':
      return (v as string).startsWith(value as string);
    default:
      throw new Error(`unexpected ${String(op)}`);
  }
}

const ids = (items: readonly { id: string }[]) => items.map((i) => i.id).sort(compareStrings);

/** Properties of every type, missing keys, arrays and look-alikes ("1500", 1, true). */
function filterNodes(): GraphNode[] {
  const props: GraphNode['properties'][] = [
    { rpm: 1500, site: 'north', tags: ['north', 'hot'], active: true },
    { rpm: 900.5, site: 'south', tags: ['south'], active: false },
    { rpm: '1500', site: 'north-east', tags: [1, 2], active: 'true' },
    { rpm: 1000, site: 'North', active: true, note: 'it\'s "quoted" ; DROP' },
    { site: 'east', tags: [true], active: 1 },
    { rpm: 2000, tags: 'north pole', site: 'Zürich' },
    {},
    { rpm: -3, site: '', tags: [] },
  ];
  return props.map((properties, i) =>
    makeNode({
      entityType: i % 2 === 0 ? 'Pump' : 'Valve',
      name: ['Feed pump', 'Feeder', 'feed', 'Main', 'Feed', 'Zeta', 'alpha', 'Feed valve'][i],
      properties,
      version: (i % 3) + 1,
      createdAt: at(i),
      updatedAt: at(20 - i),
    }),
  );
}

const NODE_CASES: unknown[] = [
  { field: 'properties.rpm', op: 'gt', value: 1000 },
  { field: 'properties.rpm', op: 'gte', value: 1000 },
  { field: 'properties.rpm', op: 'lt', value: 1000 },
  { field: 'properties.rpm', op: 'lte', value: 900.5 },
  { field: 'properties.rpm', op: 'eq', value: 1500 },
  { field: 'properties.rpm', op: 'eq', value: '1500' },
  { field: 'properties.rpm', op: 'ne', value: 1500 },
  { field: 'properties.rpm', op: 'in', value: [1500, 2000, -3] },
  { field: 'properties.rpm', op: 'nin', value: [1500] },
  { field: 'properties.rpm', op: 'gt', value: '1' },
  { field: 'properties.site', op: 'startsWith', value: 'north' },
  { field: 'properties.site', op: 'gte', value: 'north' },
  { field: 'properties.site', op: 'lt', value: 'north' },
  { field: 'properties.site', op: 'in', value: ['north', 'east'] },
  { field: 'properties.site', op: 'contains', value: 'rt' },
  { field: 'properties.site', op: 'eq', value: 'Zürich' },
  { field: 'properties.tags', op: 'contains', value: 'north' },
  { field: 'properties.tags', op: 'contains', value: 2 },
  { field: 'properties.tags', op: 'contains', value: true },
  { field: 'properties.tags', op: 'eq', value: 'north' },
  { field: 'properties.active', op: 'eq', value: true },
  { field: 'properties.active', op: 'ne', value: true },
  { field: 'properties.active', op: 'in', value: [false] },
  // Numbers compared with bounds that 0 or 1 meet, so JSON false/true (read back as 0/1)
  // must be told from numbers, and ranges that neither meets (no type check needed).
  { field: 'properties.active', op: 'gte', value: 0 },
  { field: 'properties.active', op: 'gt', value: 0.5 },
  { field: 'properties.active', op: 'lte', value: 1 },
  { field: 'properties.active', op: 'eq', value: 1 },
  { field: 'properties.active', op: 'eq', value: 0 },
  {
    and: [
      { field: 'properties.active', op: 'gte', value: 0 },
      { field: 'properties.active', op: 'lt', value: 5 },
    ],
  },
  {
    and: [
      { field: 'properties.rpm', op: 'gte', value: 900 },
      { field: 'properties.rpm', op: 'lt', value: 1600 },
    ],
  },
  { field: 'properties.rpm', op: 'gt', value: 1 },
  { field: 'properties.rpm', op: 'lt', value: -1 },
  { field: 'properties.rpm', op: 'exists', value: true },
  { field: 'properties.rpm', op: 'exists', value: false },
  { field: 'properties.note', op: 'contains', value: "' OR 1=1 --" },
  { field: 'properties.note', op: 'contains', value: '"quoted"' },
  { field: 'name', op: 'startsWith', value: 'Feed' },
  { field: 'name', op: 'contains', value: 'eed' },
  { field: 'name', op: 'in', value: ['Main', 'alpha'] },
  { field: 'name', op: 'gt', value: 'Feed' },
  { field: 'entityType', op: 'ne', value: 'Pump' },
  { field: 'version', op: 'gte', value: 2 },
  { field: 'version', op: 'in', value: [1, 3] },
  { field: 'createdAt', op: 'gte', value: '2026-01-01T00:00:03Z' },
  { field: 'updatedAt', op: 'lt', value: '2026-01-01T00:00:17.000+00:00' },
  { field: 'createdAt', op: 'in', value: [at(1), at(4)] },
  {
    or: [
      { field: 'properties.site', op: 'in', value: ['south', 'east'] },
      {
        and: [
          { field: 'entityType', op: 'eq', value: 'Pump' },
          { field: 'properties.rpm', op: 'gt', value: 1000 },
        ],
      },
    ],
  },
  {
    and: [
      { field: 'name', op: 'startsWith', value: 'Feed' },
      {
        or: [
          { field: 'properties.rpm', op: 'exists', value: false },
          { field: 'version', op: 'eq', value: 1 },
        ],
      },
    ],
  },
];

/** Filters and keyset paging: every engine returns exactly what the documented rules say. */
export function filterCases(ctx: ContractContext): void {
  describe('node filters', () => {
    const ws = newWorkspace();
    const nodes = filterNodes();
    beforeAll(() => seed(ctx.store, ws, nodes));

    it.each(NODE_CASES.map((json) => [JSON.stringify(json), json]))('%s', async (_name, json) => {
      const filter = where('node', json);
      const expected = nodes.filter((n) => matches(n, filter));
      const page = await ctx.store.listNodes(ws, { where: filter }, [], ALL);
      expect(ids(page.items)).toEqual(ids(expected));
      expect(page.total).toBe(expected.length);
    });

    it('combines where with the exact-match shorthands, and skips the count on request', async () => {
      const filter = where('node', { field: 'properties.rpm', op: 'exists', value: true });
      const page = await ctx.store.listNodes(ws, { entityType: 'Pump', where: filter }, [], {
        ...ALL,
        count: false,
      });
      const expected = nodes.filter((n) => n.entityType === 'Pump' && 'rpm' in n.properties);
      expect(ids(page.items)).toEqual(ids(expected));
      expect(page.total).toBeNull();
    });

    it('pages after a position in every sort, as the offset pages do', async () => {
      const sorts: SortKey<NodeSortField>[][] = [
        [],
        [{ field: 'createdAt', direction: 'desc' }],
        [{ field: 'name', direction: 'asc' }],
        [
          { field: 'entityType', direction: 'asc' },
          { field: 'updatedAt', direction: 'desc' },
        ],
      ];
      for (const sort of sorts) {
        const full = (await ctx.store.listNodes(ws, {}, sort, ALL)).items.map((n) => n.id);
        const seen: string[] = [];
        let after: SortPosition | undefined;
        for (;;) {
          const page = await ctx.store.listNodes(ws, {}, sort, { limit: 3, offset: 0, after });
          seen.push(...page.items.map((n) => n.id));
          const last = page.items[page.items.length - 1];
          if (page.items.length < 3 || !last) {
            break;
          }
          after = { values: sort.map((k) => String(last[k.field])), id: last.id };
        }
        expect({ sort, seen }).toEqual({ sort, seen: full });
      }
    });
  });

  describe('cursor paging under concurrent writes', () => {
    it('neither skips nor repeats a record while others are inserted, deleted and renamed', async () => {
      const ws = newWorkspace();
      const nodes = Array.from({ length: 12 }, (_, i) =>
        makeNode({ name: `n${String(i).padStart(2, '0')}`, createdAt: at(i), updatedAt: at(i) }),
      );
      await seed(ctx.store, ws, nodes);
      const sort: SortKey<NodeSortField>[] = [{ field: 'name', direction: 'asc' }];
      const pageAfter = (after?: SortPosition) =>
        ctx.store.listNodes(ws, {}, sort, { limit: 3, offset: 0, after, count: false });
      const positionOf = (node: GraphNode) => ({ values: [node.name], id: node.id });

      const first = await pageAfter();
      const seen = first.items.map((n) => n.name);
      // Between two pages: a node inserted before the position and one after it, a node not
      // seen yet deleted, and one not seen yet renamed to sort before the position.
      const [n05, n07] = [nodes[5], nodes[7]] as [GraphNode, GraphNode];
      await ctx.store.transaction(ws, async ({ graph }) => {
        await graph.insertNode(makeNode({ name: 'a-before' }));
        await graph.insertNode(makeNode({ name: 'z-after' }));
        await graph.deleteNode(n05.id);
        await graph.replaceNode({ ...n07, name: 'a-renamed', version: 2 }, 1);
      });
      let last = first.items[first.items.length - 1];
      while (last) {
        const page = await pageAfter(positionOf(last));
        seen.push(...page.items.map((n) => n.name));
        last = page.items.length === 3 ? page.items[2] : undefined;
      }
      expect(seen).toEqual([
        'n00',
        'n01',
        'n02',
        'n03',
        'n04',
        'n06',
        'n08',
        'n09',
        'n10',
        'n11',
        'z-after',
      ]);
    });
  });

  describe('edge filters', () => {
    const ws = newWorkspace();
    const ends = [makeNode({ id: 'a' }), makeNode({ id: 'b' }), makeNode({ id: 'c' })];
    const [a, b, c] = ends as [GraphNode, GraphNode, GraphNode];
    const edges = [
      makeEdge(a, b, { type: 'FEEDS', properties: { flow: 2.5, kind: 'water' } }),
      makeEdge(a, c, { type: 'FEEDS', properties: { flow: 1 }, version: 2 }),
      makeEdge(b, c, { type: 'FEEDS', properties: { flow: '3' } }),
      makeEdge(c, a, { type: 'MONITORS', properties: { kind: 'water' }, createdAt: at(9) }),
    ];
    beforeAll(() => seed(ctx.store, ws, ends, edges));

    const cases: unknown[] = [
      { field: 'properties.flow', op: 'gte', value: 1 },
      { field: 'properties.kind', op: 'eq', value: 'water' },
      { field: 'version', op: 'gt', value: 1 },
      { field: 'nodeId', op: 'eq', value: 'a' },
      { field: 'nodeId', op: 'nin', value: ['a'] },
      { field: 'createdAt', op: 'gt', value: at(5) },
      {
        and: [
          { field: 'type', op: 'eq', value: 'FEEDS' },
          { field: 'sourceId', op: 'eq', value: 'a' },
          {
            or: [
              { field: 'properties.flow', op: 'gt', value: 2 },
              { field: 'version', op: 'eq', value: 2 },
            ],
          },
        ],
      },
    ];
    it.each(cases.map((json) => [JSON.stringify(json), json]))('%s', async (_name, json) => {
      const filter = where('edge', json);
      const expected = edges.filter((e) => matches(e, filter));
      const page = await ctx.store.listEdges(ws, { where: filter }, [], ALL);
      expect(ids(page.items)).toEqual(ids(expected));
      expect(page.total).toBe(expected.length);
    });
  });
}
