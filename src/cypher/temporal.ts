import type { TemporalValue } from './ast';

/**
 * The temporal subset of the endpoint (docs/cypher.md, "Dates and times"), shared by the
 * analyzer (constants), the SQLite engine (its SQL functions) and the Neo4j renderer:
 * instants are UTC with millisecond precision and shown as `toISOString()` text, as the
 * API shows `createdAt`; dates are `YYYY-MM-DD`; durations are months, days and
 * milliseconds, added in that order with the day of month clamped (Neo4j's rule:
 * 2026-01-31 plus one month is 2026-02-28).
 */

export type Duration = Extract<TemporalValue, { kind: 'duration' }>;

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Milliseconds since the epoch of an ISO 8601 date-time (or date: midnight UTC); null if invalid. */
export function parseDateTime(text: string): number | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) {
    return null;
  }
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month - 1)) {
    return null;
  }
  if (hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const zh = Number(digits.slice(0, 2));
    const zm = Number(digits.slice(2) || '0');
    if (zh > 18 || zm > 59) {
      return null;
    }
    offsetMinutes = sign * (zh * 60 + zm);
  }
  const utc =
    utcMillis(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
  // An offset can move the instant out of the years text can hold (0000-01-01T00:00+01:00).
  return inYearRange(utc) ? utc : null;
}

/** Date.UTC for every year: Date.UTC itself reads years 0 to 99 as 1900 to 1999. */
function utcMillis(
  year: number,
  monthIndex: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  millis = 0,
): number {
  const at = new Date(Date.UTC(2000, 0, 1, hour, minute, second, millis));
  return at.setUTCFullYear(year, monthIndex, day);
}

/** Earliest and latest instants of the years the subset reads and writes (0000 to 9999). */
const FIRST_INSTANT = utcMillis(0, 0, 1);
const LAST_INSTANT = utcMillis(10_000, 0, 1) - 1;

/** True for an instant in the years 0000 to 9999 (what `YYYY-MM-DD` text can hold). */
export function inYearRange(millis: number): boolean {
  return Number.isFinite(millis) && millis >= FIRST_INSTANT && millis <= LAST_INSTANT;
}

/** `2026-11-22T20:55:16.196Z` for an instant. */
export function formatDateTime(millis: number): string {
  return new Date(millis).toISOString();
}

/** The date text (`YYYY-MM-DD`) of a date or date-time text; null if invalid. */
export function parseDate(text: string): string | null {
  const millis = parseDateTime(text);
  return millis === null ? null : formatDateTime(millis).slice(0, 10);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(utcMillis(year, monthIndex + 1, 0)).getUTCDate();
}

const DURATION_TEXT =
  /^P(?:(-?\d+(?:\.\d+)?)Y)?(?:(-?\d+(?:\.\d+)?)M)?(?:(-?\d+(?:\.\d+)?)W)?(?:(-?\d+(?:\.\d+)?)D)?(?:T(?:(-?\d+(?:\.\d+)?)H)?(?:(-?\d+(?:\.\d+)?)M)?(?:(-?\d+(?:\.\d+)?)S)?)?$/i;

const DAY_MS = 86_400_000;

/** Keys a duration map may hold, in milliseconds (months and days are kept apart). */
const DURATION_KEYS = [
  'years',
  'months',
  'weeks',
  'days',
  'hours',
  'minutes',
  'seconds',
  'milliseconds',
] as const;

type DurationKey = (typeof DURATION_KEYS)[number];

function fromParts(parts: Partial<Record<DurationKey, number>>): Duration {
  const months = (parts.years ?? 0) * 12 + (parts.months ?? 0);
  const dayCount = (parts.weeks ?? 0) * 7 + (parts.days ?? 0);
  const millis =
    (parts.hours ?? 0) * 3_600_000 +
    (parts.minutes ?? 0) * 60_000 +
    (parts.seconds ?? 0) * 1000 +
    (parts.milliseconds ?? 0);
  // Fractions of a month or day cascade into the smaller units, as in Neo4j.
  const wholeMonths = Math.trunc(months);
  const days = dayCount + (months - wholeMonths) * 30.436875;
  const wholeDays = Math.trunc(days);
  return {
    kind: 'duration',
    months: wholeMonths,
    days: wholeDays,
    millis: Math.round(millis + (days - wholeDays) * DAY_MS),
  };
}

/** An ISO 8601 duration (`P1D`, `PT2H30M`, `P1Y2M`) or null if invalid. */
export function parseDuration(text: string): Duration | null {
  const m = DURATION_TEXT.exec(text.trim());
  if (!m || text.trim() === 'P' || /T$/i.test(text.trim())) {
    return null;
  }
  const [, years, months, weeks, days, hours, minutes, seconds] = m.map((v) =>
    v === undefined ? undefined : Number(v),
  );
  return fromParts({ years, months, weeks, days, hours, minutes, seconds });
}

/** A duration from a map such as `{days: 7, hours: 2}`; a message when a key is unknown. */
export function durationFromMap(map: Record<string, unknown>): Duration | string {
  const parts: Partial<Record<DurationKey, number>> = {};
  for (const [key, value] of Object.entries(map)) {
    if (!(DURATION_KEYS as readonly string[]).includes(key)) {
      return `duration() takes the keys ${DURATION_KEYS.join(', ')}; not ${key}`;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return `duration() needs a number for ${key}`;
    }
    parts[key as DurationKey] = value;
  }
  return fromParts(parts);
}

/** `millis` moved by `sign` times `duration`: months (day clamped), then days, then time. */
export function addDuration(millis: number, duration: Duration, sign: 1 | -1): number {
  const date = new Date(millis);
  const year = date.getUTCFullYear();
  const monthIndex = date.getUTCMonth() + sign * duration.months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(targetYear, targetMonth));
  const moved = utcMillis(
    targetYear,
    targetMonth,
    day,
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
  return moved + sign * (duration.days * DAY_MS + duration.millis);
}

/** The fields a date or date-time exposes (`d.year`), read from its text. */
export const TEMPORAL_FIELDS: Readonly<
  Record<string, { start: number; length: number; date: boolean }>
> = {
  year: { start: 1, length: 4, date: true },
  month: { start: 6, length: 2, date: true },
  day: { start: 9, length: 2, date: true },
  hour: { start: 12, length: 2, date: false },
  minute: { start: 15, length: 2, date: false },
  second: { start: 18, length: 2, date: false },
};
