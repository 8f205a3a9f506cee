import { Readable } from 'node:stream';
import {
  LineNotUtf8Error,
  LineTooLongError,
  ndjsonLines,
} from '../../../src/transfer/ndjson-lines';

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

  it('refuses a line that is not UTF-8, naming it, after yielding the lines before it', async () => {
    const lines = ndjsonLines(
      chunks('ok\n', Buffer.from([0x22, 0x41, 0xff, 0xfe, 0x22, 0x0a])),
      64,
    );
    await expect(lines.next()).resolves.toEqual({ value: { number: 1, text: 'ok' }, done: false });
    const refused = lines.next();
    await expect(refused).rejects.toBeInstanceOf(LineNotUtf8Error);
    await expect(refused).rejects.toMatchObject({ line: 2 });
    // An overlong encoding and a lone surrogate's bytes are not UTF-8 either; a last line too.
    await expect(collect(chunks(Buffer.from([0xc0, 0xaf, 0x0a])))).rejects.toMatchObject({
      line: 1,
    });
    await expect(collect(chunks('a\n', Buffer.from([0xed, 0xa0, 0x80])))).rejects.toMatchObject({
      line: 2,
    });
  });

  it('drops a byte order mark opening the stream (even split), and only there', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(await collect(chunks(Buffer.concat([bom, Buffer.from('{"a":1}\n')])))).toEqual([
      '1:{"a":1}',
    ]);
    expect(await collect(chunks(bom.subarray(0, 1), bom.subarray(1), '{"a":1}\nx\n'))).toEqual([
      '1:{"a":1}',
      '2:x',
    ]);
    expect(await collect(chunks('x\n', Buffer.concat([bom, Buffer.from('y\n')])))).toEqual([
      '1:x',
      '2:\uFEFFy',
    ]);
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
