import type { Expr } from '../../../../cypher/ast';
import { jsonType, scalar, type Compiled } from './representation';
import type { SqlBuilder } from './sql-builder';

/** The string operators of Cypher. */
export type TextOperator = 'starts with' | 'ends with' | 'contains';

/**
 * `STARTS WITH`, `ENDS WITH` and `CONTAINS` in SQL: null when either side is null or not
 * text, as in Cypher.
 *
 * When the right side is known when compiling (a literal or a parameter), the test is
 * `GLOB` with that text bound as a pattern, its wildcards escaped: one function call per
 * row where substr/length take several, and a `STARTS WITH` on a column SQLite has an index
 * on (`n.name`) becomes a range of that index (SQLite's LIKE/GLOB optimization, which reads
 * the bound pattern). The statement's text stays the same whatever the value.
 */
export function textPredicate(
  sql: SqlBuilder,
  op: TextOperator,
  left: Compiled,
  right: Compiled | { text: string },
): string {
  const l = scalar(left);
  let test: string;
  const sides = [left];
  if ('text' in right && !right.text.includes('\0')) {
    test = `${l} GLOB ${sql.bind(globPattern(op, right.text))}`;
  } else {
    // GLOB reads its pattern only up to a NUL, and length() of a text stops at one: texts
    // that may hold NUL are compared as their UTF-8 bytes.
    let r: string;
    if ('text' in right) {
      r = sql.bind(right.text);
    } else {
      r = scalar(right);
      sides.push(right);
    }
    const lb = `CAST(${l} AS BLOB)`;
    const rb = `CAST(${r} AS BLOB)`;
    test =
      op === 'starts with'
        ? `substr(${lb}, 1, length(${rb})) = ${rb}`
        : op === 'ends with'
          ? `substr(${lb}, length(${lb}) - length(${rb}) + 1) = ${rb}`
          : `instr(${lb}, ${rb}) > 0`;
  }
  // Every form is null when a side is null. A side that is not text makes the test null
  // (GLOB would match a number's text); a string-typed side is text or null, and testing it
  // would cost a function call per row on a scan of every node.
  // A value known only at run time is tested by its JSON type: a list's scalar is text too.
  const checks = sides
    .filter((side) => side.type.kind !== 'string')
    .map((side) =>
      side.type.kind === 'any' ? `${jsonType(side)} = 'text'` : `typeof(${scalar(side)}) = 'text'`,
    );
  return checks.length === 0 ? `(${test})` : `(CASE WHEN ${checks.join(' AND ')} THEN ${test} END)`;
}

/** The text of a string literal or string parameter, else null. */
export function knownText(
  expr: Expr,
  parameters: Readonly<Record<string, unknown>>,
): string | null {
  const value =
    expr.kind === 'literal' ? expr.value : expr.kind === 'param' ? parameters[expr.name] : null;
  return typeof value === 'string' ? value : null;
}

/** A GLOB pattern matching texts that start with, end with or contain `text`. */
function globPattern(op: TextOperator, text: string): string {
  const literal = text.replace(/[*?[]/g, (c) => `[${c}]`);
  return op === 'starts with' ? `${literal}*` : op === 'ends with' ? `*${literal}` : `*${literal}*`;
}
