import type { Request } from 'express';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { ImportRecord } from '../../domain/imports';
import { NotFoundError, RequestTimeoutError, UnsupportedContentEncodingError } from '../../errors';
import {
  COMPRESSED_BODY_ENCODINGS,
  contentEncodingOf,
  decoderFor,
  EXPANSION_ALLOWANCE_BYTES,
  isCompressedEncoding,
  MAX_EXPANSION_RATIO,
  isDecompressionError,
  type BodyEncoding,
} from '../body-encoding';
import { withIdleDeadline } from '../idle-deadline';
import { requireMediaType } from '../raw-body';
import { RunningLimit } from '../running-limit';
import { bodyCutShort, drainAnsweredBody, exemptFromRequestBound } from '../server';
import { UndecodableUploadError, type ImportService } from '../../transfer/api-import';
import type { ImportStore } from '../../ports/import-store';
import { parsePage } from '../paging';
import { sendData, sendPage } from '../presenters/envelope';
import { presentImport } from '../presenters/imports';
import { requireScope, workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

const idParams = z.object({ id: z.string().min(1).max(128) });
const startQuery = z
  .object({
    validateRecords: z
      .enum(['true', 'false'], { message: 'validateRecords must be true or false' })
      .optional(),
  })
  .strict();
const listQuery = z
  .object({ limit: z.string().optional(), offset: z.string().optional() })
  .strict();

/**
 * The upload must be NDJSON (`application/x-ndjson`, UTF-8), uncompressed or in one of the
 * Content-Encodings JSON bodies may use; returns which.
 */
function requireNdjson(req: Request): BodyEncoding {
  requireMediaType(req, 'application/x-ndjson');
  const encoding = contentEncodingOf(req);
  if (encoding !== 'identity' && !isCompressedEncoding(encoding)) {
    throw new UnsupportedContentEncodingError(encoding, COMPRESSED_BODY_ENCODINGS);
  }
  return encoding;
}

/**
 * The chunks of a compressed upload, decompressed as they arrive (memory stays bounded: the
 * pipes hold back the request while its reader is busy). What the decoder handed on before a
 * problem is read first; then the client having gone away ends it as an uncompressed
 * upload's would, and bytes that do not decompress end it with an UndecodableUploadError. Stopping early leaves the request readable, so its rest can
 * be drained and the answer sent.
 */
async function* decompressed(
  req: Request,
  encoding: Exclude<BodyEncoding, 'identity'>,
): AsyncGenerator<Buffer> {
  const decoder = decoderFor(encoding);
  // A failing zlib stream drops the chunks it handed on but were not yet read; a
  // pass-through that is ended, not destroyed, on the failure keeps them. (What zlib
  // decompressed from the same input chunk as the bad bytes it never hands on: the import
  // record says which lines were read.)
  const decoded = new PassThrough();
  let failure: Error | null = null;
  decoder.on('error', (error: Error) => {
    failure = error;
    decoded.end();
  });
  const cutOff = (error?: Error) => {
    if (!req.readableEnded) {
      decoder.destroy(error ?? Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    }
  };
  let compressedBytes = 0;
  const counted = (chunk: Buffer) => {
    compressedBytes += chunk.length;
  };
  req.on('data', counted);
  req.on('error', cutOff);
  req.on('close', cutOff);
  req.pipe(decoder).pipe(decoded);
  try {
    let decodedBytes = 0;
    for await (const chunk of decoded) {
      decodedBytes += (chunk as Buffer).length;
      if (
        decodedBytes > EXPANSION_ALLOWANCE_BYTES &&
        decodedBytes > MAX_EXPANSION_RATIO * compressedBytes
      ) {
        throw new UndecodableUploadError(
          `the upload expands to more than ${MAX_EXPANSION_RATIO} times its compressed size: refused as a decompression bomb`,
        );
      }
      yield chunk as Buffer;
    }
    if (failure !== null) {
      throw isDecompressionError(failure) ? new UndecodableUploadError() : failure;
    }
    // zlib ignores what follows the end of a deflate or brotli stream (and zero bytes after
    // gzip): bytes it did not take in were not read, and must not pass for read.
    if (decoder.bytesWritten < compressedBytes) {
      throw new UndecodableUploadError();
    }
  } finally {
    req.removeListener('data', counted);
    req.removeListener('error', cutOff);
    req.removeListener('close', cutOff);
    req.unpipe(decoder);
    decoder.destroy();
  }
}

/**
 * Bulk import through the API (docs/ontology.md, "Bulk import"): POST /api/imports streams an
 * NDJSON upload into the caller's workspace and answers once it is done; GET reads the
 * progress of running and finished imports.
 */
export function importRoutes(deps: {
  service: ImportService;
  store: ImportStore;
  /** HTTP_BODY_TIMEOUT_MS: the longest wait for the next part of an upload (408 past it). */
  bodyTimeoutMs: number;
  /** Imports running at once in this process at most; past it, 503 before any is read. */
  maxRunning: number;
}): RouteDef[] {
  const limit = new RunningLimit(deps.maxRunning, 'imports');
  return [
    {
      method: 'post',
      path: '/api/imports',
      access: { workspace: 'required', scope: ['write:nodes', 'write:edges'] },
      // The body is streamed, never buffered: no JSON parser, no body limit (lines are limited).
      rawBody: true,
      handler: async (req, res) => {
        const { workspaceId, principal } = workspaceOf(req.ctx);
        const query = parseInput(startQuery, req.query, 'query');
        const validateRecords = query.validateRecords !== 'false';
        // Records that break their type are what only a type change with
        // validateExisting=false (write:ontology) can leave: taking them needs that scope too.
        if (!validateRecords) {
          requireScope(req.ctx, 'write:ontology');
        }
        const encoding = requireNdjson(req);
        const leave = limit.enter();
        // An upload may take any time as long as it keeps coming: bounded between chunks.
        exemptFromRequestBound(req);
        const watch: { stalled: RequestTimeoutError | null } = { stalled: null };
        const upload = async function* (): AsyncGenerator<Buffer> {
          try {
            // Stopping early (a bad line) must not destroy the request: the answer is due.
            yield* withIdleDeadline<Buffer>(
              encoding === 'identity'
                ? req.iterator({ destroyOnReturn: false })
                : decompressed(req, encoding),
              deps.bodyTimeoutMs,
            );
            // A connection closed before the body's end ends the stream as a whole body
            // would (server.ts lets the route answer): the last line is then cut, not bad.
            if (!req.complete || bodyCutShort(req)) {
              throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
            }
          } catch (error) {
            watch.stalled = error instanceof RequestTimeoutError ? error : null;
            throw error;
          }
        };
        let finished: ImportRecord;
        try {
          const started = await deps.service.start(workspaceId, principal.actorId, {
            validateRecords,
          });
          finished = await deps.service.run(workspaceId, started, upload(), req.ctx.scopes ?? []);
        } finally {
          leave();
        }
        if (watch.stalled) {
          // The import is recorded as failed; the client is told which, and the connection
          // closed.
          throw new RequestTimeoutError(deps.bodyTimeoutMs, 'The upload did not progress', {
            importId: finished.id,
          });
        }
        res.setHeader('Location', `/api/imports/${finished.id}`);
        sendData(res, 201, presentImport(finished));
        // The rest of an upload stopped early is read and dropped for at most the body
        // bound, then the connection closes.
        drainAnsweredBody(req, deps.bodyTimeoutMs);
      },
    },
    {
      method: 'get',
      path: '/api/imports',
      access: { workspace: 'required', scope: 'read:nodes' },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const page = parsePage(parseInput(listQuery, req.query, 'query'));
        const found = await deps.store.list(workspaceId, page);
        sendPage(res, found.items.map(presentImport), found.total, page);
      },
    },
    {
      method: 'get',
      path: '/api/imports/:id',
      access: { workspace: 'required', scope: 'read:nodes' },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        const record = await deps.store.get(workspaceId, id);
        if (!record) {
          throw new NotFoundError(`Import ${id} not found.`, { kind: 'import', id });
        }
        sendData(res, 200, presentImport(record));
      },
    },
  ];
}
