import {
  QdrantClientResourceExhaustedError,
  QdrantClientTimeoutError,
} from '@qdrant/js-client-rest';
import { ServiceUnavailableError } from '../../errors';

/** The name of the engine in readiness reports and 503 details. */
export const ENGINE_NAME = 'qdrant';

/**
 * How a client error is answered:
 * - `missing`: 404, the collection does not exist (yet): reads answer empty.
 * - `unavailable`: Qdrant cannot be reached, timed out, is overloaded (429), failing (5xx)
 *   or refuses our API key (401/403, a deployment problem, as for Neo4j): 503.
 * - `other`: a request Qdrant rejects (400, 409, 422...), i.e. a bug: stays a plain error,
 *   logged and answered 500.
 */
export type QdrantFailure = 'missing' | 'unavailable' | 'other';

/** HTTP status of a non-2xx answer (the client's ApiError carries it), if any. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Classifies an error thrown by `@qdrant/js-client-rest`. */
export function classifyQdrantError(error: unknown): QdrantFailure {
  if (
    error instanceof QdrantClientTimeoutError ||
    error instanceof QdrantClientResourceExhaustedError
  ) {
    return 'unavailable';
  }
  const status = statusOf(error);
  if (status === 404) {
    return 'missing';
  }
  if (status !== undefined) {
    return status === 401 || status === 403 || status === 429 || status >= 500
      ? 'unavailable'
      : 'other';
  }
  return isNetworkFailure(error) ? 'unavailable' : 'other';
}

/**
 * No HTTP answer at all: fetch (undici) failed to connect or lost the connection (refused,
 * reset, DNS, TLS). Our own TypeErrors (bugs) are not mistaken for an outage.
 */
function isNetworkFailure(error: unknown): boolean {
  // Duck-typed: undici's errors are not always instances of this realm's classes.
  const { name, message, cause } = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    cause?: { code?: unknown };
  };
  if (name === 'AbortError' || name === 'TimeoutError') {
    return true;
  }
  return (
    name === 'TypeError' &&
    (message === 'fetch failed' || message === 'terminated' || typeof cause?.code === 'string')
  );
}

/** The 503 of an unreachable Qdrant; the client error stays attached as `cause`. */
export function unavailable(cause: unknown): ServiceUnavailableError {
  const error = new ServiceUnavailableError('The vector store is unavailable; retry shortly.', {
    checks: { [ENGINE_NAME]: 'down' },
  });
  Object.defineProperty(error, 'cause', { value: cause, enumerable: false });
  return error;
}

/**
 * Translates a client error at the adapter boundary: unavailable becomes 503
 * SERVICE_UNAVAILABLE; a rejected request becomes an Error that quotes Qdrant's reason
 * (the client's ApiError says only "Bad Request").
 */
export function translateQdrantError(error: unknown): unknown {
  const failure = classifyQdrantError(error);
  if (failure === 'unavailable') {
    return unavailable(error);
  }
  const status = statusOf(error);
  if (status !== undefined) {
    const data = (error as { data?: unknown }).data;
    const reason = (data as { status?: { error?: unknown } } | undefined)?.status?.error;
    return new Error(
      `Qdrant rejected the request (HTTP ${status}): ${typeof reason === 'string' ? reason : JSON.stringify(data)}`,
      { cause: error },
    );
  }
  return error;
}
