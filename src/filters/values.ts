import { pathOfIllFormedText } from '../domain/json-text';
import { FILTER_LIMITS, type FilterScalar, type ValueKind } from './model';

/**
 * Values of conditions. A value comes either typed (JSON in `where`, GraphQL variables) or
 * as query-string text, whose type is inferred per field; a JSON-quoted text (`"1000"`)
 * is always that string. Each function returns the value or a problem to report.
 */

/** A value as the client sent it. */
export type RawValue = { source: 'json'; value: unknown } | { source: 'text'; value: string };

/** The value, or why it cannot be one. */
export type Converted<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Converted<T> => ({ ok: true, value });
const fail = <T>(problem: string): Converted<T> => ({ ok: false, problem });

/** JSON's number grammar: what the query-string syntax reads as a number. */
const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
/**
 * An instant: a date (midnight UTC) or a date-time with `Z` or an offset. A date-time
 * without a zone would mean a different instant on every server, so it is refused.
 */
const INSTANT_TEXT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A text that is a JSON string literal (`"..."`) is the string it spells. */
function unquoted(text: string): string | undefined {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'string' ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function checkedString(value: string): Converted<string> {
  if (value.length > FILTER_LIMITS.maxStringLength) {
    return fail(`must be at most ${FILTER_LIMITS.maxStringLength} characters`);
  }
  // No stored text holds an unpaired surrogate (a JSON-quoted `"\ud800"` spells one): the
  // database would read it as U+FFFD and match other text.
  return pathOfIllFormedText(value) === null
    ? ok(value)
    : fail('holds an unpaired surrogate (a \\uD800-\\uDFFF escape without its pair)');
}

/** A string: a JSON string, or query-string text (unquoted when JSON-quoted). */
export function stringValue(raw: RawValue): Converted<string> {
  if (raw.source === 'text') {
    return checkedString(unquoted(raw.value) ?? raw.value);
  }
  return typeof raw.value === 'string' ? checkedString(raw.value) : fail('must be a string');
}

/** An ISO-8601 instant, normalised to `toISOString()` form (UTC, milliseconds). */
export function instantValue(raw: RawValue): Converted<string> {
  const text = raw.source === 'text' ? (unquoted(raw.value) ?? raw.value) : raw.value;
  if (typeof text !== 'string' || !INSTANT_TEXT.test(text)) {
    return fail('must be an ISO-8601 date or date-time with a zone, e.g. 2026-01-31T12:00:00Z');
  }
  const ms = Date.parse(text);
  if (Number.isNaN(ms) || !onTheCalendar(text)) {
    return fail('is not a valid date');
  }
  // The platform's parser drops digits past the millisecond; comparing with what is left
  // would answer for another instant (`lt ...02.5179Z` missing a record of 02.517).
  if (/\.\d{3}\d*[1-9]/.test(text)) {
    return fail(
      'is finer than a millisecond: createdAt and updatedAt are kept to the millisecond (at most 3 fractional digits, or zeros after them)',
    );
  }
  return ok(new Date(ms).toISOString());
}

/**
 * Whether the `YYYY-MM-DD` the text starts with is a day of the calendar: the platform's
 * parser rolls 2026-02-30 over to 2026-03-02 instead of refusing it.
 */
function onTheCalendar(text: string): boolean {
  const [year = NaN, month = NaN, day = NaN] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** A whole number (version). */
export function integerValue(raw: RawValue): Converted<number> {
  const value =
    raw.source === 'text' ? (/^-?\d{1,15}$/.test(raw.value) ? Number(raw.value) : NaN) : raw.value;
  return typeof value === 'number' && Number.isSafeInteger(value)
    ? ok(value)
    : fail('must be a whole number');
}

/** The kind of a property value. */
export function kindOf(value: FilterScalar): 'string' | 'number' | 'boolean' {
  return typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean';
}

/**
 * A property value: typed as given in JSON; from query-string text, `true`/`false` are
 * booleans, JSON numbers are numbers, a JSON-quoted text is a string, anything else a string.
 */
export function propertyValue(raw: RawValue): Converted<FilterScalar> {
  if (raw.source === 'json') {
    const value = raw.value;
    if (typeof value === 'string') {
      return checkedString(value);
    }
    if (typeof value === 'number') {
      return Number.isFinite(value) ? ok(value) : fail('must be a finite number');
    }
    if (typeof value === 'boolean') {
      return ok(value);
    }
    return fail('must be a string, a number or a boolean');
  }
  const quoted = unquoted(raw.value);
  if (quoted !== undefined) {
    return checkedString(quoted);
  }
  if (raw.value === 'true' || raw.value === 'false') {
    return ok(raw.value === 'true');
  }
  if (NUMBER_TEXT.test(raw.value) && Number.isFinite(Number(raw.value))) {
    return ok(Number(raw.value));
  }
  return checkedString(raw.value);
}

/** A boolean (`exists`): JSON true/false, or the texts `true`/`false`. */
export function booleanValue(raw: RawValue): Converted<boolean> {
  const value =
    raw.source === 'text'
      ? raw.value === 'true'
        ? true
        : raw.value === 'false'
          ? false
          : null
      : raw.value;
  return typeof value === 'boolean' ? ok(value) : fail('must be true or false');
}

/**
 * The items of an `in` / `nin` list: a JSON array, or query-string text that is either a
 * JSON array or comma-separated values (each inferred on its own).
 */
export function listItems(raw: RawValue): Converted<RawValue[]> {
  let items: unknown;
  if (raw.source === 'text') {
    if (raw.value.startsWith('[')) {
      try {
        items = JSON.parse(raw.value);
      } catch {
        return fail('is not a valid JSON array');
      }
    } else {
      return checkedCount(raw.value.split(',').map((value) => ({ source: 'text', value })));
    }
  } else {
    items = raw.value;
  }
  if (!Array.isArray(items)) {
    return fail('must be a list of values');
  }
  return checkedCount(items.map((value: unknown) => ({ source: 'json', value })));
}

function checkedCount(items: RawValue[]): Converted<RawValue[]> {
  if (items.length === 0) {
    return fail('must hold at least one value');
  }
  if (items.length > FILTER_LIMITS.maxListValues) {
    return fail(`must hold at most ${FILTER_LIMITS.maxListValues} values`);
  }
  return ok(items);
}

/** The kinds of own fields, by how their values are read. */
export type OwnKind = Extract<ValueKind, 'text' | 'instant' | 'integer'>;
