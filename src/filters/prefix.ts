/**
 * The smallest string greater than every string that starts with `prefix`, in code-point
 * order (which is UTF-8 byte order, SQLite's BINARY collation): the prefix with its last
 * code point incremented. Lets a `startsWith` condition be an index range. Null when no such
 * string exists (the prefix ends in U+10FFFF only, or is empty).
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix];
  while (points.length > 0) {
    const last = points.pop() as string;
    let code = (last.codePointAt(0) ?? 0) + 1;
    if (code >= 0xd800 && code <= 0xdfff) {
      code = 0xe000; // skip the surrogate range, which no string of code points holds
    }
    if (code <= 0x10ffff) {
      return points.join('') + String.fromCodePoint(code);
    }
  }
  return null;
}
