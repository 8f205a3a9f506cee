import { AppError } from '../errors';

/** A place in the query text: 1-based line and column (columns count UTF-16 code units). */
export interface Position {
  line: number;
  column: number;
  /** 0-based offset in the text. */
  offset: number;
}

/** Where a construct starts, as `details` show it. */
function at(position: Position): { line: number; column: number } {
  return { line: position.line, column: position.column };
}

function located(message: string, position: Position): string {
  return `${message} (line ${position.line}, column ${position.column})`;
}

/** 400 CYPHER_SYNTAX_ERROR: the text is not Cypher (a bad token, a missing parenthesis...). */
export class CypherSyntaxError extends AppError {
  constructor(message: string, position: Position) {
    super(400, 'CYPHER_SYNTAX_ERROR', located(message, position), at(position));
  }
}

/**
 * 400 CYPHER_SEMANTIC_ERROR: valid syntax that means nothing (an unknown variable, a
 * function given the wrong arguments, comparing a date with a string, a missing parameter).
 */
export class CypherSemanticError extends AppError {
  constructor(message: string, position: Position) {
    super(400, 'CYPHER_SEMANTIC_ERROR', located(message, position), at(position));
  }
}

/**
 * 400 CYPHER_UNSUPPORTED: Cypher outside the read-only subset (writes, procedures, unknown
 * functions, the service's own labels); `details.construct` names it.
 */
export class CypherUnsupportedError extends AppError {
  constructor(construct: string, message: string, position: Position) {
    super(400, 'CYPHER_UNSUPPORTED', located(message, position), {
      construct,
      ...at(position),
    });
  }
}

/**
 * A duration used as a value of its own: both engines support durations only as an operand
 * of date and datetime arithmetic.
 */
export function durationAsValueError(position: Position): CypherUnsupportedError {
  return new CypherUnsupportedError(
    'duration',
    'A duration can only be added to or subtracted from a date or datetime',
    position,
  );
}

/** The limits a query can exceed; `details.limit` names one of them. */
export type CypherLimitName =
  | 'queryLength'
  | 'nesting'
  | 'clauses'
  | 'patternNodes'
  | 'patternRelationships'
  | 'hops'
  | 'shortestPathNodes'
  | 'operators'
  | 'size'
  | 'resultRecords'
  | 'resultBytes'
  | 'timeMs';

/** 400 CYPHER_LIMIT_EXCEEDED: the query is bigger, deeper or slower than a documented limit. */
export class CypherLimitError extends AppError {
  constructor(limit: CypherLimitName, max: number, message: string, position?: Position) {
    super(400, 'CYPHER_LIMIT_EXCEEDED', position ? located(message, position) : message, {
      limit,
      max,
      ...(position ? at(position) : {}),
    });
  }
}
