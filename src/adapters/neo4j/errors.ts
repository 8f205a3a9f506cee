import { Neo4jError } from 'neo4j-driver';
import { ServiceUnavailableError } from '../../errors';

/**
 * How a driver error is answered:
 * - `unreachable`: the server cannot be reached or will not let us in (connection refused
 *   or timed out, lost session, authentication, unknown database). 503, and the adapter
 *   stops calling Neo4j for a moment (see `OutageGate`).
 * - `busy`: the server is up but could not finish the work within the retry budget
 *   (transient errors: deadlocks, leader switches, a database still starting). 503.
 * - `concurrent`: another transaction changed what this one had looked at: it deleted a
 *   record this one had matched (EntityNotFound), or it committed a record whose key this
 *   one had found free and then created too (ConstraintValidationFailed: the statements
 *   look a key up before they create it, and a plain look-up takes no lock). The unit of
 *   work is worth running again; the next run sees the other transaction's record.
 * - `other`: a bug (a statement Neo4j refuses). It stays a plain error: logged with the
 *   request id and answered 500 without detail.
 */
export type Neo4jFailure = 'unreachable' | 'busy' | 'concurrent' | 'other';

const UNREACHABLE_CODES = new Set([
  'ServiceUnavailable',
  'SessionExpired',
  'Neo.ClientError.Security.Unauthorized',
  'Neo.ClientError.Security.AuthenticationRateLimit',
  'Neo.ClientError.Security.CredentialsExpired',
  'Neo.ClientError.Database.DatabaseNotFound',
]);

/** See `concurrent` above. */
const CONCURRENT_CODES = new Set([
  'Neo.ClientError.Statement.EntityNotFound',
  'Neo.ClientError.Schema.ConstraintValidationFailed',
]);

/** Pool and socket errors the driver raises without a code of their own. */
const UNREACHABLE_MESSAGES = [
  /^Connection acquisition timed out/,
  /^Failed to establish connection/,
  /^Could not perform discovery/,
  /^Pool is closed/,
];

/** Classifies any error thrown by the driver (or by our own work, which is `other`). */
export function classifyNeo4jError(error: unknown): Neo4jFailure {
  if (!(error instanceof Neo4jError)) {
    return 'other';
  }
  if (
    UNREACHABLE_CODES.has(error.code) ||
    UNREACHABLE_MESSAGES.some((pattern) => pattern.test(error.message))
  ) {
    return 'unreachable';
  }
  if (
    error.code.startsWith('Neo.TransientError.') ||
    error.code === 'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration'
  ) {
    return 'busy';
  }
  if (CONCURRENT_CODES.has(error.code)) {
    return 'concurrent';
  }
  return 'other';
}

/** The name of the engine in readiness reports and 503 details. */
export const ENGINE_NAME = 'neo4j';

/** The 503 of an unreachable or busy Neo4j; the driver error stays attached as `cause`. */
export function unavailable(cause: unknown, retryAfterSeconds = 5): ServiceUnavailableError {
  const error = new ServiceUnavailableError(
    'The graph database is unavailable; retry shortly.',
    { checks: { [ENGINE_NAME]: 'down' } },
    retryAfterSeconds,
  );
  Object.defineProperty(error, 'cause', { value: cause, enumerable: false });
  return error;
}

/**
 * Translates a driver error at the adapter boundary: unreachable and busy become 503
 * SERVICE_UNAVAILABLE; anything else (AppErrors and errors of the caller's own work
 * included) passes through unchanged.
 */
export function translateNeo4jError(error: unknown): unknown {
  const failure = classifyNeo4jError(error);
  return failure === 'unreachable' || failure === 'busy' ? unavailable(error) : error;
}
