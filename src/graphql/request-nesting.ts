import type { Request, Response } from 'express';
import { MAX_JSON_DEPTH, nestingIssue } from '../domain/json-nesting';
import { JsonTooDeepError, ValidationError, type ValidationIssue } from '../errors';
import { writeJson } from '../http/presenters/envelope';

/**
 * True when the GraphQL document `source` nests brackets (`{`, `[`, `(`) deeper than
 * `maxDepth`, outside strings and comments. Every construct graphql-js parses recursively
 * (selection sets, list and object values, arguments, list types) opens a bracket, so a
 * document within the limit cannot overflow the parser's stack. A plain scan: no recursion.
 */
export function documentNestedTooDeep(source: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (char === '#') {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end + 1;
    } else if (source.startsWith('"""', i)) {
      i = endOfBlockString(source, i + 3);
    } else if (char === '"') {
      i = endOfString(source, i + 1);
    } else {
      if (char === '{' || char === '[' || char === '(') {
        depth += 1;
        if (depth > maxDepth) {
          return true;
        }
      } else if (char === '}' || char === ']' || char === ')') {
        depth = Math.max(0, depth - 1);
      }
      i += 1;
    }
  }
  return false;
}

/** Index after the `"""` closing a block string whose text starts at `from` (`\"""` escapes). */
function endOfBlockString(source: string, from: number): number {
  for (let i = from; i < source.length; i += 1) {
    if (source[i] === '\\' && source.startsWith('"""', i + 1)) {
      i += 3;
    } else if (source.startsWith('"""', i)) {
      return i + 3;
    }
  }
  return source.length;
}

/** Index after the `"` closing a string whose text starts at `from`; strings end at a line end. */
function endOfString(source: string, from: number): number {
  for (let i = from; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') {
      i += 1;
    } else if (char === '"' || char === '\n') {
      return i + 1;
    }
  }
  return source.length;
}

function parsedVariables(text: unknown): unknown {
  if (typeof text !== 'string') {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // Apollo answers variables that do not parse.
  }
}

/**
 * The nesting problem of a GraphQL request, or null: its JSON body (POST; variables and
 * extensions included) or its `variables` parameter (GET) nested deeper than
 * MAX_JSON_DEPTH, or its document nesting brackets deeper than that.
 */
export function requestNestingError(req: Request): ValidationError | null {
  const post = req.method === 'POST';
  const input: unknown = post ? req.body : req.query;
  const jsonIssue = post
    ? nestingIssue(input, 'body')
    : nestingIssue(parsedVariables(req.query.variables), 'query.variables');
  if (jsonIssue) {
    return new JsonTooDeepError('The GraphQL request', jsonIssue, MAX_JSON_DEPTH);
  }
  const source: unknown =
    typeof input === 'object' && input !== null ? (input as { query?: unknown }).query : undefined;
  if (typeof source === 'string' && documentNestedTooDeep(source)) {
    const issue: ValidationIssue = {
      path: post ? 'body.query' : 'query.query',
      message: `brackets may be nested at most ${MAX_JSON_DEPTH} levels deep`,
    };
    return new JsonTooDeepError('The GraphQL document', issue, MAX_JSON_DEPTH);
  }
  return null;
}

/**
 * Answers a request GraphQL cannot run as a GraphQL response (HTTP 400, `errors` and no
 * `data`), with the REST code and details in `extensions`, as GraphQL's own request errors
 * are answered.
 */
export function sendGraphQLRequestError(res: Response, error: ValidationError): void {
  writeJson(res, error.status, {
    errors: [
      {
        message: error.message,
        extensions: {
          code: error.code,
          ...(error.details === undefined ? {} : { details: error.details }),
          requestId: res.req.ctx.requestId,
        },
      },
    ],
  });
}
