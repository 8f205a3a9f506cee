/** A line of an NDJSON stream longer than the limit; `line` is its 1-based number. */
export class LineTooLongError extends Error {
  constructor(
    readonly line: number,
    readonly limitBytes: number,
  ) {
    super(`line ${line} is longer than ${limitBytes} bytes`);
    this.name = 'LineTooLongError';
  }
}

const NEWLINE = 0x0a;

function decode(parts: readonly Buffer[], length: number): string {
  const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
  const text = bytes.toString('utf8');
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

/**
 * The lines of an NDJSON byte stream, as they arrive: memory stays bounded by one chunk plus
 * one line, however long the stream. A line (without its `\n`; a `\r` before it is dropped)
 * longer than `maxLineBytes` throws LineTooLongError as soon as that many bytes are pending,
 * without buffering the rest of it. A last line without `\n` is yielded too.
 */
export async function* ndjsonLines(
  source: AsyncIterable<Buffer | string>,
  maxLineBytes: number,
): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let number = 0;
  for await (const received of source) {
    const chunk = typeof received === 'string' ? Buffer.from(received) : received;
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(NEWLINE, start);
      if (end === -1) {
        break;
      }
      number += 1;
      const length = pendingBytes + end - start;
      if (length > maxLineBytes) {
        throw new LineTooLongError(number, maxLineBytes);
      }
      pending.push(chunk.subarray(start, end));
      yield decode(pending, length);
      pending = [];
      pendingBytes = 0;
      start = end + 1;
    }
    if (start < chunk.length) {
      pendingBytes += chunk.length - start;
      if (pendingBytes > maxLineBytes) {
        throw new LineTooLongError(number + 1, maxLineBytes);
      }
      // A copy: the source may reuse its buffer for the next chunk.
      pending.push(Buffer.from(chunk.subarray(start)));
    }
  }
  if (pendingBytes > 0) {
    yield decode(pending, pendingBytes);
  }
}
