import { Readable } from 'node:stream';
import { LineTooLongError, ndjsonLines } from '../../src/transfer/ndjson-lines';

/** A stream of these chunks, each as bytes. */
function chunks(...parts: (string | Buffer)[]): Readable {
  return Readable.from(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}

async function collect(source: AsyncIterable<Buffer>, max = 1024): Promise<string[]> {
  const lines: string[] = [];
  for await (const { number, text } of ndjsonLines(source, max)) {
    lines.push(`${number}:${text}`);
  }
  return lines;
}

describe('ndjsonLines', () => {
  it('splits lines across chunk boundaries, drops \\r before \\n, keeps a last line without \\n', async () => {
    expect(await collect(chunks('{"a":', '1}\r\n{"b"', ':2}\n', 'last'))).toEqual([
      '1:{"a":1}',
      '2:{"b":2}',
      '3:last',
    ]);
  });

  it('counts blank lines (white space only) without yielding them', async () => {
    expect(
      await collect(chunks('\n \t\r\n{"a"', ':1}\n', '\n'.repeat(5000), '  \n', 'x\n  ')),
    ).toEqual(['3:{"a":1}', '5005:x']);
  });

  it('decodes a UTF-8 character split between two chunks', async () => {
    const bytes = Buffer.from('"ü"\n');
    expect(await collect(chunks(bytes.subarray(0, 2), bytes.subarray(2)))).toEqual(['1:"ü"']);
  });

  it('refuses a line over the limit as soon as that many bytes are pending, naming it', async () => {
    const lines = ndjsonLines(chunks('ok\n', 'x'.repeat(10), 'x'.repeat(10)), 16);
    await expect(lines.next()).resolves.toEqual({
      value: { number: 1, text: 'ok' },
      done: false,
    });
    await expect(lines.next()).rejects.toEqual(new LineTooLongError(2, 16));
  });

  it('refuses a complete line over the limit too', async () => {
    await expect(collect(chunks(`${'y'.repeat(20)}\n`), 16)).rejects.toBeInstanceOf(
      LineTooLongError,
    );
  });
});
