/**
 * NDJSON, the format of `GET /api/export` and `POST /api/imports`: one JSON value per line.
 * Both directions stream: an export is parsed as it arrives, an import is serialised as it
 * is sent, so neither holds the whole workspace in memory.
 */
import type { Edge, Node } from './batch';

/** A line of an export (and of an import): its `kind` says which record it holds. */
export type TransferLine =
  | ({ kind: 'node' } & Node)
  | ({ kind: 'edge' } & Edge)
  | { kind: 'end'; nodes: number; edges: number; types?: number }
  | { kind: 'workspace' | 'entityType' | 'relationshipType' | 'ontology'; [key: string]: unknown };

/** Every JSON value of an NDJSON byte stream, parsed line by line as the bytes arrive. */
export async function* parseNdjson(stream: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = stream.getReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let buffered = '';
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline !== -1) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line !== '') {
          yield JSON.parse(line) as unknown;
        }
        newline = buffered.indexOf('\n');
      }
      if (done) {
        if (buffered.trim() !== '') {
          yield JSON.parse(buffered) as unknown;
        }
        finished = true;
        return;
      }
    }
  } finally {
    // A caller that stops early (break, throw) releases the connection.
    if (!finished) {
      await reader.cancel().catch(() => undefined);
    }
    reader.releaseLock();
  }
}

/** A byte stream of `values` as NDJSON, produced as the request body is sent. */
export function toNdjsonStream(
  values: Iterable<unknown> | AsyncIterable<unknown>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator =
    Symbol.asyncIterator in values ? values[Symbol.asyncIterator]() : values[Symbol.iterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Lines go in chunks of up to 64 KiB: one chunk per line would be a write per record.
      let chunk = '';
      while (chunk.length < 65_536) {
        const next = await iterator.next();
        if (next.done) {
          if (chunk !== '') {
            controller.enqueue(encoder.encode(chunk));
          }
          controller.close();
          return;
        }
        chunk += `${JSON.stringify(next.value)}\n`;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
