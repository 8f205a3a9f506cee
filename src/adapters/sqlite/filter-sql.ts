import { PROPERTY_KEY_PATTERN } from '../../domain/properties';
import * as model from '../../filters/model';
import { prefixUpperBound } from '../../filters/prefix';

/**
 * Compiles a validated filter into a SQLite condition. Every value is a named parameter
 * (`@f0`, `@f1`, ...) and so is the JSON path of a property (`json_extract(properties, @f2)`).
 * The one exception is a property with a declared expression index: SQLite matches an index
 * expression only against the same literal text, so its path is written as the literal
 * `'$.<key>'`, where the key comes from the configured index list (never from the request)
 * and is checked against the property key pattern again here, which admits no quote.
 *
 * Type rule (identical in the Neo4j compiler): a property condition matches only a stored
 * value of the condition's type (number, string or boolean), whatever the operator, `ne` and
 * `nin` included; a missing property or one of another type never matches, except for
 * `exists: false`.
 */

/** The SQL text of a condition and the parameters it binds. */
export interface SqlCondition {
  sql: string;
  params: Record<string, unknown>;
}

/** Where a list's fields live in its table. */
export interface SqlFields {
  own: Readonly<Partial<Record<model.OwnField, string>>>;
  /** The JSON column holding the properties. */
  properties: string;
  /** Keys whose expression index exists (their path is written literally). */
  indexedKeys: ReadonlySet<string>;
}

const JSON_TYPES: Readonly<Record<'string' | 'number' | 'boolean', string>> = {
  string: "= 'text'",
  number: "IN ('integer', 'real')",
  boolean: "IN ('true', 'false')",
};

/** The literal JSON path of an indexed key: only ever built from a validated key. */
export function literalPath(key: string): string {
  if (!PROPERTY_KEY_PATTERN.test(key)) {
    throw new Error(`Not a valid property key: ${JSON.stringify(key)}`);
  }
  return `'$.${key}'`;
}

/** SQLite has no booleans: JSON true/false read back as 1/0. */
function bindable(value: model.FilterScalar): string | number {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

class Compiler {
  readonly params: Record<string, unknown> = {};
  private next = 0;

  constructor(private readonly fields: SqlFields) {}

  bind(value: unknown): string {
    const name = `f${this.next}`;
    this.next += 1;
    this.params[name] = value;
    return `@${name}`;
  }

  /** `facts`: what the enclosing conjunction says about property keys (ConjunctionFacts). */
  filter(filter: model.Filter, facts: ConjunctionFacts = NO_FACTS): string {
    if (model.isCondition(filter)) {
      return filter.field.kind === 'own'
        ? this.own(filter.field.name, filter)
        : this.property(filter.field.key, filter, facts);
    }
    if ('and' in filter) {
      const own = conjunctionFacts(filter);
      const inner: ConjunctionFacts = {
        closedRanges: new Set([...facts.closedRanges, ...own.closedRanges]),
        numbersOnly: new Set([...facts.numbersOnly, ...own.numbersOnly]),
      };
      return `(${filter.and.map((item) => this.filter(item, inner)).join(' AND ')})`;
    }
    return `(${filter.or.map((item) => this.filter(item)).join(' OR ')})`;
  }

  private own(field: model.OwnField, c: model.Condition): string {
    const column = this.fields.own[field];
    if (column === undefined) {
      throw new Error(`Not a field of this list: ${field}`);
    }
    switch (c.op) {
      case 'in':
      case 'nin':
        return `${column} ${c.op === 'in' ? 'IN' : 'NOT IN'} (SELECT value FROM json_each(${this.bind(JSON.stringify(c.value))}))`;
      case 'contains':
        return `instr(${column}, ${this.bind(c.value)}) > 0`;
      case 'startsWith':
        return this.prefix(column, c.value as string);
      case 'exists':
        throw new Error('exists applies to properties only');
      default:
        return `${column} ${model.COMPARISON_SYMBOLS[c.op]} ${this.bind(c.value)}`;
    }
  }

  /**
   * A range on the prefix (an index can serve it), then the exact check, on the UTF-8 bytes:
   * SQLite's length() of a text stops at its first NUL, which a prefix may hold.
   */
  private prefix(expression: string, prefix: string): string {
    const upper = prefixUpperBound(prefix);
    const p = this.bind(prefix);
    const bytes = this.bind(Buffer.from(prefix, 'utf8'));
    // A BLOB sorts after every TEXT: the upper bound when no string is greater.
    const u = this.bind(upper ?? Buffer.alloc(0));
    return `(${expression} >= ${p} AND ${expression} < ${u} AND substr(CAST(${expression} AS BLOB), 1, length(${bytes})) = ${bytes})`;
  }

  private property(key: string, c: model.Condition, facts: ConjunctionFacts): string {
    const path = this.fields.indexedKeys.has(key) ? literalPath(key) : this.bind(`$.${key}`);
    const json = this.fields.properties;
    const value = `json_extract(${json}, ${path})`;
    const type = `json_type(${json}, ${path})`;
    if (c.op === 'exists') {
      return `${type} IS ${c.value === true ? 'NOT NULL' : 'NULL'}`;
    }
    const kind = c.kind === 'number' || c.kind === 'boolean' ? c.kind : 'string';
    const guard = `${type} ${JSON_TYPES[kind]}`;
    switch (c.op) {
      case 'in':
      case 'nin': {
        const list = JSON.stringify(c.value);
        return `(${guard} AND ${value} ${c.op === 'in' ? 'IN' : 'NOT IN'} (SELECT value FROM json_each(${this.bind(list)})))`;
      }
      case 'contains': {
        const item = this.bind(bindable(c.value as model.FilterScalar));
        const member = `(${type} = 'array' AND EXISTS (SELECT 1 FROM json_each(${json}, ${path}) AS item WHERE item.type ${JSON_TYPES[kind]} AND item.value = ${item}))`;
        return kind === 'string'
          ? `((${guard} AND instr(${value}, ${item}) > 0) OR ${member})`
          : member;
      }
      case 'startsWith':
        return `(${guard} AND ${this.prefix(value, c.value as string)})`;
      default: {
        const bound = this.bind(bindable(c.value as model.FilterScalar));
        // Numbers sort before every TEXT and TEXT after every number: the extra bound keeps
        // an index range on one type (the guard alone would leave it open-ended). Not when
        // the conjunction bounds the other side itself: SQLite seeks with only one upper
        // (or lower) bound, and given two it took the type bound, reading every number
        // above the lower one instead of the range.
        const typed = facts.closedRanges.has(rangeKey(key, kind))
          ? ''
          : kind === 'number' && (c.op === 'gt' || c.op === 'gte')
            ? ` AND ${value} < ''`
            : kind === 'string' && (c.op === 'lt' || c.op === 'lte')
              ? ` AND ${value} >= ''`
              : '';
        // JSON true and false read back as 1 and 0: besides numbers, the only values a
        // comparison with a number can let through (text sorts after every number, and the
        // bounds above keep it out; NULL compares false). When neither 0 nor 1 satisfies
        // the comparison the type check changes nothing and is left out, so that an index
        // on the key answers the condition without reading the record.
        // Within a conjunction, one such comparison on the key keeps 0 and 1 out for all.
        const numbersOnly =
          kind === 'number' &&
          (!admitsZeroOrOne(c.op, c.value as number) || facts.numbersOnly.has(key));
        const check = numbersOnly ? '' : `${guard} AND `;
        return `(${check}${value} ${model.COMPARISON_SYMBOLS[c.op]} ${bound}${typed})`;
      }
    }
  }
}

/** What a conjunction (with the conjunctions nested in it, not through an OR) says of keys. */
interface ConjunctionFacts {
  /** Property ranges (`rangeKey`) bounded from below and from above with one kind of value. */
  closedRanges: ReadonlySet<string>;
  /** Property keys compared with a number that neither 0 nor 1 satisfies. */
  numbersOnly: ReadonlySet<string>;
}

const NO_FACTS: ConjunctionFacts = { closedRanges: new Set(), numbersOnly: new Set() };

/** Whether 0 or 1 (how SQLite reads JSON false and true) satisfies `x <op> bound`. */
function admitsZeroOrOne(op: model.Condition['op'], bound: number): boolean {
  const satisfies = (x: number): boolean => {
    switch (op) {
      case 'eq':
        return x === bound;
      case 'gt':
        return x > bound;
      case 'gte':
        return x >= bound;
      case 'lt':
        return x < bound;
      case 'lte':
        return x <= bound;
      default:
        return true;
    }
  };
  return satisfies(0) || satisfies(1);
}

/** Names a property range of one value kind. */
function rangeKey(key: string, kind: string): string {
  return `${kind}:${key}`;
}

/** The ConjunctionFacts of one conjunction. */
function conjunctionFacts(filter: { and: model.Filter[] }): ConjunctionFacts {
  const lower = new Set<string>();
  const upper = new Set<string>();
  const numbersOnly = new Set<string>();
  const visit = (item: model.Filter): void => {
    if (!model.isCondition(item)) {
      if ('and' in item) {
        item.and.forEach(visit);
      }
      return;
    }
    // The kinds as `property` compiles them: anything but a number or boolean is a string.
    const kind = item.kind === 'number' || item.kind === 'boolean' ? item.kind : 'string';
    if (item.field.kind !== 'property' || kind === 'boolean') {
      return;
    }
    const key = rangeKey(item.field.key, kind);
    if (kind === 'number' && !admitsZeroOrOne(item.op, item.value as number)) {
      numbersOnly.add(item.field.key);
    }
    if (item.op === 'gt' || item.op === 'gte') {
      lower.add(key);
    } else if (item.op === 'lt' || item.op === 'lte') {
      upper.add(key);
    }
  };
  visit(filter);
  return { closedRanges: new Set([...lower].filter((key) => upper.has(key))), numbersOnly };
}

/** The SQL condition for `filter` (with its parameters); `1` when there is none. */
export function compileFilter(filter: model.Filter | undefined, fields: SqlFields): SqlCondition {
  if (!filter) {
    return { sql: '1', params: {} };
  }
  const compiler = new Compiler(fields);
  const sql = compiler.filter(filter);
  return { sql, params: compiler.params };
}
