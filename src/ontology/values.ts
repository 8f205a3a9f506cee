/**
 * Date and date-time values of typed properties. Properties store them as strings (the
 * property model has no temporal type), so these checks decide what counts as one.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** True for a calendar date written `YYYY-MM-DD`. */
export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * The instant (ms since the epoch) of an RFC 3339 date-time with its zone (`Z` or an
 * offset), or null when `value` is not one. A date-time without a zone is ambiguous and
 * refused, as in filters.
 */
export function dateTimeInstant(value: string): number | null {
  const m = DATE_TIME.exec(value);
  if (!m || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
    return null;
  }
  const [hours, minutes, seconds] = [Number(m[4]), Number(m[5]), Number(m[6])];
  const offsetOk = m[8] === 'Z' || (Number(m[9]) <= 23 && Number(m[10]) <= 59);
  if (hours > 23 || minutes > 59 || seconds > 59 || !offsetOk) {
    return null;
  }
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? null : instant;
}

/** Characters of `value` as people count them (code points, not UTF-16 units). */
export function codePointLength(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    // A low surrogate completes the pair its high surrogate started: one character.
    if (unit < 0xdc00 || unit > 0xdfff) {
      count += 1;
    }
  }
  return count;
}
