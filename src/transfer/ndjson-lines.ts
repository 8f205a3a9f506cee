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

/** True when every byte is ASCII white space (tab to carriage return, or space). */
function blank(parts: readonly Buffer[]): boolean {
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 1) {
      const byte = part[i]!;
      if (byte !== 0x20 && (byte < 0x09 || byte > 0x0d)) {
        return false;
      }
    }
  }
  return true;
}

function decode(parts: readonly Buffer[], length: number): string {
  const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
  const text = bytes.toString('utf8');
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

/** One line of an NDJSON stream and its 1-based number. */
export interface NumberedLine {
  number: number;
  text: string;
}

/**
 * The lines of an NDJSON byte stream, as they arrive: memory stays bounded by one chunk plus
 * one line, however long the stream. A line (without its `\n`; a `\r` before it is dropped)
 * longer than `maxLineBytes` throws LineTooLongError as soon as that many bytes are pending,
 * without buffering the rest of it. A last line without `\n` is yielded too. Blank lines
 * (ASCII white space only) are counted but not yielded: a run of them costs a scan of its
 * bytes, not a step per line (a compressed upload of blank lines was the cheapest way to keep
 * an import busy).
 */
export async function* ndjsonLines(
  source: AsyncIterable<Buffer | string>,
  maxLineBytes: number,
): AsyncGenerator<NumberedLine> {
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
      if (!blank(pending)) {
        yield { number, text: decode(pending, length) };
      }
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
  if (pendingBytes > 0 && !blank(pending)) {
    yield { number: number + 1, text: decode(pending, pendingBytes) };
  }
}
