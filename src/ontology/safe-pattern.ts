/**
 * Regular expressions a property definition may use as `pattern`, restricted so that no
 * value can make one run for long: JavaScript's engine backtracks, and a careless pattern
 * (`(a+)+$`, `(a|aa)*b`) takes exponential time on a value of a few dozen characters, while
 * an innocent one (`\s*\s*x`) takes polynomial time on a long value. The rules (each
 * refusal says which one):
 *
 * - at most MAX_PATTERN_LENGTH characters, valid with the `u` flag;
 * - no backreferences and no lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`);
 * - a repeated group contains no repetition and no alternation (star height one, so the
 *   exponential cases cannot be written);
 * - at most MAX_VARIABLE_REPETITIONS repetitions of variable length (`*`, `+`, `?`, `{m,}`,
 *   `{m,n}`), counts at most MAX_REPETITION_COUNT;
 * - it is matched against the whole value (implicitly anchored), and only on values of at
 *   most MAX_PATTERN_INPUT characters (a longer value is a violation).
 *
 * With two variable repetitions over at most 1,024 characters, the worst case is about half
 * a million steps: well under a millisecond.
 */

export const MAX_PATTERN_LENGTH = 200;
export const MAX_VARIABLE_REPETITIONS = 2;
export const MAX_REPETITION_COUNT = 1000;
export const MAX_PATTERN_INPUT = 1024;

interface Group {
  /** Variable-length repetitions inside the group (nested groups included). */
  repetitions: number;
  /** An alternation directly in the group or in a nested one. */
  alternation: boolean;
}

const LOOKAROUND = ['(?=', '(?!', '(?<=', '(?<!'];
const REPETITION = /^\{(\d+)(,(\d*))?\}/;

/**
 * The most matching work one property value may take, in the units of `matchCost`: an
 * array of strings is checked item by item, and with two variable repetitions each item
 * costs up to the square of its length (about a millisecond at 1,024 characters), so a
 * 64 KB array of long items would otherwise hold the event loop for tens of milliseconds
 * on every write. Four items of the longest length fit; past the budget the value is a
 * violation.
 */
export const MAX_PATTERN_WORK = 4 * MAX_PATTERN_INPUT * MAX_PATTERN_INPUT;

/**
 * The worst-case work of matching a value of `length` characters against a safe pattern
 * with `repetitions` variable repetitions (backtracking: the length to that power).
 */
export function matchCost(repetitions: number, length: number): number {
  return repetitions >= 2 ? length * length : length;
}

/** Why `pattern` is not a safe pattern, or null when it is. */
export function patternProblem(pattern: string): string | null {
  if (pattern.length === 0 || pattern.length > MAX_PATTERN_LENGTH) {
    return `must be 1 to ${MAX_PATTERN_LENGTH} characters`;
  }
  try {
    new RegExp(anchored(pattern), 'u');
  } catch (error) {
    return `is not a valid regular expression (${(error as Error).message})`;
  }
  return structureProblem(pattern);
}

/** The variable-length repetitions of a safe pattern (0 to MAX_VARIABLE_REPETITIONS). */
export function variableRepetitions(pattern: string): number {
  const counted = { variable: 0 };
  structureProblem(pattern, counted);
  return counted.variable;
}

/**
 * Walks the (syntactically valid) pattern once, tracking groups, to find the constructs
 * the rules refuse; `counted.variable` receives its variable repetitions.
 */
function structureProblem(pattern: string, counted?: { variable: number }): string | null {
  const stack: Group[] = [{ repetitions: 0, alternation: false }];
  let variable = 0;
  /** What a repetition would apply to: a closed group, another atom, or nothing. */
  let last: Group | 'atom' | null = null;
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    const top = stack[stack.length - 1]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') {
        return 'must not use backreferences';
      }
      // \p{...}, \u{...}: skip the braces with the escape.
      const braced = /[pPu]/.test(next) && pattern[i + 2] === '{';
      i = braced ? pattern.indexOf('}', i) + 1 : i + 2;
      last = 'atom';
    } else if (c === '[') {
      i = classEnd(pattern, i);
      last = 'atom';
    } else if (c === '(') {
      if (LOOKAROUND.some((start) => pattern.startsWith(start, i))) {
        return 'must not use lookahead or lookbehind';
      }
      stack.push({ repetitions: 0, alternation: false });
      i = pattern.startsWith('(?<', i) ? pattern.indexOf('>', i) + 1 : i + 1;
      i = pattern.startsWith('?:', i) ? i + 2 : i;
      last = null;
    } else if (c === ')') {
      const group = stack.pop()!;
      const parent = stack[stack.length - 1]!;
      parent.repetitions += group.repetitions;
      parent.alternation ||= group.alternation;
      last = group;
      i += 1;
    } else if (c === '|') {
      top.alternation = true;
      last = null;
      i += 1;
    } else if (c === '*' || c === '+' || c === '?' || c === '{') {
      const repetition = readRepetition(pattern, i);
      if (typeof repetition === 'string') {
        return repetition;
      }
      if (last !== null && last !== 'atom' && (last.repetitions > 0 || last.alternation)) {
        return 'a repeated group must not contain a repetition or an alternation';
      }
      if (repetition.variable) {
        variable += 1;
        top.repetitions += 1;
      }
      i = repetition.end;
      // A lazy repetition (`*?`) is one repetition.
      i = pattern[i] === '?' ? i + 1 : i;
      last = null;
    } else {
      i += 1;
      last = 'atom';
    }
  }
  if (counted) {
    counted.variable = variable;
  }
  if (variable > MAX_VARIABLE_REPETITIONS) {
    return `must not use more than ${MAX_VARIABLE_REPETITIONS} repetitions of variable length (*, +, ?, {m,}, {m,n})`;
  }
  return null;
}

/** The index after the character class that starts at `start`. */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  while (i < pattern.length && pattern[i] !== ']') {
    i += pattern[i] === '\\' ? 2 : 1;
  }
  return i + 1;
}

function readRepetition(pattern: string, at: number): { variable: boolean; end: number } | string {
  const c = pattern[at];
  if (c !== '{') {
    return { variable: true, end: at + 1 };
  }
  const match = REPETITION.exec(pattern.slice(at));
  if (!match) {
    return 'is not a valid regular expression';
  }
  const min = Number(match[1]);
  const max = match[3] === undefined || match[3] === '' ? null : Number(match[3]);
  if (min > MAX_REPETITION_COUNT || (max !== null && max > MAX_REPETITION_COUNT)) {
    return `must not repeat more than ${MAX_REPETITION_COUNT} times`;
  }
  const variable = match[2] !== undefined && max !== min;
  return { variable, end: at + match[0].length };
}

function anchored(pattern: string): string {
  return `^(?:${pattern})$`;
}

/** The compiled form of a safe pattern: true when the whole value matches. */
export function compilePattern(pattern: string): (value: string) => boolean {
  const regex = new RegExp(anchored(pattern), 'u');
  return (value) => regex.test(value);
}
