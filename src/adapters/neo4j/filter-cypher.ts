import * as model from '../../filters/model';
import { quotePropertyKey } from './identifiers';
import { toDateTime, toInt } from './values';

/**
 * Compiles a validated filter into a Cypher predicate. Every value is a parameter (`$f0`,
 * `$f1`, ...) and so is the key of a property (`n[$f2]`, dynamic property access). The one
 * exception is a key with a declared index: Neo4j's planner uses an index only for a static
 * property access, so it is written `` n.`key` ``, the key coming from the declared index
 * list and quoted by `quotePropertyKey` (never from the request).
 *
 * Type rule (identical in the SQLite compiler): a property condition matches only a stored
 * value of the condition's type (number, string or boolean), whatever the operator, `ne` and
 * `nin` included; a missing property or one of another type never matches, except for
 * `exists: false`. The type predicates (`IS :: STRING NOT NULL`) make that explicit, since
 * Cypher's `<>` is true between values of different types.
 */

/** A predicate and the parameters it binds. */
export interface CypherCondition {
  text: string;
  params: Record<string, unknown>;
}

/** Where a list's fields live: an expression per own field, the property holder's variable. */
export interface CypherFields {
  own: Readonly<Partial<Record<model.OwnField, string>>>;
  /** The variable whose properties are filtered (`n`, or `r` for edges). */
  holder: string;
  indexedKeys: ReadonlySet<string>;
}

const TYPE_OF: Readonly<Record<'string' | 'number' | 'boolean', string>> = {
  string: 'STRING NOT NULL',
  number: 'INTEGER NOT NULL | FLOAT NOT NULL',
  boolean: 'BOOLEAN NOT NULL',
};

/** A value as the driver must send it for this kind (DATETIME, INTEGER). */
function driverValue(c: model.Condition, value: model.FilterScalar): unknown {
  if (c.kind === 'instant') {
    return toDateTime(value as string);
  }
  if (c.kind === 'integer') {
    return toInt(value as number);
  }
  return value;
}

/** Builds one predicate; parameter names continue across calls (one statement). */
export class CypherFilterCompiler {
  readonly params: Record<string, unknown> = {};
  private next = 0;

  constructor(private fields: CypherFields) {}

  /** The predicate of `filter`; `fields` (when given) from now on says where fields live. */
  compile(filter: model.Filter, fields?: CypherFields): string {
    if (fields) {
      this.fields = fields;
    }
    if (model.isCondition(filter)) {
      return filter.field.kind === 'own'
        ? this.own(filter.field.name, filter)
        : this.property(filter.field.key, filter);
    }
    const [joiner, items] = 'and' in filter ? [' AND ', filter.and] : [' OR ', filter.or];
    return `(${items.map((item) => this.compile(item)).join(joiner)})`;
  }

  private bind(value: unknown): string {
    const name = `f${this.next}`;
    this.next += 1;
    this.params[name] = value;
    return `$${name}`;
  }

  private own(field: model.OwnField, c: model.Condition): string {
    const x = this.fields.own[field];
    if (x === undefined) {
      throw new Error(`Not a field of this list: ${field}`);
    }
    const list = () => this.bind((c.value as model.FilterScalar[]).map((v) => driverValue(c, v)));
    switch (c.op) {
      case 'in':
        return `${x} IN ${list()}`;
      case 'nin':
        return `NOT ${x} IN ${list()}`;
      case 'contains':
        return `${x} CONTAINS ${this.bind(c.value)}`;
      case 'startsWith':
        return `${x} STARTS WITH ${this.bind(c.value)}`;
      case 'exists':
        throw new Error('exists applies to properties only');
      default:
        return `${x} ${model.COMPARISON_SYMBOLS[c.op]} ${this.bind(driverValue(c, c.value as model.FilterScalar))}`;
    }
  }

  private property(key: string, c: model.Condition): string {
    const { holder, indexedKeys } = this.fields;
    const x = indexedKeys.has(key)
      ? `${holder}.${quotePropertyKey(key)}`
      : `${holder}[${this.bind(key)}]`;
    if (c.op === 'exists') {
      return `${x} IS ${c.value === true ? 'NOT NULL' : 'NULL'}`;
    }
    const kind = c.kind === 'number' || c.kind === 'boolean' ? c.kind : 'string';
    const guard = `(${x} IS :: ${TYPE_OF[kind]})`;
    switch (c.op) {
      case 'in':
        return `(${guard} AND ${x} IN ${this.bind(c.value)})`;
      case 'nin':
        return `(${guard} AND NOT ${x} IN ${this.bind(c.value)})`;
      case 'contains': {
        const v = this.bind(c.value);
        // A list is searched item by item; IN on a string would be a type error, so the
        // list is taken only when it is one.
        const member = `any(item IN CASE WHEN ${x} IS :: LIST<ANY> NOT NULL THEN ${x} ELSE [] END WHERE (item IS :: ${TYPE_OF[kind]}) AND item = ${v})`;
        return kind === 'string' ? `((${guard} AND ${x} CONTAINS ${v}) OR ${member})` : member;
      }
      case 'startsWith':
        return `(${guard} AND ${x} STARTS WITH ${this.bind(c.value)})`;
      default:
        return `(${guard} AND ${x} ${model.COMPARISON_SYMBOLS[c.op]} ${this.bind(c.value)})`;
    }
  }
}

/** True when `filter` names a field that `available` does not hold (edges: r.version, properties). */
export function needsFields(filter: model.Filter, available: ReadonlySet<string>): boolean {
  if (model.isCondition(filter)) {
    return filter.field.kind === 'property' || !available.has(filter.field.name);
  }
  return ('and' in filter ? filter.and : filter.or).some((item) => needsFields(item, available));
}
