import type { BinaryOp, TemporalValue } from './ast';
import {
  addDuration,
  addDurationToDate,
  durationFromMap,
  formatDateTime,
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
): TemporalValue | string | undefined {
  const isTemporal = (v: unknown): v is TemporalValue =>
    typeof v === 'object' && v !== null && 'kind' in v && 'iso' in v;
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
      if (typeof argument === 'object' && argument !== null && 'kind' in argument) {
        return (argument as TemporalValue).kind === 'duration'
          ? (argument as TemporalValue)
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

/** `a + d`, `a - d`, `d + a` when both sides were folded; undefined otherwise. */
export function foldBinary(expr: BinaryOp): TemporalValue | undefined {
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
  if (moved.kind === 'date') {
    return { kind: 'date', iso: addDurationToDate(moved.iso, duration, sign) };
  }
  const millis = parseDateTime(moved.iso);
  if (millis === null) {
    return undefined;
  }
  return { kind: 'datetime', iso: formatDateTime(addDuration(millis, duration, sign)) };
}
