import type { BinaryOp, TemporalValue } from './ast';
import {
  addDuration,
  durationFromMap,
  formatDateTime,
  inYearRange,
  parseDate,
  parseDateTime,
  parseDuration,
} from './temporal';

/**
 * Temporal values computed before the query runs: `datetime()` and `date()` read the
 * request's clock once (so "now" is the same for the whole query and on both engines), and
 * constant arguments are parsed here, where a bad one can be reported with its position.
 */

/**
 * The value of `date(...)`, `datetime(...)` or `duration(...)` given a constant argument
 * (`null` when called without one, a TemporalValue when it is one already). Returns a
 * message when the argument is invalid, undefined when the value is null (a null argument).
 */
export function foldCall(
  name: string,
  argument: unknown,
  nowMillis: number,
  /** True when `argument` is a value folded before, false for a literal or parameter. */
  argumentFolded = false,
): TemporalValue | string | undefined {
  const isTemporal = (v: unknown): v is TemporalValue => argumentFolded && v !== null;
  switch (name) {
    case 'datetime': {
      if (argument === null) {
        return { kind: 'datetime', iso: formatDateTime(nowMillis) };
      }
      if (isTemporal(argument) && argument.kind === 'datetime') {
        return argument;
      }
      if (typeof argument !== 'string') {
        return 'datetime() takes an ISO 8601 text such as 2026-01-31T12:00:00Z';
      }
      const millis = parseDateTime(argument);
      return millis === null
        ? `datetime() cannot read ${JSON.stringify(argument)}`
        : { kind: 'datetime', iso: formatDateTime(millis) };
    }
    case 'date': {
      if (argument === null) {
        return { kind: 'date', iso: formatDateTime(nowMillis).slice(0, 10) };
      }
      if (isTemporal(argument) && argument.kind !== 'duration') {
        return { kind: 'date', iso: argument.iso.slice(0, 10) };
      }
      if (typeof argument !== 'string') {
        return 'date() takes an ISO 8601 text such as 2026-01-31';
      }
      const date = parseDate(argument);
      return date === null
        ? `date() cannot read ${JSON.stringify(argument)}`
        : { kind: 'date', iso: date };
    }
    case 'duration': {
      if (isTemporal(argument)) {
        return argument.kind === 'duration'
          ? argument
          : 'duration() takes a duration text (P7D) or a map ({days: 7})';
      }
      if (typeof argument === 'string') {
        return parseDuration(argument) ?? `duration() cannot read ${JSON.stringify(argument)}`;
      }
      if (typeof argument === 'object' && argument !== null && !Array.isArray(argument)) {
        return durationFromMap(argument as Record<string, unknown>);
      }
      return 'duration() takes a duration text (P7D) or a map ({days: 7})';
    }
    default:
      return undefined;
  }
}

/**
 * `a + d`, `a - d`, `d + a` when both sides were folded; undefined otherwise; a message
 * when the result falls outside the years 0000 to 9999.
 */
export function foldBinary(expr: BinaryOp): TemporalValue | string | undefined {
  const left = expr.left.folded;
  const right = expr.right.folded;
  if (!left || !right) {
    return undefined;
  }
  const [moved, duration] = left.kind === 'duration' ? [right, left] : [left, right];
  if (duration.kind !== 'duration' || moved.kind === 'duration') {
    return undefined;
  }
  const sign = expr.op === '-' ? -1 : 1;
  const millis = parseDateTime(moved.iso);
  if (millis === null) {
    return undefined;
  }
  const at = addDuration(
    millis,
    moved.kind === 'date' ? { ...duration, millis: 0 } : duration,
    sign,
  );
  if (!inYearRange(at)) {
    return `The ${moved.kind} falls outside the years 0000 to 9999`;
  }
  const iso = formatDateTime(at);
  return moved.kind === 'date'
    ? { kind: 'date', iso: iso.slice(0, 10) }
    : { kind: 'datetime', iso };
}
