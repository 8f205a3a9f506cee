import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { AppError, ValidationError } from '../errors';
import type { GraphQLContext } from './context';

/**
 * Errors of the GraphQL mirror (docs/graphql.md, "Errors"):
 * - an AppError thrown by a handler becomes a GraphQL error whose `extensions.code` is the
 *   REST error code (NOT_FOUND, VERSION_CONFLICT, INSUFFICIENT_SCOPE, ...) with the REST
 *   `details` beside it;
 * - errors of the document itself keep GraphQL's standard codes (GRAPHQL_PARSE_FAILED,
 *   GRAPHQL_VALIDATION_FAILED, BAD_USER_INPUT, ...), plus QUERY_TOO_DEEP/QUERY_TOO_COMPLEX;
 * - anything else is logged with the request id and answered as INTERNAL_ERROR without
 *   detail (a 500 never leaks store error text in REST either);
 * - every error carries `extensions.requestId`.
 */

/** Codes of errors that graphql-js or Apollo raise about the request document itself. */
const DOCUMENT_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'QUERY_TOO_DEEP',
  'QUERY_TOO_COMPLEX',
]);

const INTERNAL_MESSAGE = 'An internal error occurred. Quote the requestId when reporting it.';

/**
 * True when the client may see `error` as it is: an AppError, or an error graphql-js or
 * Apollo raised on purpose about the request (not one wrapping an unexpected throw).
 */
function isExpected(original: unknown, code: unknown): boolean {
  return (
    original instanceof AppError || (typeof code === 'string' && DOCUMENT_ERROR_CODES.has(code))
  );
}

/** Apollo's `formatError`: REST codes for AppErrors, a generic INTERNAL_ERROR otherwise. */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    return {
      message: original.message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: {
        code: original.code,
        ...(original.details !== undefined ? { details: original.details } : {}),
      },
    };
  }
  if (isExpected(original, formatted.extensions?.code)) {
    return formatted;
  }
  return {
    message: INTERNAL_MESSAGE,
    ...(formatted.locations ? { locations: formatted.locations } : {}),
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: { code: 'INTERNAL_ERROR' },
  };
}

/**
 * Logs errors that are masked as INTERNAL_ERROR (with the request id, as the REST error
 * handler does) and stamps `extensions.requestId` on every error of the response.
 */
export function errorReportingPlugin(): ApolloServerPlugin<GraphQLContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didEncounterErrors(rc) {
          for (const error of rc.errors) {
            const original = unwrapResolverError(error);
            if (!isExpected(original, error.extensions?.code)) {
              rc.contextValue.logger.error(
                { err: original, requestId: rc.contextValue.requestId, path: error.path },
                'unhandled GraphQL error',
              );
            }
          }
          return Promise.resolve();
        },
        willSendResponse(rc) {
          const body = rc.response.body;
          if (body.kind === 'single' && body.singleResult.errors) {
            body.singleResult.errors = body.singleResult.errors.map((e) => ({
              ...e,
              extensions: { ...e.extensions, requestId: rc.contextValue.requestId },
            }));
          }
          return Promise.resolve();
        },
      });
    },
  };
}

/**
 * Runs a shared input parser (the zod schemas and validators the REST routes use) and
 * reports its issues against the GraphQL arguments: by default `body.name` / `query.from`
 * become `args.name` / `args.from`; `renames` maps other prefixes (e.g. `body.payload` to
 * `args.input`), so the client sees where the problem is in its own terms.
 */
export function asArguments<T>(
  parse: () => T,
  renames: readonly (readonly [RegExp, string])[] = [[/^(body|query|params)(?=\.|$)/, 'args']],
): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ValidationError) {
      const issues = (error.details?.issues ?? []) as { path: string; message: string }[];
      const renamed = issues.map((issue) => ({
        ...issue,
        path: renames.reduce((path, [from, to]) => path.replace(from, to), issue.path),
      }));
      const first = renamed[0];
      throw new ValidationError(
        first ? `Invalid arguments: ${first.path}: ${first.message}` : error.message,
        renamed,
      );
    }
    throw error;
  }
}

/** `asArguments` for work that settles later: its validation errors in argument terms. */
export async function asArgumentsLater<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return asArguments(() => {
      throw error;
    });
  }
}

/** A GraphQL error with a stable code, answered with HTTP 400 before execution. */
export function requestError(
  message: string,
  code: string,
  extra: Record<string, unknown>,
): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra, http: { status: 400 } } });
}
