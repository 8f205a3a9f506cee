import type { CommandDef } from './command';
import { formatTable } from './output';

/** How the CLI is invoked, as shown in usage lines. */
export const PROGRAM = 'npm run cli --';

const GLOBAL_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['--json', 'Print machine-readable JSON (errors too, on stderr)'],
  ['-h, --help', 'Show help'],
];

function rows(entries: ReadonlyArray<readonly [string, string]>): string[] {
  return formatTable(
    ['', ''],
    entries.map(([a, b]) => [a, b]),
  )
    .slice(1)
    .map((line) => `  ${line}`);
}

/** Wraps a paragraph at `width` columns (help text is read in terminals). */
function wrap(paragraph: string, width = 88): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return line === '' ? lines : [...lines, line];
}

/** `workspace create`, or just `export` for a command without sub-commands. */
function commandPath(command: CommandDef): string {
  return command.name === '' ? command.group : `${command.group} ${command.name}`;
}

/** `help`: every command, the global options and the exit codes. */
export function topHelp(commands: readonly CommandDef[]): string[] {
  return [
    `Usage: ${PROGRAM} <command> [options] [--json]`,
    '       node dist/cli/main.js <command> [options] [--json]',
    '',
    'Operator CLI of the workspace ontology service. It reads the same environment as the',
    'server (DATA_DIR, ENTERPRISE_DEFAULT_PER_MINUTE, ...) and works on the same store.',
    '',
    'Commands:',
    ...rows([
      ...commands.map((c) => [commandPath(c), c.summary] as const),
      ['help [command]', 'Show help for a command'],
    ]),
    '',
    'Global options:',
    ...rows(GLOBAL_OPTIONS),
    '',
    'Exit codes: 0 success, 1 unexpected failure, invalid environment or no store at DATA_DIR, 2 bad input.',
    `Run '${PROGRAM} help <command>' for a command's options.`,
  ];
}

/** `help <group>`: the commands of one group. */
export function groupHelp(group: string, commands: readonly CommandDef[]): string[] {
  return [
    `Usage: ${PROGRAM} ${group} <command> [options] [--json]`,
    '',
    'Commands:',
    ...rows(commands.map((c) => [commandPath(c), c.summary] as const)),
    '',
    `Run '${PROGRAM} help ${group} <command>' for a command's options.`,
  ];
}

/** `help <group> <command>`: usage, description, options and examples. */
export function commandHelp(command: CommandDef): string[] {
  const usage = `${commandPath(command)} ${command.usage}`.trimEnd();
  return [
    `Usage: ${PROGRAM} ${usage} [--json]`,
    '',
    `${command.summary}.`,
    ...command.description.flatMap((paragraph) => ['', ...wrap(paragraph)]),
    '',
    'Options:',
    ...rows([
      ...command.options.map((o) => [`--${o.name} ${o.value}`, o.description] as const),
      ...GLOBAL_OPTIONS,
    ]),
    '',
    'Examples:',
    ...command.examples.map((example) => `  ${PROGRAM} ${example}`),
  ];
}
