import type { Expr, FunctionCall } from '../../../../cypher/ast';
import { durationAsValueError } from '../../../../cypher/errors';
import { ANY, elementOf } from '../../../../cypher/types';
import type { ExpressionCompiler } from './compile-expression';
import { textOf } from './compile-operators';
import type { Frame, Ordering } from './frame';
import {
  convert,
  elementAt,
  jsonElement,
  jsonText,
  jsonType,
  scalar,
  type Compiled,
} from './representation';

/**
 * Function calls in SQL. Pure SQL where SQLite's own functions mean the same as Cypher's;
 * the `cy_*` functions (sql-functions.ts, registered on the connection that runs analyst
 * queries) where they do not (Unicode case, number parsing, temporal arithmetic).
 */
export function compileCall(
  compiler: ExpressionCompiler,
  call: FunctionCall,
  frame: Frame,
): Compiled {
  const type = call.type ?? ANY;
  const arg = (i: number): Compiled => {
    const expr = call.args[i];
    if (!expr) {
      throw new Error(`${call.name}() lacks argument ${i}`);
    }
    return compiler.compile(expr, frame);
  };
  const first = (): Expr => call.args[0]!;
  const nullable = (value: Compiled, sql: string) =>
    `(CASE WHEN ${value.sql} IS NULL THEN NULL ELSE ${sql} END)`;
  const entity = (column: string) => compiler.entityColumn(first(), frame, column);
  const done = (sql: string): Compiled => ({ sql, type });
  // Rows that stand for several matches (Frame.bothWays) weigh that much in a count or sum;
  // DISTINCT, min and max are the same over the set of values whatever the multiplicity.
  const weight = call.distinct ? null : frame.weight();
  switch (call.name) {
    case 'count':
      if (call.star) {
        return done(weight === null ? 'count(*)' : `coalesce(sum(${weight}), 0)`);
      }
      if (weight !== null) {
        return done(
          compiler.isMatchedRow(first(), frame)
            ? `coalesce(sum(${weight}), 0)`
            : `coalesce(sum(CASE WHEN ${arg(0).sql} IS NOT NULL THEN ${weight} END), 0)`,
        );
      }
      return done(`count(${call.distinct ? 'DISTINCT ' : ''}${arg(0).sql})`);
    case 'sum': {
      const value = numericScalar(arg(0));
      if (weight !== null) {
        return done(`coalesce(sum(${value} * ${weight}), 0)`);
      }
      return done(`coalesce(sum(${call.distinct ? 'DISTINCT ' : ''}${value}), 0)`);
    }
    case 'avg':
      return done(`avg(${call.distinct ? 'DISTINCT ' : ''}${numericScalar(arg(0))})`);
    case 'min':
    case 'max': {
      const value = arg(0);
      // A value known only at run time may be of any kind: compared in Cypher's order.
      return done(
        value.type.kind === 'any'
          ? `cy_${call.name}(${jsonText(value)})`
          : `${call.name}(${scalar(value)})`,
      );
    }
    case 'collect': {
      const value = arg(0);
      const order =
        call.distinct || frame.ordering.length === 0 ? '' : ` ORDER BY ${orderSql(frame.ordering)}`;
      const element = jsonElement(value);
      return done(
        `json_group_array(${call.distinct ? 'DISTINCT ' : ''}${element}${order}) FILTER (WHERE ${value.sql} IS NOT NULL)`,
      );
    }
    // A value that is not a node or relationship (a property, a null) has no id, labels or
    // type: null, as on Neo4j.
    case 'id':
    case 'elementid':
      return isEntity(first(), 'node', 'relationship') ? done(arg(0).sql) : done('NULL');
    case 'labels': {
      if (!isEntity(first(), 'node')) {
        return done('NULL');
      }
      const node = arg(0);
      return done(nullable(node, `json_array(${entity('entity_type')})`));
    }
    case 'type':
      return isEntity(first(), 'relationship') ? done(entity('type')) : done('NULL');
    case 'properties': {
      if (isEntity(first(), 'node', 'relationship')) {
        return done(entity('properties'));
      }
      const value = arg(0);
      return value.type.kind === 'map' ? done(value.sql) : done('NULL');
    }
    case 'keys': {
      const value = arg(0);
      const json =
        value.type.kind === 'node' || value.type.kind === 'relationship'
          ? entity('properties')
          : value.sql;
      // Only a map has keys (a property holding a list or a number has none); they are
      // listed in the order of their code points, on both engines.
      return done(
        `(CASE WHEN json_type(${json}) IS NOT 'object' THEN NULL ELSE (SELECT json_group_array(key ORDER BY key) FROM json_each(${json})) END)`,
      );
    }
    case 'size': {
      const value = arg(0);
      if (value.type.kind === 'list') {
        return done(`json_array_length(${value.sql})`);
      }
      if (value.type.kind === 'string') {
        return done(`length(${value.sql})`);
      }
      const t = jsonType(value);
      return done(
        `(CASE ${t} WHEN 'array' THEN json_array_length(${value.sql}) WHEN 'text' THEN length(${scalar(value)}) END)`,
      );
    }
    case 'length':
      return done(`json_array_length(${arg(0).sql}, '$[1]')`);
    case 'nodes':
      return done(`(${arg(0).sql} -> '$[0]')`);
    case 'relationships':
      return done(`(${arg(0).sql} -> '$[1]')`);
    case 'startnode':
      return isEntity(first(), 'relationship') ? done(entity('source_id')) : done('NULL');
    case 'endnode':
      return isEntity(first(), 'relationship') ? done(entity('target_id')) : done('NULL');
    case 'coalesce': {
      const values = call.args.map((_, i) => convert(arg(i), type));
      return done(values.length === 1 ? values[0]! : `coalesce(${values.join(', ')})`);
    }
    case 'tolower':
    case 'toupper':
    case 'trim':
      return done(`cy_${call.name}(${textScalar(arg(0))})`);
    case 'tostring': {
      const value = arg(0);
      return done(textOf(value));
    }
    case 'tointeger': {
      const value = arg(0);
      if (value.type.kind === 'integer' || value.type.kind === 'boolean') {
        return done(value.sql);
      }
      return done(`cy_to_integer(${scalar(value)})`);
    }
    case 'tofloat':
      return done(`cy_to_float(${scalarOf(arg(0), 'textOrNumber')})`);
    case 'abs':
      return done(`abs(${numericScalar(arg(0))})`);
    case 'round':
    case 'floor':
    case 'ceil':
    case 'sqrt':
    case 'sign':
      return done(`cy_${call.name}(${numericScalar(arg(0))})`);
    case 'substring': {
      const length = call.args.length > 2 ? integerScalar(arg(2)) : 'NULL';
      return done(
        `cy_substring(${textScalar(arg(0))}, ${integerScalar(arg(1))}, ${length}, ${call.args.length > 2 ? 1 : 0})`,
      );
    }
    case 'left':
    case 'right':
      return done(
        `cy_side(${textScalar(arg(0))}, ${integerScalar(arg(1))}, ${call.name === 'right' ? 1 : 0})`,
      );
    case 'replace':
      return done(
        `cy_replace(${textScalar(arg(0))}, ${textScalar(arg(1))}, ${textScalar(arg(2))})`,
      );
    case 'split':
      return done(`cy_split(${textScalar(arg(0))}, ${textScalar(arg(1))})`);
    case 'ltrim':
    case 'rtrim':
      return done(`cy_${call.name}(${textScalar(arg(0))})`);
    case 'reverse': {
      const value = arg(0);
      if (value.type.kind === 'string') {
        return done(`cy_reverse_text(${value.sql})`);
      }
      if (value.type.kind === 'list') {
        return done(`cy_reverse_list(${value.sql})`);
      }
      if (value.type.kind === 'null') {
        return done('NULL');
      }
      return done(
        value.property
          ? `(CASE ${jsonType(value)} WHEN 'text' THEN json_quote(cy_reverse_text(${scalar(value)})) WHEN 'array' THEN cy_reverse_list(${value.sql}) END)`
          : `cy_reverse_json(${value.sql})`,
      );
    }
    case 'tail': {
      const list = arg(0);
      // cy_tail answers null for JSON that is not a list.
      return done(`cy_tail(${list.sql})`);
    }
    case 'range': {
      const step = call.args.length > 2 ? integerScalar(arg(2)) : '1';
      return done(`cy_range(${integerScalar(arg(0))}, ${integerScalar(arg(1))}, ${step})`);
    }
    case 'toboolean': {
      const value = arg(0);
      switch (value.type.kind) {
        case 'boolean':
          return done(value.sql);
        case 'string':
          return done(`cy_text_to_boolean(${value.sql})`);
        case 'integer':
          return done(nullable(value, `(${value.sql} <> 0)`));
        case 'null':
          return done('NULL');
        default:
          return done(
            value.property
              ? `(CASE ${jsonType(value)} WHEN 'true' THEN 1 WHEN 'false' THEN 0 WHEN 'text' THEN cy_text_to_boolean(${scalar(value)}) WHEN 'integer' THEN (${scalar(value)} <> 0) END)`
              : `cy_json_to_boolean(${value.sql})`,
          );
      }
    }
    case 'head':
    case 'last': {
      const list = arg(0);
      const path = call.name === 'head' ? "'$[0]'" : "'$[#-1]'";
      const element = elementOf(list.type);
      if (list.type.kind === 'any') {
        return done(
          `(CASE ${jsonType(list)} WHEN 'array' THEN ${elementAt(list.sql, path, ANY)} END)`,
        );
      }
      return done(elementAt(list.sql, path, element));
    }
    case 'date': {
      const value = arg(0);
      if (value.type.kind === 'date') {
        return done(value.sql);
      }
      if (value.type.kind === 'datetime') {
        return done(`substr(${value.sql}, 1, 10)`);
      }
      return done(`cy_date(${scalar(value)})`);
    }
    case 'datetime': {
      const value = arg(0);
      return value.type.kind === 'datetime'
        ? done(value.sql)
        : done(`cy_datetime(${scalar(value)})`);
    }
    case 'duration':
      // A duration that is not a constant (duration(null), duration($p) of no map).
      throw durationAsValueError(call.pos);
    default:
      throw new Error(`the SQLite compiler has no function ${call.name}`);
  }
}

function isEntity(expr: Expr, ...kinds: ('node' | 'relationship')[]): boolean {
  const kind = expr.type?.kind;
  return kind === 'node' || kind === 'relationship' ? kinds.includes(kind) : false;
}

/**
 * How a value known only at run time is read as one kind of scalar: its JSON types, and the
 * SQL function (scalar-functions.ts) that reads it from JSON text of a computed value.
 */
const SCALAR_READS = {
  integer: { types: "= 'integer'", fromJson: 'cy_json_integer' },
  text: { types: "= 'text'", fromJson: 'cy_json_string' },
  number: { types: "IN ('integer', 'real')", fromJson: 'cy_json_number' },
  textOrNumber: { types: "IN ('integer', 'real', 'text')", fromJson: 'cy_json_text_or_number' },
} as const;

/**
 * An argument of one scalar kind: a value known only at run time of another kind (a string
 * property given to round(), a list property given to toUpper(), whose scalar would be its
 * JSON text) is null, as on Neo4j. A property is tested where it is stored; a computed
 * value is written once and its type read in JavaScript, so that nested calls do not write
 * their operand out again at every level.
 */
function scalarOf(c: Compiled, kind: keyof typeof SCALAR_READS): string {
  if (c.type.kind !== 'any') {
    return scalar(c);
  }
  const read = SCALAR_READS[kind];
  if (!c.property) {
    return `${read.fromJson}(${c.sql})`;
  }
  return `(CASE WHEN ${jsonType(c)} ${read.types} THEN ${scalar(c)} END)`;
}

const integerScalar = (c: Compiled): string => scalarOf(c, 'integer');
const textScalar = (c: Compiled): string => scalarOf(c, 'text');
/** A number to aggregate: a value that is not a number (a string property) counts as null. */
const numericScalar = (c: Compiled): string => scalarOf(c, 'number');

/**
 * True when an aggregate gives the same answer over rows weighed by Frame.weight as over
 * the rows expanded (see compileCall): avg and collect need every row.
 */
export function weighable(call: FunctionCall): boolean {
  return call.distinct || !['avg', 'collect'].includes(call.name);
}

/** An ORDER BY list (Cypher sorts null after every value, so last ascending, first descending). */
export function orderSql(ordering: readonly Ordering[]): string {
  return ordering
    .map((o) => `${notColumnNumber(o.sql)} ${o.descending ? 'DESC NULLS FIRST' : 'ASC NULLS LAST'}`)
    .join(', ');
}

/**
 * SQLite reads an integer literal in ORDER BY and GROUP BY as a column number (`ORDER BY
 * 1`): a term that compiled to one (a comparison known in advance, `'a' = 1`) is made an
 * expression, sorted or grouped on as a value.
 */
export function notColumnNumber(sql: string): string {
  return /^\(?\s*[+-]?\d+\s*\)?$/.test(sql) ? `(${sql} + 0)` : sql;
}
