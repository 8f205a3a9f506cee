import type { Filter, RecordKind } from '../../filters/model';
import { ValidationError } from '../../errors';
import { validateFilter, type RawFilter } from '../../filters/validate';

/**
 * GraphQL's typed `where` inputs (NodeWhere, EdgeWhere) as the shared filter model: each
 * typed field filter (`createdAt: { gte: ... }`) is one condition per operator given,
 * `property: [{ key, gt: ... }]` one per operator of each entry, `AND` / `OR` groups. The
 * exact-match shorthands (`entityType: String`, ...) of the top level are handled by the
 * resolvers as in REST; inside AND / OR they are `eq` conditions of their group.
 * Validation is `validateFilter`'s, with paths in argument terms (`args.where.OR.1.version`).
 */

type OperatorInput = Record<string, unknown> | null | undefined;

/** A where input as graphql-js hands it over: field filters, property filters, groups. */
export interface WhereInput {
  AND?: WhereInput[] | null;
  OR?: WhereInput[] | null;
  property?: (Record<string, unknown> & { key: string })[] | null;
  [field: string]: unknown;
}

/** Typed field filters per where input field name: the model's field each stands for. */
const TYPED_FIELDS: Readonly<Record<RecordKind, Readonly<Record<string, string>>>> = {
  node: {
    id: 'id',
    nameFilter: 'name',
    entityTypeFilter: 'entityType',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    version: 'version',
  },
  edge: {
    id: 'id',
    typeFilter: 'type',
    sourceIdFilter: 'sourceId',
    targetIdFilter: 'targetId',
    nodeIdFilter: 'nodeId',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    version: 'version',
  },
};

/** The exact-match shorthands per where input field name: the model's field each stands for. */
const SHORTHANDS: Readonly<Record<RecordKind, Readonly<Record<string, string>>>> = {
  node: { entityType: 'entityType', name: 'name' },
  edge: { type: 'type', sourceId: 'sourceId', targetId: 'targetId', nodeId: 'nodeId' },
};

/**
 * One condition per operator given. An entry that is there but names no operator (`{ key:
 * "x" }`, `createdAt: {}`) would otherwise match everything: it is refused.
 */
function conditionsOf(field: string, ops: OperatorInput, path: string): RawFilter[] {
  if (ops === null || ops === undefined) {
    return [];
  }
  const given = Object.entries(ops).filter(([, value]) => value !== null && value !== undefined);
  if (given.length === 0) {
    throw new ValidationError('A filter names no operator.', [
      { path, message: 'must give at least one operator (eq, gt, in, ...)' },
    ]);
  }
  return given.map(([op, value]) => ({
    field,
    op,
    value: { source: 'json' as const, value },
    path: `${path}.${op}`,
  }));
}

/**
 * The raw filters of one where input (ANDed); nested groups keep their paths. The
 * shorthands are read here only when `nested` (the resolvers read the top level's).
 */
function partsOf(kind: RecordKind, where: WhereInput, path: string, nested = false): RawFilter[] {
  const parts: RawFilter[] = [];
  if (nested) {
    for (const [name, field] of Object.entries(SHORTHANDS[kind])) {
      const value = where[name];
      if (value !== null && value !== undefined) {
        parts.push({ field, op: 'eq', value: { source: 'json', value }, path: `${path}.${name}` });
      }
    }
  }
  for (const [name, field] of Object.entries(TYPED_FIELDS[kind])) {
    parts.push(...conditionsOf(field, where[name] as OperatorInput, `${path}.${name}`));
  }
  (where.property ?? []).forEach(({ key, ...ops }, i) => {
    parts.push(...conditionsOf(`properties.${key}`, ops, `${path}.property.${i}`));
  });
  for (const group of ['AND', 'OR'] as const) {
    const items = where[group];
    if (items) {
      parts.push({
        group: group === 'AND' ? 'and' : 'or',
        items: items.map((item, i) => {
          const inner = partsOf(kind, item, `${path}.${group}.${i}`, true);
          return inner.length === 1 && inner[0]
            ? inner[0]
            : { group: 'and' as const, items: inner, path: `${path}.${group}.${i}` };
        }),
        path: `${path}.${group}`,
      });
    }
  }
  return parts;
}

/** The validated filter of a where input; `counted` shorthands count towards the limit. */
export function filterOfWhere(
  kind: RecordKind,
  where: WhereInput | null | undefined,
  counted: number,
): Filter | undefined {
  return where ? validateFilter(kind, partsOf(kind, where, 'args.where'), counted) : undefined;
}
