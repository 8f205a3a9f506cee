import type { CliDeps } from '../../src/cli/command';
import { runCli, type CliEnvironment } from '../../src/cli/run';

/** What one in-process invocation of the CLI printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function cliEnvironment(
  open: () => Promise<CliDeps>,
  out: string[],
  err: string[],
): CliEnvironment {
  return {
    output: { stdout: (line) => out.push(line), stderr: (line) => err.push(line) },
    open,
  };
}

/** Runs the CLI in this process on `open`'s services, as `npm run cli -- ...argv` would. */
export async function invokeCli(open: () => Promise<CliDeps>, argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, cliEnvironment(open, out, err));
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}
