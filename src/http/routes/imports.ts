import type { Request } from 'express';
import { z } from 'zod';
import type { ImportRecord } from '../../domain/imports';
import {
  NotFoundError,
  RequestTimeoutError,
  UnsupportedContentEncodingError,
  UnsupportedMediaTypeError,
} from '../../errors';
import { withIdleDeadline } from '../idle-deadline';
import { exemptFromRequestBound } from '../server';
import type { ImportService } from '../../transfer/api-import';
import type { ImportStore } from '../../ports/import-store';
import { parsePage } from '../paging';
import { sendData, sendPage } from '../presenters/envelope';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../validate';

const idParams = z.object({ id: z.string().min(1).max(128) });
const listQuery = z
  .object({ limit: z.string().optional(), offset: z.string().optional() })
  .strict();

/** The public shape of an import record. */
export function presentImport(record: ImportRecord): object {
  return {
    id: record.id,
    status: record.status,
    nodes: record.nodes,
    edges: record.edges,
    unchanged: record.unchanged,
    lines: record.lines,
    errors: record.errors,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
  };
}

/**
 * The upload must be NDJSON (`application/x-ndjson`, UTF-8), uncompressed: it is parsed as it
 * arrives, so nothing can be decoded after the fact.
 */
function requireNdjson(req: Request): void {
  const header = req.headers['content-type'];
  const [type = '', ...params] = (header ?? '').split(';').map((p) => p.trim().toLowerCase());
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length);
  const utf8 = charset === undefined || ['utf-8', 'utf8', '"utf-8"'].includes(charset);
  if (type !== 'application/x-ndjson' || !utf8) {
    throw new UnsupportedMediaTypeError(header, 'application/x-ndjson');
  }
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') {
    throw new UnsupportedContentEncodingError(encoding);
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
}): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/api/imports',
      access: { workspace: 'required', scope: ['write:nodes', 'write:edges'] },
      // The body is streamed, never buffered: no JSON parser, no body limit (lines are limited).
      rawBody: true,
      handler: async (req, res) => {
        const { workspaceId, principal } = workspaceOf(req.ctx);
        requireNdjson(req);
        // An upload may take any time as long as it keeps coming: bounded between chunks.
        exemptFromRequestBound(req);
        const watch: { stalled: RequestTimeoutError | null } = { stalled: null };
        const upload = async function* (): AsyncGenerator<Buffer> {
          try {
            // Stopping early (a bad line) must not destroy the request: the answer is due.
            yield* withIdleDeadline<Buffer>(
              req.iterator({ destroyOnReturn: false }),
              deps.bodyTimeoutMs,
            );
          } catch (error) {
            watch.stalled = error instanceof RequestTimeoutError ? error : null;
            throw error;
          }
        };
        const started = await deps.service.start(workspaceId, principal.actorId);
        const finished = await deps.service.run(
          workspaceId,
          started,
          upload(),
          req.ctx.scopes ?? [],
        );
        if (watch.stalled) {
          // The import is recorded as failed; the client is told which, and the connection
          // closed.
          throw new RequestTimeoutError(deps.bodyTimeoutMs, 'No part of the upload arrived', {
            importId: finished.id,
          });
        }
        if (!req.readableEnded) {
          // The rest of an upload stopped early is read and dropped, so the client, still
          // sending, gets the answer instead of a reset connection.
          req.resume();
        }
        res.setHeader('Location', `/api/imports/${finished.id}`);
        sendData(res, 201, presentImport(finished));
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
