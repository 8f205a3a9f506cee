/**
 * Cypher's numeric, string and list functions as JavaScript, for the SQL functions the
 * SQLite compiler calls (sql-functions.ts). Each takes what SQLite hands over (a number, a
 * bigint, text, or null; lists as JSON text) and answers null for a null or an argument of
 * another type, as the Neo4j emitter's guards make Neo4j answer (docs/cypher.md,
 * "Functions"). Strings count code points, as size() does.
 */

/** Most items range() makes on the embedded store (docs/cypher.md, "Limits"). */
export const MAX_RANGE_ITEMS = 1_000_000;

/** Longest string replace() makes (as long as the largest answer the endpoint sends). */
export const MAX_TEXT_CHARS = 16 * 1024 * 1024;

/**
 * Thrown by range() past MAX_RANGE_ITEMS and replace() past MAX_TEXT_CHARS; its message
 * carries this marker, for the engine to answer 400 CYPHER_LIMIT_EXCEEDED (`size`).
 */
export const SIZE_LIMIT = 'cypher size limit: ';

const isNumber = (x: unknown): x is number | bigint =>
  typeof x === 'number' || typeof x === 'bigint';

/** A whole number handed over by SQLite, within 2^53 (null for anything else). */
function whole(x: unknown): number | null {
  const n = typeof x === 'bigint' ? Number(x) : x;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
}

/** round(x): to the nearest whole number, ties towards positive infinity, as a float. */
export function round(x: unknown): number | null {
  return isNumber(x) ? Math.round(Number(x)) : null;
}

export function floor(x: unknown): number | null {
  return isNumber(x) ? Math.floor(Number(x)) : null;
}

export function ceil(x: unknown): number | null {
  return isNumber(x) ? Math.ceil(Number(x)) : null;
}

/** sqrt(x): NaN for a negative number, which SQLite stores (and the API shows) as null. */
export function sqrt(x: unknown): number | null {
  return isNumber(x) ? Math.sqrt(Number(x)) : null;
}

/** sign(x): -1, 0 or 1, an integer. */
export function sign(x: unknown): number | null {
  return isNumber(x) ? Math.sign(Number(x)) : null;
}

/**
 * substring(text, start, length?): `length` code points from the 0-based `start` (to the
 * end without a length). A negative start or length is null.
 */
export function substring(
  text: unknown,
  start: unknown,
  length: unknown,
  hasLength: unknown,
): string | null {
  const from = whole(start);
  const count = Number(hasLength) === 1 ? whole(length) : Infinity;
  if (typeof text !== 'string' || from === null || from < 0 || count === null || count < 0) {
    return null;
  }
  const points = Array.from(text);
  return points.slice(from, from + count).join('');
}

/** left(text, n) and right(text, n): the first or last `n` code points; negative n is null. */
export function side(text: unknown, n: unknown, fromEnd: unknown): string | null {
  const count = whole(n);
  if (typeof text !== 'string' || count === null || count < 0) {
    return null;
  }
  const points = Array.from(text);
  if (count >= points.length) {
    return text;
  }
  return (
    Number(fromEnd) === 1 ? points.slice(points.length - count) : points.slice(0, count)
  ).join('');
}

/**
 * replace(text, search, replacement): every occurrence; an empty search puts the
 * replacement before each code point and at the end (as Java's String.replace does).
 */
export function replace(text: unknown, search: unknown, replacement: unknown): string | null {
  if (typeof text !== 'string' || typeof search !== 'string' || typeof replacement !== 'string') {
    return null;
  }
  const points = search === '' ? Array.from(text) : null;
  const pieces = points ?? text.split(search);
  // Checked before the text is built: nested replace() calls multiply its length.
  const length =
    (points ? text.length + (points.length + 1) * replacement.length : text.length) +
    (points ? 0 : (pieces.length - 1) * (replacement.length - search.length));
  if (length > MAX_TEXT_CHARS) {
    throw new Error(
      `${SIZE_LIMIT}replace() would make a string of ${length} characters; at most ${MAX_TEXT_CHARS} are allowed`,
    );
  }
  if (points) {
    return `${replacement}${points.join(replacement)}${text === '' ? '' : replacement}`;
  }
  return pieces.join(replacement);
}

/**
 * split(text, delimiter) as a JSON list: empty strings kept (`'a,,b,'` is four items), the
 * text equal to the delimiter is two empty strings, an empty delimiter splits into
 * characters.
 */
export function split(text: unknown, delimiter: unknown): string | null {
  if (typeof text !== 'string' || typeof delimiter !== 'string') {
    return null;
  }
  // An empty delimiter splits between characters (code points); an empty text is one
  // empty string, as Neo4j splits it.
  if (delimiter === '') {
    return JSON.stringify(text === '' ? [''] : Array.from(text));
  }
  return JSON.stringify(text.split(delimiter));
}

export function ltrim(text: unknown): string | null {
  return typeof text === 'string' ? text.trimStart() : null;
}

export function rtrim(text: unknown): string | null {
  return typeof text === 'string' ? text.trimEnd() : null;
}

/** reverse(text), by code points. */
export function reverseText(text: unknown): string | null {
  return typeof text === 'string' ? Array.from(text).reverse().join('') : null;
}

/** A JSON list's items, or null when `json` is not JSON text of a list. */
function items(json: unknown): unknown[] | null {
  if (typeof json !== 'string') {
    return null;
  }
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value : null;
}

/** reverse(list), JSON in and out. */
export function reverseList(json: unknown): string | null {
  const list = items(json);
  return list === null ? null : JSON.stringify(list.reverse());
}

/** tail(list): all but the first item (an empty list stays empty). */
export function tail(json: unknown): string | null {
  const list = items(json);
  return list === null ? null : JSON.stringify(list.slice(1));
}

/**
 * range(start, end, step) as a JSON list of integers, `end` included when reached; empty
 * when `step` points away from `end`; null for a step of 0. More than MAX_RANGE_ITEMS items
 * throw (the engine answers 400 CYPHER_LIMIT_EXCEEDED, `size`).
 */
export function range(start: unknown, end: unknown, step: unknown): string | null {
  const a = whole(start);
  const b = whole(end);
  const by = whole(step);
  if (a === null || b === null || by === null || by === 0) {
    return null;
  }
  const count = Math.max(0, Math.floor((b - a) / by) + 1);
  if (count > MAX_RANGE_ITEMS) {
    throw new Error(
      `${SIZE_LIMIT}range() would make ${count} items; at most ${MAX_RANGE_ITEMS} are allowed`,
    );
  }
  const out = new Array<number>(count);
  for (let i = 0; i < count; i += 1) {
    out[i] = a + i * by;
  }
  return JSON.stringify(out);
}

/**
 * toBoolean of text: `true` or `false`, trimmed and in any case; other text is null.
 * (Booleans and integers are converted in SQL.)
 */
export function textToBoolean(text: unknown): number | null {
  if (typeof text !== 'string') {
    return null;
  }
  const lower = text.trim().toLowerCase();
  return lower === 'true' ? 1 : lower === 'false' ? 0 : null;
}

/**
 * The value of JSON text `json` (a value known only at run time that is not a property
 * read), or undefined when there is none: the helpers below read its type once in
 * JavaScript instead of writing the operand out once per SQL type test.
 */
function parsed(json: unknown): unknown {
  return typeof json === 'string' ? (JSON.parse(json) as unknown) : undefined;
}

/** The string a JSON value holds, else null. */
export function jsonString(json: unknown): string | null {
  const value = parsed(json);
  return typeof value === 'string' ? value : null;
}

/** The number a JSON value holds, else null. */
export function jsonNumber(json: unknown): number | null {
  const value = parsed(json);
  return typeof value === 'number' ? value : null;
}

/** The string or number a JSON value holds (what toFloat() reads), else null. */
export function jsonTextOrNumber(json: unknown): string | number | null {
  const value = parsed(json);
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** The integer a JSON value holds, else null. */
export function jsonInteger(json: unknown): number | null {
  const value = parsed(json);
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/** reverse() of a JSON value: a string or a list, as JSON; anything else null. */
export function reverseJson(json: unknown): string | null {
  const value = parsed(json);
  if (typeof value === 'string') {
    return JSON.stringify(reverseText(value));
  }
  return Array.isArray(value) ? JSON.stringify(value.reverse()) : null;
}

/** toBoolean() of a JSON value. */
export function jsonToBoolean(json: unknown): number | null {
  const value = parsed(json);
  if (typeof value === 'boolean') {
    return value ? 1 : 0;
  }
  if (typeof value === 'number') {
    return Number.isInteger(value) ? Number(value !== 0) : null;
  }
  return textToBoolean(value);
}

/**
 * The JSON path of list item `index` (`$[2]`, `$[#-1]` counting from the end); null when
 * the index is not an integer, so that the item is null.
 */
export function listPath(index: unknown): string | null {
  const i = whole(index);
  if (i === null) {
    return null;
  }
  return i < 0 ? `$[#${i}]` : `$[${i}]`;
}

/**
 * Cypher's `=` on values read from JSON: false when the kinds differ (a boolean is not a
 * number), numbers by value (`1 = 1.0`), lists item by item and maps key by key; null when
 * a null takes part and nothing else has decided (`[1, null] = [1, null]`, `{a: null} =
 * {a: null}`), as Cypher answers.
 */
export function cypherEquals(left: unknown, right: unknown): boolean | null {
  if (left === null || right === null) {
    return null;
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) {
      return false;
    }
    return allEqual(left.map((item, i) => [item, right[i]] as const));
  }
  if (typeof left === 'object' || typeof right === 'object') {
    if (typeof left !== 'object' || typeof right !== 'object') {
      return false;
    }
    const a = left as Record<string, unknown>;
    const b = right as Record<string, unknown>;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length || !keys.every((key) => Object.hasOwn(b, key))) {
      return false;
    }
    return allEqual(keys.map((key) => [a[key], b[key]] as const));
  }
  return typeof left === typeof right ? left === right : false;
}

/**
 * `item IN list` as Cypher answers it: true when an item equals (cypherEquals), else null
 * when a comparison was null (a null item of a non-empty list, a null in the list), else
 * false; null when the list is null or no list.
 */
export function cypherIn(item: unknown, list: unknown): boolean | null {
  if (!Array.isArray(list)) {
    return null;
  }
  let unknown = false;
  for (const candidate of list) {
    const equal = cypherEquals(item, candidate);
    if (equal === true) {
      return true;
    }
    unknown ||= equal === null;
  }
  return unknown ? null : false;
}

function allEqual(pairs: readonly (readonly [unknown, unknown])[]): boolean | null {
  let unknown = false;
  for (const [a, b] of pairs) {
    const equal = cypherEquals(a, b);
    if (equal === false) {
      return false;
    }
    unknown ||= equal === null;
  }
  return unknown ? null : true;
}
