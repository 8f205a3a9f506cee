import { once } from 'node:events';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Clock } from '../../ports/clock';
import { ServiceUnavailableError } from '../../errors';
import { RunningLimit } from '../running-limit';
import type { ExportLine } from '../../transfer/format';
import { exportWorkspace, type TransferStores } from '../../transfer/export-workspace';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

/** Bytes gathered before one write to the socket. */
const WRITE_BYTES = 64 * 1024;

const exportQuery = z.object({}).strict();

/** Why a streamed export stopped before its end line. */
type Stop = 'client gone' | 'client stopped reading' | 'shutting down' | 'time limit';

/**
 * Writes `lines` to `res` (the response, or the gzip stream in front of it) as NDJSON,
 * waiting for the client to read what was written (the stream drains) before reading more
 * records. Stops when `stop` aborts (the client went away, the server shuts down) or when
 * the client reads nothing for `idleMs`: `unsent` is the number of bytes the connection
 * still holds for the client, and a wait goes on as long as it shrinks at least once every
 * `idleMs` (a socket signals drain only once much of its buffer is free, which a slow but
 * steady reader may take longer than `idleMs` to reach). When stopped, the response is cut
 * off before the end line, and the reason returned. Null when every line was written.
 */
export async function writeNdjson(
  res: Writable,
  lines: AsyncIterable<ExportLine>,
  idleMs: number,
  stop: AbortSignal,
  unsent: () => number = () => 0,
): Promise<Stop | null> {
  let buffered = '';
  const untilDrained = async (): Promise<Stop | null> => {
    const drain = once(res, 'drain', { signal: stop }).then(
      () => true,
      () => false,
    );
    for (let before = unsent(); ;) {
      let idle: NodeJS.Timeout | undefined;
      const drained = await Promise.race([
        drain,
        new Promise<null>((resolve) => {
          idle = setTimeout(resolve, idleMs, null);
        }),
      ]).finally(() => clearTimeout(idle));
      if (drained === true) {
        return null;
      }
      if (stop.aborted) {
        return stop.reason as Stop;
      }
      const now = unsent();
      if (drained === false || now >= before) {
        return 'client stopped reading';
      }
      before = now;
    }
  };
  const flush = async (): Promise<Stop | null> => {
    const ok = res.write(buffered);
    buffered = '';
    const stopped = ok ? null : await untilDrained();
    return stopped ?? (stop.aborted ? (stop.reason as Stop) : null);
  };
  for await (const line of lines) {
    buffered += `${JSON.stringify(line)}\n`;
    if (buffered.length >= WRITE_BYTES) {
      const stopped = await flush();
      if (stopped) {
        return stopped;
      }
    }
  }
  const stopped = buffered.length > 0 ? await flush() : null;
  if (!stopped) {
    res.end();
  }
  return stopped;
}

/** True when the client takes gzip (`Accept-Encoding`), and prefers it to no encoding. */
function wantsGzip(req: Request): boolean {
  return (
    req.headers['accept-encoding'] !== undefined &&
    req.acceptsEncodings('gzip', 'identity') === 'gzip'
  );
}

/**
 * Export through the API (docs/ontology.md, "Export"): GET /api/export streams the
 * workspace of the request as NDJSON, in the format POST /api/imports and `cli import` read.
 */
export function exportRoutes(deps: {
  stores: TransferStores;
  clock: Clock;
  /** Aborted when the server starts draining: running exports are cut off. */
  draining: AbortSignal;
  /** The longest the client may take in nothing before it is cut off. */
  idleMs: number;
  /**
   * The longest one export streams (EXPORT_TIME_LIMIT_MS): a reader slow enough to take
   * longer would hold its snapshot, and on the embedded store keep the write-ahead log from
   * being truncated, for as long as it reads.
   */
  timeLimitMs: number;
  /** Exports running at once in this process at most (each holds a read snapshot). */
  maxRunning: number;
  logger: Logger;
}): RouteDef[] {
  const limit = new RunningLimit(deps.maxRunning, 'exports');
  return [
    {
      method: 'get',
      path: '/api/export',
      access: { workspace: 'required', scope: ['read:nodes', 'read:edges'] },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        parseInput(exportQuery, req.query, 'query');
        const leave = limit.enter();
        const stop = new AbortController();
        const stopWith = (reason: Stop) => () => stop.abort(reason);
        const gone = stopWith('client gone');
        const draining = stopWith('shutting down');
        const timeLimit = setTimeout(stopWith('time limit'), deps.timeLimitMs);
        res.once('close', gone);
        deps.draining.addEventListener('abort', draining, { once: true });
        const lines = exportWorkspace(
          deps.stores,
          workspaceId,
          new Date(deps.clock.now()).toISOString(),
        );
        try {
          // The lines up to the first record are read before answering, so that a
          // workspace or store problem at the start is an error in the envelope.
          const head: ExportLine[] = [];
          for (;;) {
            const next = await lines.next();
            if (next.done === true) {
              break;
            }
            head.push(next.value);
            if (
              !['workspace', 'entityType', 'relationshipType', 'ontology'].includes(next.value.kind)
            ) {
              break;
            }
          }
          if (deps.draining.aborted) {
            throw new ServiceUnavailableError('The server is shutting down.', undefined, 1);
          }
          const gzip = wantsGzip(req);
          res.writeHead(200, {
            'Content-Type': 'application/x-ndjson; charset=utf-8',
            'Content-Disposition': `attachment; filename="workspace-${workspaceId}.ndjson"`,
            'Cache-Control': 'no-store',
            Vary: 'Accept-Encoding',
            ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
          });
          if (req.method === 'HEAD') {
            // The headers a GET would have, without reading a single record.
            res.end();
            return;
          }
          const all = (async function* () {
            yield* head;
            yield* lines;
          })();
          // Compressed in the libuv thread pool, off the event loop; the pipe passes the
          // client's pace back to the gzip stream, whose drain writeNdjson waits for.
          const sink = gzip ? zlib.createGzip() : res;
          if (sink !== res) {
            sink.pipe(res);
          }
          const cutOff = () => {
            sink.destroy();
            res.destroy();
          };
          let stopped: Stop | null;
          try {
            // What the connection still holds for the client: it shrinks as the client reads.
            const unsent = () => res.socket?.writableLength ?? 0;
            stopped = await writeNdjson(sink, all, deps.idleMs, stop.signal, unsent);
          } catch (error) {
            // Past the headers nothing can be answered: the response is cut off before its
            // end line, which tells the client (and any import of the file) it is incomplete.
            deps.logger.error(
              { err: error, workspaceId, requestId: req.ctx.requestId },
              'export failed while streaming',
            );
            cutOff();
            return;
          }
          if (stopped) {
            deps.logger.info(
              { workspaceId, requestId: req.ctx.requestId, reason: stopped },
              'export cut off',
            );
            cutOff();
          }
        } finally {
          leave();
          clearTimeout(timeLimit);
          res.off('close', gone);
          deps.draining.removeEventListener('abort', draining);
          // Releases the snapshot whatever happened (a no-op once the lines are all read).
          await lines.return(undefined);
        }
      },
    },
  ];
}
