import fs from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
} from 'graphql';
import { GraphQLClient, type GqlError } from '../support/graphql-client';
import { OntologyClient } from '../support/ontology-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { seededRandom } from '../support/seeded-random';

/**
 * Generated GraphQL reads: seeded random documents over the published schema
 * (docs/api/schema.graphql): any Query field, arguments of the right type and now and then
 * of another, nested selections (deeper than the depth limit at times), aliases, fragments
 * on unions and interfaces, and a field that does not exist now and then. Each must be
 * answered as GraphQL over HTTP answers (200 with data and/or errors, or 400 for a document
 * that does not validate), and no error may be an INTERNAL_ERROR. Mutations are left out:
 * they are the commands, which have their own generated test.
 */

const DOCUMENTS = 600;
const SEED = 20261128;

const schema = buildSchema(
  fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'api', 'schema.graphql'), 'utf8'),
);

function generator(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const chance = (p: number) => random() < p;

  const scalar = (name: string): string => {
    switch (name) {
      case 'Int':
        return pick(['0', '1', '5', '100', '-1', '2147483648', '99999999999']);
      case 'Float':
        return pick(['0.5', '1', '-2.5', '1e308']);
      case 'Boolean':
        return pick(['true', 'false']);
      case 'ID':
      case 'String':
        return JSON.stringify(
          pick([
            'p1',
            'v1',
            'Pump',
            '',
            'x'.repeat(300),
            '\u0000',
            'MATCH (n) RETURN n.id',
            '2026-01-31',
          ]),
        );
      default:
        return pick([
          '{a: 1}',
          '[1, "a"]',
          '"text"',
          '1',
          'null',
          '{field: "name", op: "eq", value: "x"}',
        ]);
    }
  };
  const literal = (type: GraphQLInputType, depth: number): string => {
    if (chance(0.06)) {
      return pick(['null', '"wrong"', '42', '[]', '{}', 'true']);
    }
    if (isNonNullType(type)) {
      return literal(type.ofType, depth);
    }
    if (isListType(type)) {
      const items = Array.from({ length: Math.floor(random() * 3) }, () =>
        literal(type.ofType, depth + 1),
      );
      return `[${items.join(', ')}]`;
    }
    if (isEnumType(type)) {
      return pick(type.getValues()).name;
    }
    if (isInputObjectType(type)) {
      if (depth > 3) {
        return '{}';
      }
      const fields = Object.values(type.getFields());
      const chosen = fields.filter((f) => isNonNullType(f.type) || chance(0.3));
      return `{${chosen.map((f) => `${f.name}: ${literal(f.type, depth + 1)}`).join(', ')}}`;
    }
    return scalar(getNamedType(type).name);
  };
  const args = (field: GraphQLField<unknown, unknown>): string => {
    const chosen = field.args.filter((a) => isNonNullType(a.type) || chance(0.35));
    if (chance(0.03)) {
      return '(nope: 1)';
    }
    return chosen.length === 0
      ? ''
      : `(${chosen.map((a) => `${a.name}: ${literal(a.type, 0)}`).join(', ')})`;
  };
  const selection = (type: GraphQLNamedType, depth: number): string => {
    if (isScalarType(type) || isEnumType(type)) {
      return '';
    }
    if (isUnionType(type) || isInterfaceType(type)) {
      const possible = schema.getPossibleTypes(type);
      const parts = ['__typename'];
      for (const member of possible.filter(() => chance(0.5))) {
        parts.push(`... on ${member.name} ${selection(member, depth + 1)}`);
      }
      return `{ ${parts.join(' ')} }`;
    }
    const object = type as GraphQLObjectType;
    const fields = Object.values(object.getFields());
    const parts: string[] = [];
    for (let i = 1 + Math.floor(random() * 3); i > 0; i -= 1) {
      const field = pick(fields);
      const inner = getNamedType(field.type);
      const leaf = isScalarType(inner) || isEnumType(inner);
      if (!leaf && depth > 7) {
        continue;
      }
      const alias = chance(0.1) ? `a${Math.floor(random() * 3)}: ` : '';
      parts.push(`${alias}${field.name}${args(field)} ${leaf ? '' : selection(inner, depth + 1)}`);
    }
    if (chance(0.03)) {
      parts.push('noSuchField');
    }
    return `{ ${parts.length > 0 ? parts.join(' ') : '__typename'} }`;
  };
  return (): string => {
    const query = schema.getQueryType()!;
    const roots = Object.values(query.getFields());
    const parts: string[] = [];
    for (let i = 1 + Math.floor(random() * 2); i > 0; i -= 1) {
      const field = pick(roots);
      const inner = getNamedType(field.type);
      const leaf = isScalarType(inner) || isEnumType(inner);
      parts.push(
        `r${i}: ${field.name}${args(field)} ${leaf || (!isObjectType(inner) && !isUnionType(inner) && !isInterfaceType(inner)) ? '' : selection(inner, 1)}`,
      );
    }
    return `{ ${parts.join(' ')} }`;
  };
}

describe('generated GraphQL reads (seeded)', () => {
  let t: TestApp;
  let gql: GraphQLClient;

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    gql = new GraphQLClient(t, t.apiKey, t.workspaceId);
    const c = new OntologyClient(t, t.apiKey, t.workspaceId);
    await c.ok('CREATE_NODE', {
      id: 'p1',
      entityType: 'Pump',
      name: 'Feed pump',
      properties: { rpm: 1500 },
    });
    await c.ok('CREATE_NODE', { id: 'v1', entityType: 'Valve', name: 'Feed valve' });
    await c.edge('FEEDS', 'p1', 'v1', { flow: 2.5 });
  });
  afterAll(() => t.close());

  it(`answers ${DOCUMENTS} generated documents without an internal error`, async () => {
    const next = generator(SEED);
    const defects: { query: string; problem: string }[] = [];
    let withData = 0;
    for (let i = 0; i < DOCUMENTS; i += 1) {
      const query = next();
      const res = await gql.post(query);
      const errors = (res.body?.errors ?? []) as GqlError[];
      const internal = errors.filter((e) => e.extensions?.code === 'INTERNAL_ERROR');
      if (res.status !== 200 && res.status !== 400) {
        defects.push({ query, problem: `status ${res.status}` });
      } else if (internal.length > 0) {
        defects.push({ query, problem: internal[0]!.message });
      } else if (res.body?.data === undefined && errors.length === 0) {
        defects.push({ query, problem: 'neither data nor errors' });
      }
      withData += res.status === 200 && res.body?.data && errors.length === 0 ? 1 : 0;
    }
    expect(defects.slice(0, 5)).toEqual([]);
    // Enough of them are valid and answered in full to reach the resolvers.
    expect(withData).toBeGreaterThan(DOCUMENTS * 0.1);
  }, 120_000);
});
