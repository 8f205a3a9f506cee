import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { ApiKeyService } from '../../src/auth/api-key-service';
import { SCOPES } from '../../src/domain/scopes';
import { systemClock } from '../../src/ports/clock';
import { neo4jTarget, purge } from './neo4j';
import { engineEnv, testEngine } from './test-engine';

const ROOT = path.resolve(__dirname, '..', '..');

/** One JSON log line of the service. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** How a child ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The service as an operator runs it (`node --import tsx src/main.ts`), in a child process
 * with its own environment. Killed with SIGKILL after `killAfterMs` whatever happens, so a
 * test never hangs on it.
 */
export class ServiceProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<ProcessExit>;
  private stdoutText = '';
  private stderrText = '';
  private readonly killer: NodeJS.Timeout;
  private readonly waiters = new Set<() => void>();

  constructor(env: Record<string, string>, killAfterMs = 60_000) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: { ...baseEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8');
    this.child.stderr?.setEncoding('utf8');
    this.child.stdout?.on('data', (chunk: string) => {
      this.stdoutText += chunk;
      this.notify();
    });
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderrText += chunk;
      this.notify();
    });
    this.exited = new Promise((resolve) => {
      this.child.once('close', (code, signal) => {
        clearTimeout(this.killer);
        this.notify();
        resolve({ code, signal });
      });
    });
    this.killer = setTimeout(() => this.child.kill('SIGKILL'), killAfterMs);
  }

  get stdout(): string {
    return this.stdoutText;
  }

  get stderr(): string {
    return this.stderrText;
  }

  /** Every JSON log line written so far (the first-start banner is not JSON). */
  logs(): LogLine[] {
    return this.stdoutText
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  }

  /** Resolves with the first log line `match` accepts; rejects if the process ends first. */
  async waitForLog(match: (line: LogLine) => boolean): Promise<LogLine> {
    for (;;) {
      const found = this.logs().find(match);
      if (found) {
        return found;
      }
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        throw new Error(`the service exited first:\n${this.stdoutText}\n${this.stderrText}`);
      }
      await new Promise<void>((resolve) => {
        this.waiters.add(resolve);
      });
    }
  }

  /** The port from the `listening` line (start it with PORT=0). */
  async port(): Promise<number> {
    const line = await this.waitForLog((l) => l.msg === 'listening');
    return line.port as number;
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  private notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    waiters.forEach((resolve) => resolve());
  }
}

/** PATH, HOME and the temp dir; the rest of the test runner's environment stays out. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[name];
    if (value !== undefined) {
      env[name] = value;
    }
  }
  return env;
}

/** Resolves once a connection to 127.0.0.1:`port` is refused (the listener is closed). */
export async function untilRefused(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A workspace with an admin key for the service processes of a test, on its engine. */
export interface ServiceWorkspace {
  /** The variables that put a process on the project's engine, with this workspace. */
  env: Record<string, string>;
  workspaceId: string;
  apiKey: string;
  /** Removes the workspace from the run's Neo4j (on the embedded store it goes with DATA_DIR). */
  remove(): Promise<void>;
}

/**
 * A workspace and admin key for processes a test starts. On the embedded default the first
 * process makes them as its first start (BOOTSTRAP_WORKSPACE_ID, BOOTSTRAP_API_KEY). The
 * run's Neo4j is shared by every test file and never empty, so no process bootstraps there:
 * they are written into it beforehand, as an operator would with the CLI, and `remove`
 * purges them.
 */
export async function serviceWorkspace(): Promise<ServiceWorkspace> {
  const workspaceId = randomUUID();
  const apiKey = `wos_${randomBytes(32).toString('base64url')}`;
  const env = {
    ...engineEnv(),
    BOOTSTRAP_WORKSPACE_ID: workspaceId,
    BOOTSTRAP_API_KEY: apiKey,
  };
  if (testEngine() === 'sqlite') {
    return { env, workspaceId, apiKey, remove: () => Promise.resolve() };
  }
  const target = neo4jTarget();
  if (!target.available) {
    throw new Error(target.reason);
  }
  const stores = target.open();
  try {
    await stores.workspaces.create({
      id: workspaceId,
      name: 'service process workspace',
      plan: 'starter',
      limits: null,
      createdAt: new Date().toISOString(),
    });
    await new ApiKeyService(stores.apiKeys, systemClock).create({
      workspaceId,
      name: 'admin',
      scopes: [...SCOPES],
      expiresAt: null,
      createdBy: null,
      creatorScopes: null,
      secret: apiKey,
    });
  } finally {
    await stores.close();
  }
  return {
    env,
    workspaceId,
    apiKey,
    remove: async () => {
      const cleaner = target.open();
      try {
        await purge(cleaner.graph, [workspaceId]);
      } finally {
        await cleaner.close();
      }
    },
  };
}
