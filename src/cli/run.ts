import { DataDirError } from '../config/data-dir';
import { ConfigError } from '../config/load-config';
import { AppError } from '../errors';
import { CliUsageError, parseOptions, splitArgs, type SplitArgs } from './args';
import { clientCommands } from './commands/client';
import { eventCommands } from './commands/events';
import { keyCommands } from './commands/key';
import { searchCommands } from './commands/search';
import { secretsCommands } from './commands/secrets';
import { transferCommands } from './commands/transfer';
import { userCommands } from './commands/user';
import { workspaceCommands } from './commands/workspace';
import type { CliDeps, CommandDef } from './command';
import { commandHelp, groupHelp, PROGRAM, topHelp } from './help';
import type { CliOutput } from './output';
import { noticeText, StoreNotFoundError } from './store';

/** Every command, in the order help lists them. */
export const COMMANDS: readonly CommandDef[] = [
  ...workspaceCommands,
  ...keyCommands,
  ...userCommands,
  ...clientCommands,
  ...transferCommands,
  ...searchCommands,
  ...eventCommands,
  ...secretsCommands,
];

/** Exit code of success, help included. */
export const EXIT_OK = 0;
/** Exit code of an unexpected failure or an invalid environment. */
export const EXIT_FAILURE = 1;
/** Exit code of bad input: the command line, or a value a service refuses. */
export const EXIT_USAGE = 2;

/** What `runCli` runs against. */
export interface CliEnvironment {
  output: CliOutput;
  /**
   * Opens the stores. Called only once a command is about to run, so `--help` works even
   * when the environment is invalid. `create` is false for a command that needs existing
   * data: a store that does not exist yet is then refused instead of created.
   */
  open(options: { create: boolean }): Promise<CliDeps>;
}

type Resolved = { kind: 'help'; lines: string[] } | { kind: 'run'; command: CommandDef };

/**
 * Runs one CLI invocation and returns its exit code. Never calls `process.exit` and never
 * throws, so tests call it in-process.
 */
export async function runCli(argv: readonly string[], env: CliEnvironment): Promise<number> {
  const args = splitArgs(argv);
  let command: CommandDef | undefined;
  try {
    const resolved = resolve(args);
    if (resolved.kind === 'help') {
      resolved.lines.forEach((line) => env.output.stdout(line));
      return EXIT_OK;
    }
    command = resolved.command;
    const names = command.options.map((o) => o.name);
    const values = parseOptions(args.rest, names);
    const deps = await env.open({ create: command.createsStore === true });
    if (deps.store) {
      env.output.stderr(args.json ? JSON.stringify({ store: deps.store }) : noticeText(deps.store));
    }
    const result = await command.run(values, deps);
    if (args.json) {
      env.output.stdout(JSON.stringify(result.json, null, 2));
    } else {
      result.text.forEach((line) => env.output.stdout(line));
    }
    return EXIT_OK;
  } catch (error) {
    return reportError(error, args.json, env.output, command);
  }
}

function resolve(args: SplitArgs): Resolved {
  const [first, second, ...others] = args.words;
  if (first === undefined) {
    if (args.help) {
      return { kind: 'help', lines: topHelp(COMMANDS) };
    }
    throw new CliUsageError(`Missing command. Run '${PROGRAM} help' to list the commands.`);
  }
  if (first === 'help') {
    return { kind: 'help', lines: helpTopic([second, ...others].filter(isDefined)) };
  }
  const group = groupOf(first);
  const single = topLevel(group);
  if (single) {
    // A command without sub-commands (`export`): what follows it are its options.
    if (second !== undefined && second !== '' && second !== 'help') {
      throw new CliUsageError(`Unexpected argument "${second}" after "${first}".`);
    }
    const help = args.help || second === 'help';
    return help ? { kind: 'help', lines: commandHelp(single) } : { kind: 'run', command: single };
  }
  if (second === undefined || second === 'help') {
    if (args.help || second === 'help') {
      return { kind: 'help', lines: groupHelp(first, group) };
    }
    throw new CliUsageError(
      `Missing command after "${first}"; one of: ${group.map((c) => c.name).join(', ')}.`,
    );
  }
  const command = commandOf(first, second, group);
  return args.help ? { kind: 'help', lines: commandHelp(command) } : { kind: 'run', command };
}

function helpTopic(words: string[]): string[] {
  const [first, second, extra] = words;
  if (first === undefined) {
    return topHelp(COMMANDS);
  }
  const group = groupOf(first);
  const single = topLevel(group);
  if (single && second === undefined) {
    return commandHelp(single);
  }
  if (second === undefined) {
    return groupHelp(first, group);
  }
  if (extra !== undefined) {
    throw new CliUsageError(`Unknown command "${words.join(' ')}".`);
  }
  return commandHelp(commandOf(first, second, group));
}

function groupOf(name: string): CommandDef[] {
  const group = COMMANDS.filter((c) => c.group === name);
  if (group.length === 0) {
    const groups = [...new Set(COMMANDS.map((c) => c.group))];
    throw new CliUsageError(
      `Unknown command "${name}"; the commands are ${groups.join(', ')} and help. Run '${PROGRAM} help' for details.`,
    );
  }
  return group;
}

function commandOf(groupName: string, name: string, group: CommandDef[]): CommandDef {
  const command = group.find((c) => c.name === name);
  if (!command) {
    throw new CliUsageError(
      `Unknown command "${groupName} ${name}"; one of: ${group.map((c) => c.name).join(', ')}.`,
    );
  }
  return command;
}

/** The command of a group that is a command itself (its name is empty), if it is one. */
function topLevel(group: readonly CommandDef[]): CommandDef | undefined {
  return group.length === 1 && group[0]?.name === '' ? group[0] : undefined;
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

/** Prints an error to stderr (as JSON with --json) and picks the exit code. */
function reportError(
  error: unknown,
  json: boolean,
  output: CliOutput,
  command: CommandDef | undefined,
): number {
  let code: string;
  let message: string;
  let details: Record<string, unknown> | undefined;
  let exitCode: number;
  if (error instanceof CliUsageError) {
    [code, message, exitCode] = ['USAGE_ERROR', error.message, EXIT_USAGE];
  } else if (error instanceof AppError && error.status < 500) {
    // Refused by a service: unknown workspace or key, invalid value, id taken.
    [code, message, exitCode, details] = [error.code, error.message, EXIT_USAGE, error.details];
  } else if (error instanceof ConfigError || error instanceof DataDirError) {
    [code, message, exitCode] = ['CONFIG_ERROR', error.message, EXIT_FAILURE];
  } else if (error instanceof StoreNotFoundError) {
    [code, message, exitCode] = [error.code, error.message, EXIT_FAILURE];
  } else {
    const reason = error instanceof Error ? error.message : String(error);
    [code, message, exitCode] = ['INTERNAL_ERROR', `Unexpected failure: ${reason}`, EXIT_FAILURE];
  }
  if (json) {
    output.stderr(JSON.stringify({ error: { code, message, ...(details ? { details } : {}) } }));
    return exitCode;
  }
  output.stderr(`error: ${message}`);
  if (exitCode === EXIT_USAGE && command && error instanceof CliUsageError) {
    output.stderr(
      `Run '${[PROGRAM, command.group, command.name].filter(Boolean).join(' ')} --help' for usage.`,
    );
  }
  return exitCode;
}
