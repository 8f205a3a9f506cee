import type { Response } from 'supertest';
import { edgeLists, nodeLists } from '../../src/adapters/neo4j/statements/lists';
import { AppError } from '../../src/errors';
import { validateFilter } from '../../src/filters/validate';
import { rawFilterFromJson } from '../../src/filters/where-json';
import { OntologyClient } from '../support/ontology-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { seededRandom } from '../support/seeded-random';

/**
 * Generated list filters: seeded random `where` trees (groups nested past the limit, odd
 * group keys, fields and operators that exist and that do not, values of every JSON type,
 * names every JavaScript object has), bracket parameters, sorts, limits and cursors, sent
 * to GET /api/queries/nodes and /edges. Each must be answered 200 with records of the
 * workspace or 400 in the envelope; and every tree the validator accepts must also compile
 * to Cypher for Neo4j. The random numbers are seeded: every run sends the same requests.
 */

const REQUESTS = 1500;
const SEED = 20261128;

const FIELDS = {
  nodes: ['id', 'name', 'entityType', 'createdAt', 'updatedAt', 'version'],
  edges: ['id', 'type', 'sourceId', 'targetId', 'nodeId', 'createdAt', 'updatedAt', 'version'],
};
const ODD_FIELDS = [
  'properties.rpm',
  'properties.tags',
  'properties.site',
  'properties.flow',
  'properties.nope',
  'properties.constructor',
  'properties.__proto__',
  'properties.a.b',
  'properties.id',
  'properties.',
  'properties',
  '__proto__',
  'constructor',
  '',
  'name ',
];
const OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'contains', 'startsWith'];
const ODD_OPS = ['exists', 'regex', 'toString', '__proto__', '', 'EQ'];
const GROUP_KEYS = ['and', 'or', 'and', 'or', 'not', 'xor', '__proto__'];

describe('generated list filters (seeded)', () => {
  let t: TestApp;
  let c: OntologyClient;
  const ids = { nodes: new Set<string>(), edges: new Set<string>() };

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    c = new OntologyClient(t, t.apiKey, t.workspaceId);
    const specs: [string, string, Record<string, unknown>][] = [
      ['p1', 'Feed pump', { rpm: 1500, tags: ['north', 'hot'], site: 'a' }],
      ['p2', 'Feeder', { rpm: 800, tags: ['south'], site: 'b' }],
      ['p3', 'Main pump', { rpm: '1500', site: 'c' }],
      ['v1', 'Feed valve', { rpm: 5000, active: true }],
    ];
    for (const [id, name, properties] of specs) {
      await c.ok('CREATE_NODE', {
        id,
        entityType: id.startsWith('p') ? 'Pump' : 'Valve',
        name,
        properties,
      });
      ids.nodes.add(id);
    }
    for (const [type, from, to] of [
      ['FEEDS', 'p1', 'v1'],
      ['FEEDS', 'p2', 'v1'],
      ['MONITORS', 'v1', 'p1'],
    ] as const) {
      const edge = await c.edge(type, from, to, { flow: 2.5 });
      ids.edges.add(edge.id);
    }
  });
  afterAll(() => t.close());

  function generator(seed: number) {
    const random = seededRandom(seed);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const value = (depth = 0): unknown => {
      switch (Math.floor(random() * (depth > 1 ? 7 : 9))) {
        case 0:
          return pick([
            'Feed',
            'p1',
            'a',
            '',
            'north',
            '2026-01-31',
            '2026-01-31T12:00:00Z',
            'x'.repeat(1001),
          ]);
        case 1:
          return pick([0, -1, 1500, 2.5, 1e308, -0, 2 ** 53 + 2, 1e-300]);
        case 2:
          return pick([true, false]);
        case 3:
          return null;
        case 4:
          return pick(['\u0000', '\ud800', 'é😀', '%', '_', "' OR 1=1 --", '$.a', '[1]']);
        case 5:
          return pick(['2026-13-45', '2026-01-31T12:00:00', 'now', '1e3', ' 1500 ']);
        case 6:
          return pick([{}, { a: 1 }, JSON.parse('{"__proto__": {"a": 1}}')]);
        default:
          return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      }
    };
    const field = (kind: 'nodes' | 'edges') =>
      random() < 0.75 ? pick(FIELDS[kind]) : pick(ODD_FIELDS);
    const tree = (kind: 'nodes' | 'edges', depth: number): unknown => {
      if (depth < 5 && random() < 0.3) {
        const items = Array.from({ length: Math.floor(random() * 4) }, () => tree(kind, depth + 1));
        return { [pick(GROUP_KEYS)]: random() < 0.9 ? items : value() };
      }
      if (random() < 0.05) {
        return value();
      }
      const leaf: Record<string, unknown> = {
        field: field(kind),
        op: random() < 0.9 ? pick(OPS) : pick(ODD_OPS),
        value: value(),
      };
      if (random() < 0.05) {
        delete leaf[pick(['field', 'op', 'value'])];
      }
      return leaf;
    };
    return (): { kind: 'nodes' | 'edges'; query: Record<string, string>; where?: unknown } => {
      const kind = random() < 0.6 ? 'nodes' : 'edges';
      const query: Record<string, string> = {};
      let where: unknown;
      if (random() < 0.8) {
        where = tree(kind, 0);
        const text = JSON.stringify(where) ?? 'null';
        // Now and then broken JSON text.
        query.where = random() < 0.05 ? text.slice(0, Math.floor(text.length / 2)) : text;
      }
      for (let i = random() < 0.5 ? 0 : Math.floor(random() * 3); i > 0; i -= 1) {
        const op = random() < 0.9 ? pick(OPS) : pick(ODD_OPS);
        const raw = value();
        query[`filter[${field(kind)}][${op}]`] =
          typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? '');
      }
      if (random() < 0.3) {
        query.sort = pick([
          'name',
          '-createdAt',
          'version,-id',
          'id',
          'properties.rpm',
          'nope',
          '-',
        ]);
      }
      if (random() < 0.2) {
        query.limit = pick(['1', '2', '50', '0', '1000000', '-1', 'x', '2.5']);
      }
      if (random() < 0.05) {
        query.cursor = pick(['', 'abc', 'eyJ9', '%%%', 'x'.repeat(500)]);
      }
      return { kind, query, ...(where === undefined ? {} : { where }) };
    };
  }

  function acceptable(res: Response, kind: 'nodes' | 'edges'): string | null {
    if (res.status === 200) {
      const stray = (res.body.data as { id: string }[]).filter((r) => !ids[kind].has(r.id));
      return res.body.success === true && stray.length === 0 ? null : 'a record of elsewhere';
    }
    if (res.status === 400 && res.body.success === false) {
      return ['VALIDATION_ERROR', 'INVALID_CURSOR', 'BAD_REQUEST'].includes(res.body.error?.code)
        ? null
        : `code ${res.body.error?.code}`;
    }
    return `status ${res.status}`;
  }

  it(`answers ${REQUESTS} generated list requests with 200 or 400, and compiles every valid tree for Neo4j`, async () => {
    const next = generator(SEED);
    const defects: { kind: string; query: Record<string, string>; problem: string }[] = [];
    let answered = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const { kind, query, where } = next();
      const res = await c.get(`/api/queries/${kind}`, query);
      const problem = acceptable(res, kind);
      if (problem) {
        defects.push({ kind, query, problem });
      }
      answered += res.status === 200 ? 1 : 0;
      if (where === undefined) {
        continue;
      }
      let filter;
      try {
        filter = validateFilter(kind === 'nodes' ? 'node' : 'edge', [
          rawFilterFromJson(where, 'where'),
        ]);
      } catch (error) {
        if (!(error instanceof AppError && error.status === 400)) {
          defects.push({ kind, query, problem: `validator: ${String(error)}` });
        }
        continue;
      }
      try {
        (kind === 'nodes' ? nodeLists : edgeLists).statements(filter, [], false);
      } catch (error) {
        defects.push({ kind, query, problem: `Neo4j: ${String(error)}` });
      }
    }
    expect(defects.slice(0, 5)).toEqual([]);
    // Enough of them pass validation to reach both engines' compilers.
    expect(answered).toBeGreaterThan(REQUESTS * 0.1);
  }, 120_000);
});
