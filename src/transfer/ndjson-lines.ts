import { isUtf8 } from 'node:buffer';

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

/** A line of an NDJSON stream that is not UTF-8; `line` is its 1-based number. */
export class LineNotUtf8Error extends Error {
  constructor(readonly line: number) {
    super(`line ${line} is not valid UTF-8`);
    this.name = 'LineNotUtf8Error';
  }
}

const NEWLINE = 0x0a;
/** The UTF-8 byte order mark, allowed (and dropped) at the start of a stream. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

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

/**
 * The text of line `number`. Bytes that are not UTF-8 throw LineNotUtf8Error rather than
 * becoming U+FFFD, which would store text the client never sent (as JSON bodies are
 * refused, docs/http-conventions.md). A byte order mark opening the first line is dropped.
 */
function decode(parts: readonly Buffer[], length: number, number: number): string {
  let bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
  if (number === 1 && bytes.subarray(0, BOM.length).equals(BOM)) {
    bytes = bytes.subarray(BOM.length);
  }
  if (!isUtf8(bytes)) {
    throw new LineNotUtf8Error(number);
  }
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
 * without buffering the rest of it; a line that is not UTF-8 throws LineNotUtf8Error when it
 * is complete. A last line without `\n` is yielded too. Blank lines
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
        yield { number, text: decode(pending, length, number) };
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
    yield { number: number + 1, text: decode(pending, pendingBytes, number + 1) };
  }
}
