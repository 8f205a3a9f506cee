/**
 * Most bytes an answer's rows may take as JSON, on every engine: the row limit cannot bound
 * an answer of one row (`RETURN collect(n)` over a large workspace), so its size is bounded
 * too (docs/cypher.md, "Limits").
 */
export const MAX_RESULT_BYTES = 16 * 1024 * 1024;

/** Whether `rows` take more than `maxBytes` as JSON (stops counting once they do). */
export function exceedsBytes(rows: readonly unknown[][], maxBytes: number): boolean {
  let bytes = 0;
  for (const row of rows) {
    bytes += JSON.stringify(row).length;
    if (bytes > maxBytes) {
      return true;
    }
  }
  return false;
}

/** The message of an answer refused for its size. */
export function tooManyBytesMessage(maxBytes: number): string {
  const size = maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MiB` : `${maxBytes} bytes`;
  return `The answer would be larger than ${size} of JSON; return fewer or smaller values (LIMIT, or collect less)`;
}
