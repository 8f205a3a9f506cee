import type { Database } from 'better-sqlite3';
import {
  addDuration,
  formatDateTime,
  inYearRange,
  parseDate,
  parseDateTime,
} from '../../../../cypher/temporal';
import * as scalars from './scalar-functions';
import { extremeOf } from './value-order';

/**
 * SQL functions for what SQLite's own functions answer differently from Cypher: Unicode
 * case mapping (SQLite's lower() and upper() know ASCII only), parsing numbers from text
 * (CAST turns 'abc' into 0, Cypher into null), Cypher's text of a float, dates and times,
 * and list concatenation. Registered on the connection that runs analyst queries; all
 * deterministic, none reads the database.
 */
/** Prefix of the message of an error `cy_value_error` raises (engine.ts maps it to a 400). */
export const VALUE_ERROR = 'cypher value error: ';

export function registerCypherFunctions(db: Database): void {
  const fn = (name: string, impl: (...args: never[]) => unknown) =>
    db.function(name, { deterministic: true }, impl as (...args: unknown[]) => unknown);
  // Raises a Cypher value error (integer division by zero) from inside a statement.
  db.function('cy_value_error', { deterministic: false }, (message: unknown) => {
    throw new Error(`${VALUE_ERROR}${String(message)}`);
  });
  fn('cy_tolower', (x: unknown) => (typeof x === 'string' ? x.toLowerCase() : null));
  fn('cy_toupper', (x: unknown) => (typeof x === 'string' ? x.toUpperCase() : null));
  fn('cy_trim', (x: unknown) => (typeof x === 'string' ? x.trim() : null));
  fn('cy_round', scalars.round);
  fn('cy_floor', scalars.floor);
  fn('cy_ceil', scalars.ceil);
  fn('cy_sqrt', scalars.sqrt);
  fn('cy_sign', scalars.sign);
  fn('cy_substring', scalars.substring);
  fn('cy_side', scalars.side);
  fn('cy_replace', scalars.replace);
  fn('cy_split', scalars.split);
  fn('cy_ltrim', scalars.ltrim);
  fn('cy_rtrim', scalars.rtrim);
  fn('cy_reverse_text', scalars.reverseText);
  fn('cy_reverse_list', scalars.reverseList);
  fn('cy_tail', scalars.tail);
  fn('cy_range', scalars.range);
  fn('cy_text_to_boolean', scalars.textToBoolean);
  fn('cy_json_string', scalars.jsonString);
  fn('cy_list_path', scalars.listPath);
  fn('cy_json_number', scalars.jsonNumber);
  fn('cy_json_integer', scalars.jsonInteger);
  fn('cy_json_text_or_number', scalars.jsonTextOrNumber);
  fn('cy_reverse_json', scalars.reverseJson);
  fn('cy_json_to_boolean', scalars.jsonToBoolean);
  fn('cy_to_integer', (x: unknown) => toInteger(x));
  fn('cy_to_float', (x: unknown) => toFloat(x));
  fn('cy_to_string', (x: unknown, kind: unknown) => toCypherString(x, kind));
  fn('cy_datetime', (x: unknown) => {
    const millis = typeof x === 'string' ? parseDateTime(x) : null;
    return millis === null ? null : formatDateTime(millis);
  });
  fn('cy_date', (x: unknown) => (typeof x === 'string' ? parseDate(x) : null));
  fn(
    'cy_add',
    (
      value: unknown,
      months: unknown,
      days: unknown,
      millis: unknown,
      sign: unknown,
      isDate: unknown,
    ) => {
      if (typeof value !== 'string') {
        return null;
      }
      const duration = {
        kind: 'duration' as const,
        months: Number(months),
        days: Number(days),
        millis: Number(millis),
      };
      const direction = Number(sign) < 0 ? -1 : 1;
      const date = Number(isDate) === 1;
      const at = parseDateTime(value);
      if (at === null) {
        return null;
      }
      const moved = addDuration(at, date ? { ...duration, millis: 0 } : duration, direction);
      // Past the year 9999 (or before 0000) there is no text to show: null.
      if (!inYearRange(moved)) {
        return null;
      }
      return date ? formatDateTime(moved).slice(0, 10) : formatDateTime(moved);
    },
  );
  // `=` between lists or maps: 1, 0, or null when only a null inside could decide it.
  for (const kind of ['min', 'max'] as const) {
    db.aggregate(`cy_${kind}`, { deterministic: true, ...extremeOf(kind) });
  }
  fn('cy_equals', (left: unknown, right: unknown) => {
    if (typeof left !== 'string' || typeof right !== 'string') {
      return null;
    }
    const equal = scalars.cypherEquals(JSON.parse(left), JSON.parse(right));
    return equal === null ? null : equal ? 1 : 0;
  });
  fn('cy_in', (item: unknown, list: unknown) => {
    const found = scalars.cypherIn(
      typeof item === 'string' ? (JSON.parse(item) as unknown) : null,
      typeof list === 'string' ? (JSON.parse(list) as unknown) : null,
    );
    return found === null ? null : found ? 1 : 0;
  });
  fn('cy_concat', (left: unknown, right: unknown, leftList: unknown, rightList: unknown) => {
    if (typeof left !== 'string' || typeof right !== 'string') {
      return null;
    }
    const l: unknown = JSON.parse(left);
    const r: unknown = JSON.parse(right);
    const spread = (value: unknown, isList: unknown): unknown[] =>
      Number(isList) === 1 && Array.isArray(value) ? (value as unknown[]) : [value];
    const [a, b] = [spread(l, leftList), spread(r, rightList)];
    // As range() is bounded: `r + r + r ...` would otherwise grow without end.
    if (a.length + b.length > scalars.MAX_RANGE_ITEMS) {
      throw new Error(
        `${scalars.SIZE_LIMIT}a list + would make ${a.length + b.length} items; at most ${scalars.MAX_RANGE_ITEMS} are allowed`,
      );
    }
    const text = JSON.stringify([...a, ...b]);
    if (text.length > scalars.MAX_TEXT_CHARS) {
      throw new Error(
        `${scalars.SIZE_LIMIT}a list + would make ${text.length} characters of JSON; at most ${scalars.MAX_TEXT_CHARS} are allowed`,
      );
    }
    return text;
  });
}

const INTEGER_TEXT = /^[+-]?\d+$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const MIN_INTEGER = -(2n ** 63n);
const MAX_INTEGER = 2n ** 63n - 1n;
/** 2^63: the smallest double above every 64-bit integer. */
const INTEGER_BOUND = 2 ** 63;

/**
 * Cypher's toInteger: whole numbers, numbers truncated, numeric text; else null. Text
 * whose value is outside the 64-bit integers is an error, as on Neo4j ("integer, ..., is too
 * large"), not a number no integer has; a float outside them saturates, as Neo4j's
 * conversion does.
 */
export function toInteger(x: unknown): number | null {
  if (typeof x === 'number') {
    return Number.isFinite(x)
      ? Math.min(Math.max(Math.trunc(x), -INTEGER_BOUND), INTEGER_BOUND)
      : null;
  }
  if (typeof x === 'bigint') {
    return Number(x);
  }
  if (typeof x === 'string') {
    let value: number | null = null;
    if (INTEGER_TEXT.test(x)) {
      const exact = BigInt(x);
      value = exact < MIN_INTEGER || exact > MAX_INTEGER ? Number.NaN : Number(exact);
    } else if (NUMBER_TEXT.test(x)) {
      const truncated = Math.trunc(Number(x));
      value = truncated < -INTEGER_BOUND || truncated >= INTEGER_BOUND ? Number.NaN : truncated;
    }
    if (Number.isNaN(value)) {
      throw new Error(`${VALUE_ERROR}integer, ${x}, is too large`);
    }
    return value;
  }
  return null;
}

/** Cypher's toFloat: numbers, numeric text; else null. */
export function toFloat(x: unknown): number | null {
  if (typeof x === 'number') {
    return x;
  }
  if (typeof x === 'string' && NUMBER_TEXT.test(x)) {
    return Number(x);
  }
  return null;
}

/**
 * Cypher's toString of a number or boolean, with the SQL kind the value had (`integer`,
 * `real`/`float`, `text`, `true`/`false`, `boolean`): a float always shows a fraction or an
 * exponent (`1.0`, `1.0E7`), as Neo4j prints it.
 */
export function toCypherString(x: unknown, kind: unknown): string | null {
  // SQLite hands a scalar: text, a number or a bigint.
  if (typeof x !== 'string' && typeof x !== 'number' && typeof x !== 'bigint') {
    return null;
  }
  switch (kind) {
    case 'text':
    case 'string':
      return String(x);
    case 'true':
    case 'false':
      return String(kind);
    case 'boolean':
      return Number(x) === 1 ? 'true' : 'false';
    case 'integer':
      return String(x);
    case 'real':
    case 'float':
    case 'number':
      return typeof x === 'number' ? floatText(x, kind !== 'number') : String(x);
    default:
      return null;
  }
}

function floatText(x: number, alwaysFloat: boolean): string {
  if (!Number.isFinite(x)) {
    return Number.isNaN(x) ? 'NaN' : x > 0 ? 'Infinity' : '-Infinity';
  }
  if (!alwaysFloat && Number.isInteger(x)) {
    return String(x);
  }
  const magnitude = Math.abs(x);
  if (magnitude === 0 || (magnitude >= 1e-3 && magnitude < 1e7)) {
    const text = String(x);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa = '0', exponent = '0'] = x.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}
