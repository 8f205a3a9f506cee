import type { NextFunction, Request, Response } from 'express';
import pino, { type Logger } from 'pino';
import type { HttpMetrics } from '../metrics';
import { newRequestId } from './request-id';

/**
 * The status an unfinished response is logged and counted with when its headers were never
 * sent: the client went away first (nginx's "client closed request").
 */
export const CLIENT_CLOSED_STATUS = 499;

/**
 * The start and end of every request, as one middleware (one router hop): gives the request
 * its id (`X-Request-Id`, and in every envelope), then, when the response ends, writes one
 * structured log line and one metrics observation. A response that never finishes (the
 * client went away, or a stream was cut off) ends when its connection closes: its line says
 * `aborted: true`, with the status sent, or CLIENT_CLOSED_STATUS if none was. Logs carry
 * the request id; never headers, bodies or query strings (which may hold secrets).
 *
 * Both cases are heard on the response's `close`, which Node emits exactly once per
 * response, right after `finish` (in the next tick) or when the connection closes first:
 * one listener per request rather than two.
 */
export function requestLifecycle(logger: Logger, metrics: HttpMetrics) {
  const writeAccessLine = accessLineWriter(logger);
  return (req: Request, res: Response, next: NextFunction): void => {
    const id = newRequestId();
    const ctx: Request['ctx'] = { requestId: id, startedAt: process.hrtime.bigint() };
    req.ctx = ctx;
    res.setHeader('X-Request-Id', id);
    res.on('close', () => {
      const aborted = !res.writableFinished;
      const seconds = Number(process.hrtime.bigint() - ctx.startedAt) / 1e9;
      const route = ctx.route ?? 'unmatched';
      const status = aborted && !res.headersSent ? CLIENT_CLOSED_STATUS : res.statusCode;
      metrics.observe(req.method, route, status, seconds, ctx);
      writeAccessLine({
        requestId: id,
        method: req.method,
        path: req.path,
        route,
        status,
        durationMs: Math.round(seconds * 1e6) / 1e3,
        workspaceId: ctx.workspaceId,
        actor: ctx.principal?.actorId,
        ...(aborted ? { aborted: true } : {}),
      });
    });
    next();
  };
}

/** The fields of an access line; all primitives, none of them ever a secret. */
export interface AccessFields {
  requestId: string;
  method: string;
  path: string;
  route: string;
  status: number;
  durationMs: number;
  workspaceId: string | undefined;
  actor: string | undefined;
  aborted?: true;
}

/**
 * Writes the `request` line of `logger` at `info`. The fields are fixed primitives and never
 * hold a secret, so the line skips the redaction pass of the main logger, and, when the
 * logger has none of the options that change a line (mixin, log formatter, hooks,
 * serializers of these fields, a nested key, a message prefix), pino's generic pass over
 * the fields too: the line is put together from the logger's own prefix (level, time,
 * bindings) and JSON.stringify of the fields, the same text pino writes (a unit test holds
 * the two equal) at a fraction of the cost. Otherwise pino writes it.
 */
export function accessLineWriter(logger: Logger): (fields: AccessFields) => void {
  const access = logger.child({}, { redact: [] });
  const viaPino = (fields: AccessFields): void => access.info(fields, 'request');
  const s = pino.symbols;
  const internals = access as unknown as Record<symbol, unknown>;
  const stream = internals[s.streamSym] as
    { write(line: string): unknown; [key: symbol]: unknown } | undefined;
  const serializers = (internals[s.serializersSym] ?? {}) as Record<string, unknown>;
  const formatters = (internals[s.formattersSym] ?? {}) as { log?: unknown };
  const hooks = (internals[s.hooksSym] ?? {}) as { streamWrite?: unknown };
  const stringifiers = (internals[s.stringifiersSym] ?? {}) as Record<string, unknown>;
  // In pino's symbols, not in its typings.
  const msgPrefixSym = (s as unknown as Record<string, symbol | undefined>).msgPrefixSym;
  const fieldNames = [
    'requestId',
    'method',
    'path',
    'route',
    'status',
    'durationMs',
    'workspaceId',
    'actor',
    'aborted',
  ];
  const plain =
    stream !== undefined &&
    stream[s.needsMetadataGsym] !== true &&
    !internals[s.mixinSym] &&
    !formatters.log &&
    !hooks.streamWrite &&
    !internals[s.nestedKeySym] &&
    !(msgPrefixSym !== undefined && internals[msgPrefixSym]) &&
    internals[s.messageKeySym] === 'msg' &&
    Object.keys(stringifiers).length === 0 &&
    fieldNames.every((name) => !serializers[name]);
  if (!plain) {
    return viaPino;
  }
  const info = access.levels.values.info ?? 30;
  return (fields) => {
    if (!access.isLevelEnabled('info')) {
      return;
    }
    // Read on every line, as pino does: a level formatter or new bindings change them.
    const levelPrefix = (internals[s.lsCacheSym] as Record<number, string>)[info] ?? '';
    const time = (internals[s.timeSym] as (this: Logger) => string).call(access);
    const chindings = internals[s.chindingsSym] as string;
    const end = internals[s.endSym] as string;
    const json = JSON.stringify(fields);
    stream.write(`${levelPrefix}${time}${chindings},${json.slice(1, -1)},"msg":"request"${end}`);
  };
}
