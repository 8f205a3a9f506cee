import type { Request } from 'express';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The compressed forms a request body may take, as the JSON body parser reads them
 * (`Content-Encoding: gzip`, `deflate` or `br`).
 */
export const COMPRESSED_BODY_ENCODINGS = ['gzip', 'deflate', 'br'] as const;
export type BodyEncoding = 'identity' | (typeof COMPRESSED_BODY_ENCODINGS)[number];

/**
 * How much a compressed upload may expand: its decompressed bytes may be at most this many
 * times the compressed bytes received so far, once past EXPANSION_ALLOWANCE_BYTES. Exports
 * compress about 20 times with gzip and up to about 90 times with brotli; a decompression
 * bomb (a megabyte of gzip that is a gigabyte of newlines, or one line repeated) expands
 * hundreds to tens of thousands of times, and would cost the service minutes of work for
 * every megabyte sent.
 */
export const MAX_EXPANSION_RATIO = 200;
/**
 * Decompressed bytes always allowed, whatever the ratio (small uploads may compress well).
 * Small: a mebibyte of blank lines already takes the import about 0.7 s to read.
 */
export const EXPANSION_ALLOWANCE_BYTES = 1024 * 1024;

/** The request's Content-Encoding, lower case; `identity` when there is none. */
export function contentEncodingOf(req: Request): string {
  return (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
}

export function isCompressedEncoding(
  encoding: string,
): encoding is (typeof COMPRESSED_BODY_ENCODINGS)[number] {
  return (COMPRESSED_BODY_ENCODINGS as readonly string[]).includes(encoding);
}

/**
 * A stream that decompresses a body sent in `encoding`; its `bytesWritten` is how many of
 * the compressed bytes it took in.
 */
export function decoderFor(encoding: Exclude<BodyEncoding, 'identity'>): Transform & zlib.Zlib {
  switch (encoding) {
    case 'gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
  }
}

/**
 * True for zlib's failure on bytes that are not what the Content-Encoding says: `Z_...`
 * codes for gzip and deflate (`Z_BUF_ERROR` for a cut-off stream), `ERR__ERROR_...` for
 * brotli. The client's error, never the service's.
 */
export function isDecompressionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(Z_|ERR__ERROR_)/.test(code);
}
