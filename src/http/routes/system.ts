import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Lifecycle } from '../../lifecycle/lifecycle';
import type { HealthCheck } from '../../ports/health';
import { ServiceUnavailableError, UnauthenticatedError } from '../../errors';
import type { HttpMetrics } from '../metrics';
import { sendData } from '../presenters/envelope';
import type { RouteDef } from '../route-table';

export interface SystemRouteDeps {
  healthChecks: readonly HealthCheck[];
  /** `/ready` answers 503 once the service is stopping. */
  lifecycle: Lifecycle;
  metrics: HttpMetrics;
  metricsToken: string | undefined;
  openApiPath: string;
}

const PING_TIMEOUT_MS = 2000;

async function checkOne(
  check: HealthCheck,
): Promise<{ name: string; ok: boolean; critical: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    // Promise.resolve().then: a ping that throws synchronously is a failed check, not a 500.
    const ping = Promise.resolve()
      .then(() => check.ping())
      .catch(() => false);
    const ok = await Promise.race([ping, timeout]);
    return { name: check.name, ok, critical: check.critical !== false };
  } finally {
    clearTimeout(timer);
  }
}

/** Constant-time comparison of a presented bearer token with the expected one. */
function bearerMatches(header: string | undefined, expected: string): boolean {
  const presented = Buffer.from(header ?? '', 'utf8');
  const wanted = Buffer.from(`Bearer ${expected}`, 'utf8');
  return presented.length === wanted.length && timingSafeEqual(presented, wanted);
}

/** Liveness, readiness, metrics and the API description. */
export function systemRoutes(deps: SystemRouteDeps): RouteDef[] {
  let openApiText: string | undefined;
  return [
    {
      method: 'get',
      path: '/health',
      access: 'public',
      handler: (_req, res) => sendData(res, 200, { status: 'ok' }),
    },
    {
      method: 'get',
      path: '/ready',
      access: 'public',
      handler: async (_req, res) => {
        if (deps.lifecycle.isStopping) {
          // No store pings: they may be closing, and the answer is 503 either way.
          throw new ServiceUnavailableError('The service is shutting down.', {
            reason: 'shutting down',
          });
        }
        const results = await Promise.all(deps.healthChecks.map(checkOne));
        const checks = Object.fromEntries(results.map((r) => [r.name, r.ok ? 'up' : 'down']));
        // A dependency the service can do without (Redis) is reported, not required.
        if (results.some((r) => !r.ok && r.critical)) {
          throw new ServiceUnavailableError('A store the service depends on is unreachable.', {
            checks,
          });
        }
        sendData(res, 200, { status: 'ready', checks });
      },
    },
    {
      method: 'get',
      path: '/metrics',
      access: 'public',
      handler: async (req, res) => {
        if (deps.metricsToken && !bearerMatches(req.headers.authorization, deps.metricsToken)) {
          throw new UnauthenticatedError(
            'Metrics need the METRICS_TOKEN bearer token.',
            'Bearer realm="metrics"',
          );
        }
        res.setHeader('Content-Type', deps.metrics.registry.contentType);
        res.send(await deps.metrics.registry.metrics());
      },
    },
    {
      method: 'get',
      path: '/openapi.yaml',
      access: 'public',
      handler: (_req, res) => {
        openApiText ??= fs.readFileSync(deps.openApiPath, 'utf8');
        res.setHeader('Content-Type', 'application/yaml; charset=utf-8');
        res.send(openApiText);
      },
    },
  ];
}

/** Where `docs/api/openapi.yaml` is, both from `src/` (tsx, tests) and `dist/`. */
export function defaultOpenApiPath(): string {
  return path.resolve(__dirname, '..', '..', '..', 'docs', 'api', 'openapi.yaml');
}
