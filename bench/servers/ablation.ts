/**
 * Diagnostic server for bench/http-ablation.ts: the service's real app with one part of
 * the stack removed, or a bare Express route with one part added, chosen by BENCH_MODE.
 * Parts are removed through `createApp`'s dependencies only (no copy of app.ts), so what is
 * measured is the code that runs in production minus exactly that part.
 *
 * Env: everything src/config reads (PORT, DATA_DIR, BOOTSTRAP_*, ...), BENCH_MODE,
 * and for the bare modes BENCH_DATA and BENCH_REQUEST_ID (see bare-express.ts).
 */
import express, { type Express, type Request, type Response } from 'express';
import { createApp } from '../../src/app';
import type { Authenticator } from '../../src/auth/authenticator';
import { bootstrapIfEmpty } from '../../src/auth/bootstrap';
import { loadConfig } from '../../src/config/load-config';
import { createContainer } from '../../src/container';
import type { HttpMetrics } from '../../src/http/metrics';
import { requestId } from '../../src/http/middleware/request-id';
import { docsAssets } from '../../src/http/routes/docs';
import { createLogger } from '../../src/logger';

/** Modes: `full`, `-<part>[,-<part>...]` removed from full, or `bare[+<part>...]`. */
export const REMOVABLE = ['log', 'metrics', 'ratelimit', 'auth-lookup'] as const;
export const ADDABLE = ['docs', 'reqid', 'chain'] as const;

async function fullApp(removed: Set<string>): Promise<Express> {
  const config = loadConfig();
  const logger = createLogger(removed.has('log') ? 'silent' : config.logLevel);
  const { deps } = createContainer(config, logger);
  await bootstrapIfEmpty(deps.workspaces, deps.apiKeys, deps.clock, config.bootstrap);
  if (removed.has('metrics')) {
    deps.metrics = { observe: () => undefined } as unknown as HttpMetrics;
  }
  if (removed.has('ratelimit')) {
    deps.http.rateLimit.enabled = false;
  }
  if (removed.has('auth-lookup')) {
    // The same principal every time, resolved once: no hash, no SQLite read per request.
    const principal = await deps.authenticator.authenticate(`Bearer ${config.bootstrap.apiKey}`);
    deps.authenticator = {
      authenticate: () => Promise.resolve(principal),
      authenticateNow: () => principal,
    } as unknown as Authenticator;
  }
  return createApp(deps);
}

function bareApp(added: Set<string>): Express {
  const data: unknown = JSON.parse(process.env.BENCH_DATA ?? 'null');
  const fixedId = process.env.BENCH_REQUEST_ID ?? 'req_00000000000000000000';
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  if (added.has('reqid')) {
    app.use(requestId);
  }
  if (added.has('docs')) {
    app.use(docsAssets());
  }
  const respond = (req: Request, res: Response) => {
    const id = added.has('reqid') ? req.ctx.requestId : fixedId;
    res.status(200).json({ success: true, data, requestId: id });
  };
  if (added.has('chain')) {
    // The shape of a route in src/app.ts: a sync context step, an async guard, an async
    // wrapper around the handler; here doing nothing but the hops themselves.
    app.get(
      '/api/me',
      (_req, _res, next) => next(),
      async (_req, _res, next) => {
        await Promise.resolve();
        next();
      },
      async (req, res) => {
        await Promise.resolve();
        respond(req, res);
      },
    );
  } else {
    app.get('/api/me', respond);
  }
  return app;
}

async function main(): Promise<void> {
  const mode = process.env.BENCH_MODE ?? 'full';
  let app: Express;
  if (mode === 'full') {
    app = await fullApp(new Set());
  } else if (mode.startsWith('-')) {
    app = await fullApp(new Set(mode.split(',').map((p) => p.replace(/^-/, ''))));
  } else if (mode.startsWith('bare')) {
    app = bareApp(new Set(mode.split('+').slice(1)));
  } else {
    throw new Error(`unknown BENCH_MODE ${mode}`);
  }
  app.listen(Number(process.env.PORT), '127.0.0.1');
}

void main();

// Exit normally on SIGTERM so that --cpu-prof can write its profile.
process.on('SIGTERM', () => process.exit(0));
