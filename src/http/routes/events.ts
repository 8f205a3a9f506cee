import { once } from 'node:events';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Scope } from '../../domain/scopes';
import { ValidationError } from '../../errors';
import type { EventFeed, FeedQuery } from '../../events/event-feed';
import { CURSOR_PATTERN, parseFeedFilter } from '../../events/feed-input';
import { cursorText, presentEvent } from '../../events/event-view';
import { sendData } from '../presenters/envelope';
import { outputMark } from '../output-progress';
import { RunningLimit } from '../running-limit';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

/** Events per page of GET /api/events: 100 unless asked, at most 1,000. */
const DEFAULT_EVENTS_LIMIT = 100;
const MAX_EVENTS_LIMIT = 1000;
/** Events read from the log per step of a stream. */
const STREAM_PAGE = 200;

/** The query parameters of both routes, as text; `parseFeedFilter` checks their values. */
const text = z.string().max(4096, 'is too long');
const pullQuery = z
  .object({
    after: text.optional(),
    limit: text.optional(),
    types: text.optional(),
    entityType: text.optional(),
  })
  .strict();
const streamQuery = pullQuery.omit({ limit: true });

/** The feed filter of a parsed query (`types` comma-separated). */
function feedFilter(q: { after?: string; types?: string; entityType?: string }) {
  return parseFeedFilter(
    {
      ...(q.after !== undefined ? { after: q.after } : {}),
      ...(q.types !== undefined
        ? {
            types: q.types
              .split(',')
              .map((t) => t.trim())
              .filter((t) => t !== ''),
          }
        : {}),
      ...(q.entityType !== undefined ? { entityType: q.entityType } : {}),
    },
    'query',
  );
}

/** `limit`: 100 unless given, clamped to 1,000; 0 or a non-integer is a 400. */
function limitOf(raw: string | undefined): number {
  if (raw === undefined) {
    return DEFAULT_EVENTS_LIMIT;
  }
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) {
    throw new ValidationError('limit must be a positive integer.', [
      { path: 'query.limit', message: 'must be a positive integer' },
    ]);
  }
  return Math.min(Number(raw), MAX_EVENTS_LIMIT);
}

export interface EventRouteOptions {
  feed: EventFeed;
  /** Comment lines sent on an idle stream, so proxies and clients know it is alive. */
  heartbeatMs: number;
  /**
   * A stream whose client reads nothing for this long is ended (it has been sent what it
   * was sent; it resumes from its Last-Event-ID).
   */
  stallMs: number;
  /** Streams open at once in this process at most; more are a 503. */
  maxStreams: number;
  /** Aborted when the server starts draining: open streams are ended. */
  draining: AbortSignal;
  logger: Logger;
}

/**
 * The change feed over HTTP (docs/events.md): GET /api/events pages through a workspace's
 * change log by cursor; GET /api/events/stream sends it as Server-Sent Events from a cursor
 * on, then live.
 */
export function eventRoutes(options: EventRouteOptions): RouteDef[] {
  const { feed } = options;
  const streams = new RunningLimit(options.maxStreams, 'event streams');
  return [
    {
      method: 'get',
      path: '/api/events',
      access: { workspace: 'required', scope: 'read:events' },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const q = parseInput(pullQuery, req.query, 'query');
        const limit = limitOf(q.limit);
        const page = await feed.page(workspaceId, req.ctx.scopes ?? [], {
          ...feedFilter(q),
          limit,
        });
        sendData(res, 200, page.events.map(presentEvent), {
          limit,
          nextCursor: cursorText(page.nextCursor),
          hasMore: page.more,
        });
      },
    },
    {
      method: 'get',
      path: '/api/events/stream',
      access: { workspace: 'required', scope: 'read:events' },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const q = parseInput(streamQuery, req.query, 'query');
        const filter = feedFilter(q);
        const after = lastEventId(req) ?? filter.after;
        const scopes = req.ctx.scopes ?? [];
        const query: FeedQuery = { ...filter, after, limit: STREAM_PAGE };
        // Errors (a cursor past the retention, a type the scopes do not cover) are answered
        // in the envelope before the stream starts.
        const first = await feed.page(workspaceId, scopes, query);
        const leave = streams.enter();
        try {
          await stream(req, res, options, workspaceId, scopes, query, first);
        } finally {
          leave();
        }
      },
    },
  ];
}

/** The `Last-Event-ID` header of a reconnecting EventSource, when it holds a cursor. */
function lastEventId(req: Request): number | null {
  const header = req.headers['last-event-id'];
  if (header === undefined || header === '') {
    return null;
  }
  if (typeof header !== 'string' || !CURSOR_PATTERN.test(header.trim())) {
    throw new ValidationError('Last-Event-ID must be a cursor: the seq of an event.', [
      { path: 'headers.last-event-id', message: 'must be decimal digits' },
    ]);
  }
  return Number(header.trim());
}

/**
 * Writes the stream: the first page, then every page after, waiting for new events between
 * them. Only one page is ever written ahead of the client: the next is read once the
 * socket has drained, so a slow client costs a page of memory, and one that reads nothing
 * for `stallMs` is ended with a `disconnect` event naming its last cursor.
 */
async function stream(
  req: Request,
  res: Response,
  options: EventRouteOptions,
  workspaceId: string,
  scopes: readonly Scope[],
  query: FeedQuery,
  first: Awaited<ReturnType<EventFeed['page']>>,
): Promise<void> {
  const { feed } = options;
  let lastWrite = Date.now();
  const heartbeat = setInterval(
    () => {
      if (Date.now() - lastWrite >= options.heartbeatMs && res.writableLength === 0) {
        res.write(': heartbeat\n\n');
        lastWrite = Date.now();
      }
    },
    Math.max(1000, Math.floor(options.heartbeatMs / 2)),
  );
  const stop = new AbortController();
  const end = () => {
    // The heartbeat stops with the connection even while a page read is still under way.
    clearInterval(heartbeat);
    stop.abort();
  };
  res.once('close', end);
  options.draining.addEventListener('abort', end, { once: true });
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  req.socket.setNoDelay(true);
  // Client reconnection delay, and where the stream starts.
  res.write(`retry: 2000\n: events of ${workspaceId} after ${cursorText(query.after ?? 0)}\n\n`);

  let page = first;
  let cursor = query.after ?? 0;
  const write = async (text: string): Promise<boolean> => {
    lastWrite = Date.now();
    if (res.write(text)) {
      return true;
    }
    return drained(res, options.stallMs, stop.signal);
  };

  let why: string | null = null;
  try {
    for (;;) {
      let text = '';
      for (const event of page.events) {
        text += `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(presentEvent(event))}\n\n`;
      }
      if (page.nextCursor > cursor && page.events.at(-1)?.seq !== page.nextCursor) {
        // Events the filter left out: move the client's Last-Event-ID past them too.
        text += `id: ${page.nextCursor}\n\n`;
      }
      cursor = page.nextCursor;
      if (text !== '' && !(await write(text))) {
        why = stop.signal.aborted ? null : 'slow-consumer';
        break;
      }
      if (stop.signal.aborted) {
        break;
      }
      if (!page.more) {
        await feed.waitForChange(workspaceId, stop.signal);
        if (stop.signal.aborted) {
          break;
        }
      }
      page = await feed.page(workspaceId, scopes, { ...query, after: cursor });
    }
  } catch (error) {
    // The log could not be read (the store is down): end the stream; the client resumes.
    why = 'unavailable';
    options.logger.warn(
      { err: error, workspaceId },
      'event stream ended: the log could not be read',
    );
  } finally {
    clearInterval(heartbeat);
    res.off('close', end);
    options.draining.removeEventListener('abort', end);
  }
  if (options.draining.aborted) {
    why = 'shutting-down';
  }
  if (why !== null && !res.destroyed) {
    res.write(
      `event: disconnect\ndata: ${JSON.stringify({ reason: why, cursor: cursorText(cursor) })}\n\n`,
    );
  }
  res.end();
  if (why === 'slow-consumer') {
    // Whatever it has not read is dropped with the connection, not kept.
    res.destroy();
  }
}

/**
 * Resolves true once `res` drained, false when the client read nothing for `stallMs` (see
 * `outputMark`: a client still reading a large page is waited for) or the stream was
 * stopped. A wait whose timer fired well after it was due proves nothing (this process, not
 * the client, was held up meanwhile) and is made again.
 */
async function drained(res: Response, stallMs: number, stop: AbortSignal): Promise<boolean> {
  for (;;) {
    const mark = res.socket ? outputMark(res.socket) : '';
    const started = Date.now();
    try {
      await once(res, 'drain', { signal: AbortSignal.any([stop, AbortSignal.timeout(stallMs)]) });
      return true;
    } catch {
      if (stop.aborted || !res.socket || res.socket.destroyed) {
        return false;
      }
      const late = Date.now() - started > stallMs * 1.5;
      if (!late && outputMark(res.socket) === mark) {
        return false;
      }
    }
  }
}
