import { parseArgs } from 'node:util';
import { z } from 'zod';
import { isScope, SCOPES, type Scope } from '../domain/scopes';
import { isUuid, PLANS, type Plan, type RateLimits } from '../domain/workspace';

/** Bad command-line input: printed to stderr, exit code 2. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliUsageError';
  }
}

/** The string values of a command's options, by long name without the dashes. */
export type OptionValues = Readonly<Record<string, string | undefined>>;

/** The argument vector split into the command path and what follows it. */
export interface SplitArgs {
  /** Leading words: group and command (`workspace create`), or `help` and its topic. */
  words: string[];
  /** Everything after the words: the command's options. */
  rest: string[];
  json: boolean;
  help: boolean;
}

const HELP_FLAGS = new Set(['--help', '-h']);

/**
 * Splits argv into leading words and options. `--json` and `--help` are global: they may
 * come before, between or after the words.
 */
export function splitArgs(argv: readonly string[]): SplitArgs {
  const words: string[] = [];
  let json = false;
  let help = false;
  let index = 0;
  for (; index < argv.length; index += 1) {
    const token = argv[index] ?? '';
    if (token === '--json') {
      json = true;
    } else if (HELP_FLAGS.has(token)) {
      help = true;
    } else if (!token.startsWith('-') && (words[0] === 'help' || words.length < 2)) {
      words.push(token);
    } else {
      break;
    }
  }
  const rest = argv.slice(index);
  return {
    words,
    rest,
    json: json || rest.includes('--json'),
    help: help || rest.some((token) => HELP_FLAGS.has(token)),
  };
}

/**
 * Parses a command's options strictly (unknown options and stray positionals are errors).
 * Every command option takes a value; `--json` and `--help` are accepted everywhere.
 */
export function parseOptions(rest: readonly string[], names: readonly string[]): OptionValues {
  const options: Record<string, { type: 'string' } | { type: 'boolean'; short?: string }> = {
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  };
  for (const name of names) {
    options[name] = { type: 'string' };
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...rest], options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new CliUsageError(describeParseError(error));
  }
  const result: Record<string, string | undefined> = {};
  for (const name of names) {
    const value = values[name];
    result[name] = typeof value === 'string' ? value : undefined;
  }
  return result;
}

function describeParseError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return quoted ? `Unknown option ${quoted}.` : 'Unknown option.';
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return quoted ? `Unexpected argument "${quoted}".` : 'Unexpected argument.';
    default: {
      // ERR_PARSE_ARGS_INVALID_OPTION_VALUE: an option without its value (or followed by
      // another option), or a flag given a value.
      const option = quoted?.split(' ')[0];
      if (option && /argument missing|ambiguous/.test(message)) {
        return `Option ${option} needs a value.`;
      }
      return message;
    }
  }
}

/** The value of a required option. */
export function required(values: OptionValues, name: string): string {
  const value = values[name];
  if (value === undefined) {
    throw new CliUsageError(`Missing required option --${name}.`);
  }
  return value;
}

/** A required option whose value must be a UUID (workspace ids). */
export function requiredUuid(values: OptionValues, name: string): string {
  return uuidValue(required(values, name), name);
}

/** A UUID option value (workspace ids). */
export function uuidValue(value: string, name: string): string {
  if (!isUuid(value)) {
    throw new CliUsageError(`--${name} must be a UUID, got "${value}".`);
  }
  return value;
}

/** A plan option value. */
export function planValue(value: string): Plan {
  const plan = PLANS.find((p) => p === value);
  if (!plan) {
    throw new CliUsageError(`--plan must be one of ${PLANS.join(', ')}, got "${value}".`);
  }
  return plan;
}

/** A positive integer option value. */
export function positiveIntValue(value: string, name: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) {
    throw new CliUsageError(`--${name} must be a positive integer, got "${value}".`);
  }
  return n;
}

/** `--per-minute` and `--per-day`, which go together; undefined when neither is given. */
export function limitsValue(values: OptionValues): RateLimits | undefined {
  const perMinute = values['per-minute'];
  const perDay = values['per-day'];
  if (perMinute === undefined && perDay === undefined) {
    return undefined;
  }
  if (perMinute === undefined || perDay === undefined) {
    throw new CliUsageError('--per-minute and --per-day must be given together.');
  }
  return {
    perMinute: positiveIntValue(perMinute, 'per-minute'),
    perDay: positiveIntValue(perDay, 'per-day'),
  };
}

/** A comma-separated scope list, or `all` for every scope. */
export function scopesValue(value: string): Scope[] {
  if (value.trim() === 'all') {
    return [...SCOPES];
  }
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0) {
    throw new CliUsageError('--scopes needs at least one scope (or "all").');
  }
  const unknown = names.filter((s) => !isScope(s));
  if (unknown.length > 0) {
    throw new CliUsageError(
      `Unknown scope${unknown.length > 1 ? 's' : ''} ${unknown.map((s) => `"${s}"`).join(', ')}; known scopes: ${SCOPES.join(', ')} (or "all").`,
    );
  }
  return [...new Set(names.filter(isScope))];
}

// The same rule as the HTTP API's expiresAt (src/http/routes/api-keys.ts).
const isoDateTime = z.iso.datetime({ offset: true });

/** An ISO-8601 date-time with a zone (`2027-01-01T00:00:00Z`). */
export function isoDateTimeValue(value: string, name: string): string {
  if (!isoDateTime.safeParse(value).success) {
    throw new CliUsageError(
      `--${name} must be an ISO-8601 date-time with a zone, such as 2027-01-01T00:00:00Z; got "${value}".`,
    );
  }
  return value;
}

/** A trimmed, non-empty name of at most `max` characters. */
export function nameValue(value: string, max: number): string {
  const name = value.trim();
  if (name === '' || name.length > max) {
    throw new CliUsageError(`--name must be 1 to ${max} characters.`);
  }
  return name;
}
