import { PROPERTY_KEY_PATTERN, RESERVED_PROPERTY_KEYS } from '../domain/properties';
import { ValidationError, type ValidationIssue } from '../errors';
import {
  EDGE_OWN_FIELDS,
  FILTER_LIMITS,
  FILTER_OPERATORS,
  NODE_OWN_FIELDS,
  type Condition,
  type FieldRef,
  type Filter,
  type FilterOperator,
  type FilterScalar,
  type RecordKind,
  type ValueKind,
} from './model';
import {
  booleanValue,
  instantValue,
  integerValue,
  kindOf,
  listItems,
  propertyValue,
  stringValue,
  type Converted,
  type OwnKind,
  type RawValue,
} from './values';

/**
 * Validation of filters, the one place that decides what a condition may say. Input comes
 * from any surface as a raw tree whose nodes carry the path a client sees in
 * `details.issues[].path`; the result is the typed `Filter` the adapters compile, or one
 * VALIDATION_ERROR listing every problem.
 */

/** A condition as a surface read it, before validation. */
export interface RawCondition {
  field: string;
  op: string;
  value: RawValue;
  /** Where the condition is in the request, e.g. `query.filter[properties.rpm][gt]`. */
  path: string;
}

/** A raw group: `and` or `or` of raw filters. */
export interface RawGroup {
  group: 'and' | 'or';
  items: RawFilter[];
  path: string;
}

export type RawFilter = RawCondition | RawGroup;

const OWN_KINDS: Readonly<Record<string, OwnKind>> = {
  id: 'text',
  name: 'text',
  entityType: 'text',
  type: 'text',
  sourceId: 'text',
  targetId: 'text',
  nodeId: 'text',
  createdAt: 'instant',
  updatedAt: 'instant',
  version: 'integer',
};

/** Operators per kind of field; `exists` only makes sense for properties. */
const OPERATORS_OF: Readonly<Record<OwnKind | 'property' | 'nodeId', readonly FilterOperator[]>> = {
  text: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'contains', 'startsWith'],
  instant: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin'],
  integer: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin'],
  nodeId: ['eq', 'ne', 'in', 'nin'],
  property: FILTER_OPERATORS,
};

const PROPERTY_PREFIX = 'properties.';

type Resolved = { ref: FieldRef; fieldKind: OwnKind | 'property' | 'nodeId' } | { problem: string };

function resolveField(kind: RecordKind, field: string): Resolved {
  if (field.startsWith(PROPERTY_PREFIX)) {
    const key = field.slice(PROPERTY_PREFIX.length);
    if (key.includes('.')) {
      return {
        problem: `"${key}" is a path: properties are flat (values are scalars or arrays of scalars), so only top-level keys can be filtered`,
      };
    }
    if (!PROPERTY_KEY_PATTERN.test(key)) {
      return {
        problem:
          'property keys start with a letter or _ and contain only letters, digits and _ (at most 64)',
      };
    }
    if (RESERVED_PROPERTY_KEYS[kind].has(key)) {
      return { problem: `"${key}" is a field of the record, not a property: filter on "${key}"` };
    }
    return { ref: { kind: 'property', key }, fieldKind: 'property' };
  }
  const own: readonly string[] = kind === 'node' ? NODE_OWN_FIELDS : EDGE_OWN_FIELDS;
  if (!own.includes(field)) {
    return {
      problem: `unknown field "${field}"; ${kind} lists filter on ${own.join(', ')} or properties.<key>`,
    };
  }
  const ownKind = OWN_KINDS[field] ?? 'text';
  const fieldKind = field === 'nodeId' ? 'nodeId' : ownKind;
  return {
    ref: { kind: 'own', name: field } as FieldRef,
    fieldKind,
  };
}

function scalarOf(
  fieldKind: OwnKind | 'property' | 'nodeId',
  raw: RawValue,
): Converted<{ value: FilterScalar; kind: ValueKind }> {
  const wrap = <T extends FilterScalar>(c: Converted<T>, kind: (v: T) => ValueKind) =>
    c.ok ? { ok: true as const, value: { value: c.value, kind: kind(c.value) } } : c;
  switch (fieldKind) {
    case 'instant':
      return wrap(instantValue(raw), () => 'instant');
    case 'integer':
      return wrap(integerValue(raw), () => 'integer');
    case 'property':
      return wrap(propertyValue(raw), kindOf);
    default:
      return wrap(stringValue(raw), () => 'text');
  }
}

/** Which value kinds an operator accepts on a property. */
function propertyProblem(op: FilterOperator, kind: ValueKind): string | null {
  if ((op === 'gt' || op === 'gte' || op === 'lt' || op === 'lte') && kind === 'boolean') {
    return `${op} compares numbers or strings, not booleans`;
  }
  if (op === 'startsWith' && kind !== 'string') {
    return 'startsWith needs a string';
  }
  return null;
}

function condition(kind: RecordKind, raw: RawCondition, issues: ValidationIssue[]): Filter | null {
  const report = (message: string) => {
    issues.push({ path: raw.path, message });
    return null;
  };
  const resolved = resolveField(kind, raw.field);
  if ('problem' in resolved) {
    return report(resolved.problem);
  }
  if (!(FILTER_OPERATORS as readonly string[]).includes(raw.op)) {
    return report(`unknown operator "${raw.op}"; operators are ${FILTER_OPERATORS.join(', ')}`);
  }
  const op = raw.op as FilterOperator;
  const { ref, fieldKind } = resolved;
  if (!OPERATORS_OF[fieldKind].includes(op)) {
    return report(
      `operator ${op} does not apply to ${raw.field}; it takes ${OPERATORS_OF[fieldKind].join(', ')}`,
    );
  }
  let built: Condition;
  if (op === 'exists') {
    const value = booleanValue(raw.value);
    if (!value.ok) {
      return report(`${raw.field} ${op}: value ${value.problem}`);
    }
    built = { field: ref, op, value: value.value, kind: 'boolean' };
  } else if (op === 'in' || op === 'nin') {
    const items = listItems(raw.value);
    if (!items.ok) {
      return report(`${raw.field} ${op}: value ${items.problem}`);
    }
    const values: FilterScalar[] = [];
    const kinds = new Set<ValueKind>();
    for (const item of items.value) {
      const converted = scalarOf(fieldKind, item);
      if (!converted.ok) {
        return report(`${raw.field} ${op}: every value ${converted.problem}`);
      }
      values.push(converted.value.value);
      kinds.add(converted.value.kind);
    }
    const [only] = kinds;
    if (kinds.size > 1 || only === undefined) {
      return report(
        `${raw.field} ${op}: the values mix types (${[...kinds].join(', ')}); quote strings as "..."`,
      );
    }
    built = { field: ref, op, value: values, kind: only };
  } else {
    // A query-string prefix on a property is text as written (`1000` is not a number here);
    // a typed `where` value keeps its type, and must be a string (propertyProblem).
    const textPrefix =
      op === 'startsWith' && raw.value.source === 'text' && fieldKind === 'property';
    const converted = textPrefix ? scalarOf('text', raw.value) : scalarOf(fieldKind, raw.value);
    if (!converted.ok) {
      return report(`${raw.field} ${op}: value ${converted.problem}`);
    }
    const valueKind = textPrefix ? 'string' : converted.value.kind;
    const problem = fieldKind === 'property' ? propertyProblem(op, valueKind) : null;
    if (problem) {
      return report(`${raw.field} ${op}: ${problem}`);
    }
    built = { field: ref, op, value: converted.value.value, kind: valueKind };
  }
  return fieldKind === 'nodeId' ? eitherEnd(built) : built;
}

/**
 * `nodeId` is either end: `eq`/`in` match the source or the target, `ne`/`nin` neither.
 * Rewritten here so that no engine needs a notion of it.
 */
function eitherEnd(c: Condition): Filter {
  const ends: Condition[] = [
    { ...c, field: { kind: 'own', name: 'sourceId' } },
    { ...c, field: { kind: 'own', name: 'targetId' } },
  ];
  return c.op === 'eq' || c.op === 'in' ? { or: ends } : { and: ends };
}

interface Walk {
  conditions: number;
  issues: ValidationIssue[];
}

function walk(kind: RecordKind, raw: RawFilter, depth: number, state: Walk): Filter | null {
  if ('group' in raw) {
    if (depth >= FILTER_LIMITS.maxDepth) {
      state.issues.push({
        path: raw.path,
        message: `groups nest at most ${FILTER_LIMITS.maxDepth} deep`,
      });
      return null;
    }
    if (raw.items.length === 0) {
      state.issues.push({
        path: raw.path,
        message: `an ${raw.group} group needs at least one item`,
      });
      return null;
    }
    const items = raw.items.map((item) => walk(kind, item, depth + 1, state));
    if (items.some((item) => item === null)) {
      return null;
    }
    const valid = items as Filter[];
    return raw.group === 'and' ? { and: valid } : { or: valid };
  }
  state.conditions += 1;
  if (state.conditions === FILTER_LIMITS.maxConditions + 1) {
    state.issues.push({
      path: raw.path,
      message: `a filter has at most ${FILTER_LIMITS.maxConditions} conditions`,
    });
  }
  return condition(kind, raw, state.issues);
}

/**
 * Validates every raw filter of a request (they are ANDed) and returns the typed filter,
 * undefined when there is none. Throws one VALIDATION_ERROR naming every problem.
 * `counted`: conditions the request already holds elsewhere (the exact-match shorthands),
 * which count towards the limit too.
 */
export function validateFilter(
  kind: RecordKind,
  raws: readonly RawFilter[],
  counted = 0,
): Filter | undefined {
  const state: Walk = { conditions: counted, issues: [] };
  const filters = raws.map((raw) => walk(kind, raw, 0, state));
  const first = state.issues[0];
  if (first) {
    throw new ValidationError(`Invalid filter: ${first.path}: ${first.message}`, state.issues);
  }
  const valid = filters as Filter[];
  if (valid.length === 0) {
    return undefined;
  }
  return valid.length === 1 ? valid[0] : { and: valid };
}
