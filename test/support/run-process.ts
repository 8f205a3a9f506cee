import { spawn } from 'node:child_process';
import os from 'node:os';

/** How a child process ended: its exit code (null when killed) and stdout + stderr. */
export interface Finished {
  code: number | null;
  output: string;
}

/**
 * Runs `command` in `cwd` with a minimal environment (PATH, HOME, no Python bytecode files)
 * plus `env`, collecting stdout and stderr together; killed after `timeoutMs`.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.homedir(),
        PYTHONDONTWRITEBYTECODE: '1',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.once('close', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}
