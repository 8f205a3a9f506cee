import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  childEnv,
  compiledEnv,
  compileService,
  freePort,
  REPO_ROOT,
  startServer,
  type ServerProcess,
} from './processes';

/** Rate limits far above anything 2 cores can serve: the limiter runs but never refuses. */
export const UNLIMITED_PER_MINUTE = '1000000000';
export const UNLIMITED_PER_DAY = '1000000000000';

/** How the service is run: compiled as `npm start` runs it, or from sources with tsx. */
export type ServiceEntry = 'compiled' | 'tsx';

export interface BenchServiceOptions {
  /** The benchmark's temp directory (compiled output and logs go there). */
  tmp: string;
  name: string;
  entry: ServiceEntry;
  dataDir: string;
  /** The bootstrap workspace (random when omitted). */
  workspaceId?: string;
  /** Extra environment, applied last. */
  env?: Record<string, string>;
  nodeArgs?: string[];
  /** Where the child's stdout goes: a file (default `<tmp>/<name>.log`) or 'ignore'. */
  stdout?: string;
  readyTimeoutMs?: number;
}

/** A running service with its bootstrap workspace and admin key. */
export interface BenchService extends ServerProcess {
  apiKey: string;
  workspaceId: string;
  /** Authorization, x-workspace-id and a JSON content type. */
  headers: Record<string, string>;
}

/**
 * Starts the service as a child on 127.0.0.1 with a fresh bootstrap key for an enterprise
 * workspace whose limits never refuse, and waits for `/health`. The compiled entry is built
 * once per temp directory (`<tmp>/dist`), like `npm start`'s `dist/`.
 */
export async function startBenchService(options: BenchServiceOptions): Promise<BenchService> {
  let script = path.join(REPO_ROOT, 'src', 'main.ts');
  let entryEnv: Record<string, string> = {};
  if (options.entry === 'compiled') {
    const dist = path.join(options.tmp, 'dist');
    script = fs.existsSync(path.join(dist, 'main.js'))
      ? path.join(dist, 'main.js')
      : compileService(dist).mainJs;
    entryEnv = compiledEnv();
  }
  const port = await freePort();
  const apiKey = `wos_${randomBytes(32).toString('base64url')}`;
  const workspaceId = options.workspaceId ?? randomUUID();
  const server = await startServer({
    name: options.name,
    script,
    port,
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    stdout: options.stdout ?? path.join(options.tmp, `${options.name}.log`),
    readyPath: '/health',
    readyTimeoutMs: options.readyTimeoutMs ?? 120_000,
    env: childEnv({
      ...entryEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'info',
      BOOTSTRAP_API_KEY: apiKey,
      BOOTSTRAP_WORKSPACE_ID: workspaceId,
      BOOTSTRAP_PLAN: 'enterprise',
      ENTERPRISE_DEFAULT_PER_MINUTE: UNLIMITED_PER_MINUTE,
      ENTERPRISE_DEFAULT_PER_DAY: UNLIMITED_PER_DAY,
      ...options.env,
    }),
  });
  return Object.assign(server, {
    apiKey,
    workspaceId,
    headers: {
      authorization: `Bearer ${apiKey}`,
      'x-workspace-id': workspaceId,
      'content-type': 'application/json',
    },
  });
}
