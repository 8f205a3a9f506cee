import type { SortKey } from '../../../domain/graph';
import {
  FILTER_OPERATORS,
  type Condition,
  type Filter,
  type FilterOperator,
  type OwnField,
  type ValueKind,
} from '../../../filters/model';
import type { Statement } from '../statement';
import { edgeLists, nodeLists } from './lists';

/**
 * The list shapes `test/unit/adapters/neo4j/cypher-lint.test.ts` checks: every operator on
 * every kind of field (own text, instant and integer fields, properties of each value type,
 * by parameter and through a declared index), AND and OR groups, each sort field in each direction, all
 * fields at once, by offset and after a position. Values do not change a statement's text,
 * so one value per kind stands for all.
 */

const SAMPLE: Readonly<Record<ValueKind, Condition['value']>> = {
  text: 'x',
  instant: '2026-01-01T00:00:00.000Z',
  integer: 1,
  string: 'x',
  number: 1,
  boolean: true,
};

function own(name: OwnField, op: FilterOperator, kind: ValueKind): Condition {
  const value = op === 'in' || op === 'nin' ? [SAMPLE[kind] as string] : SAMPLE[kind];
  return { field: { kind: 'own', name }, op, value, kind };
}

function property(key: string, op: FilterOperator, kind: ValueKind): Condition {
  const value =
    op === 'exists' ? true : op === 'in' || op === 'nin' ? [SAMPLE[kind] as string] : SAMPLE[kind];
  return { field: { kind: 'property', key }, op, value, kind };
}

const TEXT_OPS = FILTER_OPERATORS.filter((op) => op !== 'exists');
const ORDERED_OPS: FilterOperator[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin'];

function propertyConditions(key: string): Condition[] {
  return [
    ...TEXT_OPS.map((op) => property(key, op, 'string')),
    ...ORDERED_OPS.map((op) => property(key, op, 'number')),
    ...(['eq', 'ne', 'in', 'nin', 'contains'] as const).map((op) => property(key, op, 'boolean')),
    property(key, 'contains', 'number'),
    property(key, 'exists', 'boolean'),
  ];
}

function conditions(textFields: OwnField[]): Filter[] {
  return [
    ...textFields.flatMap((f) => TEXT_OPS.map((op) => own(f, op, 'text'))),
    ...(['createdAt', 'updatedAt'] as const).flatMap((f) =>
      ORDERED_OPS.map((op) => own(f, op, 'instant')),
    ),
    ...ORDERED_OPS.map((op) => own('version', op, 'integer')),
    ...propertyConditions('plain'),
    ...propertyConditions('indexed'),
  ];
}

function sorts<S extends string>(fields: readonly S[]): SortKey<S>[][] {
  return [
    [],
    ...fields.flatMap((field) =>
      (['asc', 'desc'] as const).map((direction) => [{ field, direction }]),
    ),
    fields.map((field) => ({ field, direction: 'desc' as const })),
  ];
}

/** Every statement shape of both lists that the lint test must see. */
export function listStatementsForLint(): Statement[] {
  const indexed = new Set(['indexed']);
  const all: Statement[] = [];
  const add = (s: { count: Statement; page: Statement }) => all.push(s.count, s.page);

  const nodeConditions = conditions(['id', 'name', 'entityType']);
  const nodeGroup: Filter = {
    or: [{ and: nodeConditions.slice(0, 3) }, ...nodeConditions.slice(-4)],
  };
  // Conditions are linted together (an OR of all, an AND of all): one statement parses
  // each fragment as well as many would, at a fraction of the lint time.
  for (const filter of [undefined, { or: nodeConditions }, { and: nodeConditions }, nodeGroup]) {
    add(nodeLists.statements(filter, [], false, indexed));
  }
  for (const sort of sorts(nodeLists.sortFields)) {
    for (const keyset of [false, true]) {
      add(nodeLists.statements(nodeGroup, sort, keyset, indexed));
      add(nodeLists.statements(undefined, sort, keyset, indexed));
    }
  }

  const edgeConditions = conditions(['id', 'type', 'sourceId', 'targetId']);
  const refOnly: Filter = { and: [own('type', 'eq', 'text'), own('sourceId', 'eq', 'text')] };
  const mixed: Filter = {
    and: [
      own('type', 'eq', 'text'),
      { or: [own('sourceId', 'eq', 'text'), own('targetId', 'eq', 'text')] },
      property('plain', 'gt', 'number'),
      { or: [own('version', 'gt', 'integer'), own('createdAt', 'lt', 'instant')] },
    ],
  };
  for (const filter of [
    undefined,
    { or: edgeConditions },
    { and: edgeConditions },
    refOnly,
    mixed,
  ]) {
    add(edgeLists.statements(filter, [], false, indexed));
  }
  for (const sort of sorts(edgeLists.sortFields)) {
    for (const keyset of [false, true]) {
      for (const filter of [undefined, refOnly, mixed]) {
        add(edgeLists.statements(filter, sort, keyset, indexed));
      }
    }
  }
  return [...new Map(all.map((s) => [s.name, s])).values()];
}
