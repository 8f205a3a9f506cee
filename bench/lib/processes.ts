import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SERVICE_NODE_FLAGS } from '../../src/node-flags';

/** The repository root (bench/lib/ is two levels below it). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const EXIT_WITH_PARENT = path.join(__dirname, 'exit-with-parent.cjs');

/** Every child still running; `stopAll` and the exit hooks kill what is left here. */
const live = new Set<ChildProcess>();

/** A server child started by `startServer`, listening on 127.0.0.1. */
export interface ServerProcess {
  name: string;
  port: number;
  baseUrl: string;
  pid: number;
  /** The last few KB the child wrote to stderr, for error messages. */
  stderrTail(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartServerOptions {
  name: string;
  /** Entry file (.ts is run through tsx, .js with plain node). */
  script: string;
  /** Port the child must listen on (see `freePort`). */
  port: number;
  /** The child's whole environment: nothing leaks in from the benchmark's own. */
  env: Record<string, string>;
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  cwd?: string;
  /** Where the child's stdout goes: a file path, or the string 'ignore' (/dev/null). */
  stdout?: string;
  /** Path polled until it answers 200 (default `/`). */
  readyPath?: string;
  readyHeaders?: Record<string, string>;
  readyTimeoutMs?: number;
}

/** A port that was free a moment ago on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') {
          resolve(address.port);
        } else {
          reject(new Error('could not determine a free port'));
        }
      });
    });
  });
}

/**
 * Compiles the service (tsconfig.build.json) into `outDir`, as `npm run build` does for
 * `npm start`, without touching the repository's dist/. Children run from there need
 * NODE_PATH pointing at the repository's node_modules (see `compiledEnv`). Returns the
 * path of main.js. tsc's type errors do not stop it (tsc still emits); a missing output does.
 */
export function compileService(outDir: string): { mainJs: string; warnings: string } {
  const tsc = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(
    process.execPath,
    [tsc, '-p', 'tsconfig.build.json', '--outDir', outDir, '--sourceMap', 'false'],
    { cwd: REPO_ROOT, encoding: 'utf8', timeout: 180_000 },
  );
  const mainJs = path.join(outDir, 'main.js');
  if (!fs.existsSync(mainJs)) {
    throw new Error(`compiling the service failed:\n${result.stdout}${result.stderr}`);
  }
  return { mainJs, warnings: result.status === 0 ? '' : `${result.stdout}${result.stderr}` };
}

/** NODE_PATH for code compiled outside the repository (see `compileService`). */
export function compiledEnv(): Record<string, string> {
  return { NODE_PATH: path.join(REPO_ROOT, 'node_modules') };
}

/** The minimal environment a child needs (PATH, HOME, temp dir), plus `extra`. */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[name];
    if (value !== undefined) {
      env[name] = value;
    }
  }
  return { ...env, ...extra };
}

/**
 * Starts `node <service flags> [--import tsx] --require exit-with-parent <script>` and waits
 * until `readyPath` answers 200. Throws (after killing the child) if it exits or times out
 * first. Every child, the service and the reference servers alike, runs with the V8 flags the
 * service is deployed with (SERVICE_NODE_FLAGS), so comparisons stay like for like.
 */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const stdoutFd =
    options.stdout === undefined || options.stdout === 'ignore'
      ? 'ignore'
      : fs.openSync(options.stdout, 'a');
  const args = [
    ...SERVICE_NODE_FLAGS,
    ...(options.nodeArgs ?? []),
    ...(options.script.endsWith('.ts') ? ['--import', 'tsx'] : []),
    '--require',
    EXIT_WITH_PARENT,
    options.script,
  ];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: options.env,
    stdio: ['ignore', stdoutFd, 'pipe', 'ipc'],
  });
  if (typeof stdoutFd === 'number') {
    fs.closeSync(stdoutFd);
  }
  live.add(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
    } else {
      child.once('exit', () => resolve());
    }
  });
  void exited.then(() => live.delete(child));
  child.on('error', () => undefined); // spawn failures surface as an exit below
  // The child stays referenced: awaiting its exit must keep this process alive.

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const server: ServerProcess = {
    name: options.name,
    port: options.port,
    baseUrl,
    pid: child.pid ?? -1,
    stderrTail: () => stderr,
    stop: async (graceMs = 5000) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        return;
      }
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };

  try {
    await waitForHttp(`${baseUrl}${options.readyPath ?? '/'}`, {
      timeoutMs: options.readyTimeoutMs ?? 30_000,
      headers: options.readyHeaders ?? {},
      gaveUp: () =>
        child.exitCode !== null || child.signalCode !== null
          ? `exited with ${child.exitCode ?? child.signalCode}`
          : null,
    });
  } catch (error) {
    await server.stop(1000);
    const detail = stderr.trim() ? `\n--- ${options.name} stderr ---\n${stderr.trim()}` : '';
    throw new Error(`${options.name} did not become ready: ${(error as Error).message}${detail}`);
  }
  return server;
}

/** Polls `url` until it answers 200, `gaveUp()` returns a reason, or the timeout passes. */
export async function waitForHttp(
  url: string,
  options: { timeoutMs: number; headers?: Record<string, string>; gaveUp?: () => string | null },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const reason = options.gaveUp?.();
    if (reason) {
      throw new Error(reason);
    }
    try {
      const res = await fetch(url, {
        headers: options.headers ?? {},
        signal: AbortSignal.timeout(1000),
      });
      await res.arrayBuffer();
      if (res.status === 200) {
        return;
      }
      last = `status ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out after ${options.timeoutMs} ms (${last})`);
}

/** Stops every child still running, in parallel. */
export async function stopAll(graceMs = 5000): Promise<void> {
  await Promise.all(
    [...live].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) {
            resolve();
            return;
          }
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), graceMs);
        }),
    ),
  );
}

let hooksInstalled = false;

/**
 * Makes sure no child outlives the benchmark: SIGKILL on process exit, stop-and-exit on
 * SIGINT/SIGTERM, and a watchdog that aborts the whole run after `timeoutMs`.
 */
export function installCleanup(timeoutMs: number): void {
  if (hooksInstalled) {
    return;
  }
  hooksInstalled = true;
  process.on('exit', () => {
    for (const child of live) {
      child.kill('SIGKILL');
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping benchmark children\n`);
      void stopAll(1000).finally(() => process.exit(130));
    });
  }
  const watchdog = setTimeout(() => {
    process.stderr.write(`\nbenchmark exceeded its ${timeoutMs / 1000} s budget; aborting\n`);
    void stopAll(1000).finally(() => process.exit(2));
  }, timeoutMs);
  watchdog.unref();
}
