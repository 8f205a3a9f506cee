/**
 * The application's error hierarchy. Every error a client can see is an AppError with an
 * HTTP status, a stable machine-readable `code` (docs/http-conventions.md) and a message that is
 * safe to show. Anything else that escapes a handler is answered as a generic 500.
 */

/** One problem found while validating input; `path` is a dotted location such as `body.scopes.0`. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'INVALID_JSON'
  | 'BAD_REQUEST'
  | 'INVALID_CURSOR'
  | 'CURSOR_EXPIRED'
  | 'WORKSPACE_REQUIRED'
  | 'UNAUTHENTICATED'
  | 'INVALID_SIGNATURE'
  | 'FORBIDDEN'
  | 'INSUFFICIENT_SCOPE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'REQUEST_TIMEOUT'
  | 'VERSION_CONFLICT'
  | 'CONFLICT'
  | 'NOTHING_TO_UNDO'
  | 'NOTHING_TO_REDO'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'RATE_LIMITED'
  | 'HEADERS_TOO_LARGE'
  | 'SERVICE_UNAVAILABLE'
  | 'CYPHER_SYNTAX_ERROR'
  | 'CYPHER_SEMANTIC_ERROR'
  | 'CYPHER_UNSUPPORTED'
  | 'CYPHER_LIMIT_EXCEEDED'
  | 'INTERNAL_ERROR';

/** Base class: status, code, safe message and optional structured details. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra response headers that belong to this error (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, issues: ValidationIssue[] = []) {
    super(400, 'VALIDATION_ERROR', message, { issues });
  }
}

/**
 * 400 for JSON that nests arrays and objects deeper than the service accepts
 * (MAX_JSON_DEPTH); `issue` names where. Refused before anything walks the value.
 */
export class JsonTooDeepError extends ValidationError {
  constructor(subject: string, issue: ValidationIssue, maxDepth: number) {
    super(`${subject} is nested more than ${maxDepth} levels deep (at ${issue.path}).`, [issue]);
  }
}

export class InvalidJsonError extends AppError {
  constructor(message = 'The request body is not valid JSON.') {
    super(400, 'INVALID_JSON', message);
  }
}

/** A list cursor that is malformed, altered, or belongs to another filter or sort. */
export class InvalidCursorError extends AppError {
  constructor(message: string) {
    super(400, 'INVALID_CURSOR', message);
  }
}

/**
 * 410 for a change-feed cursor older than the retention: the events after it were removed,
 * so following it would skip some. `details.earliestCursor` is the oldest cursor that
 * can still be followed (take a new snapshot from there).
 */
export class CursorExpiredError extends AppError {
  constructor(cursor: number, earliestCursor: number) {
    super(
      410,
      'CURSOR_EXPIRED',
      `Events after cursor ${cursor} are past the retention; the earliest cursor that can be followed is ${earliestCursor}.`,
      { cursor: String(cursor), earliestCursor: String(earliestCursor) },
    );
  }
}

export class WorkspaceRequiredError extends AppError {
  constructor() {
    super(400, 'WORKSPACE_REQUIRED', 'The x-workspace-id header is required on this route.');
  }
}

/** 401. `challenge` becomes the WWW-Authenticate header (RFC 6750). */
export class UnauthenticatedError extends AppError {
  constructor(
    message: string,
    readonly challenge: string,
  ) {
    super(401, 'UNAUTHENTICATED', message, undefined, { 'WWW-Authenticate': challenge });
  }
}

export class InvalidSignatureError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(401, 'INVALID_SIGNATURE', message, details);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, 'FORBIDDEN', message);
  }
}

export class InsufficientScopeError extends AppError {
  constructor(readonly requiredScope: string) {
    super(
      403,
      'INSUFFICIENT_SCOPE',
      `This operation needs the scope "${requiredScope}".`,
      { requiredScope },
      {
        'WWW-Authenticate': `Bearer realm="api", error="insufficient_scope", scope="${requiredScope}"`,
      },
    );
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.', details?: Record<string, unknown>) {
    super(404, 'NOT_FOUND', message, details);
  }
}

/** 405: the path exists, but not with this method; `Allow` lists the methods it has. */
export class MethodNotAllowedError extends AppError {
  constructor(method: string, path: string, allowed: readonly string[]) {
    super(
      405,
      'METHOD_NOT_ALLOWED',
      `${method} is not allowed on ${path}; it answers ${allowed.join(', ')}.`,
      { allowed: [...allowed] },
      { Allow: allowed.join(', ') },
    );
  }
}

/**
 * 408: the request body did not arrive in time (HTTP_BODY_TIMEOUT_MS, or a webhook's
 * processing bound). The answer closes the connection: the rest of a slow body is not
 * waited for.
 */
export class RequestTimeoutError extends AppError {
  constructor(
    timeoutMs: number,
    what = 'The request body did not arrive',
    details: Record<string, unknown> = {},
  ) {
    super(
      408,
      'REQUEST_TIMEOUT',
      `${what} within ${timeoutMs} ms.`,
      { timeoutMs, ...details },
      { Connection: 'close' },
    );
  }
}

export class VersionConflictError extends AppError {
  constructor(
    message: string,
    currentVersion: number | null,
    details: Record<string, unknown> = {},
  ) {
    super(409, 'VERSION_CONFLICT', message, { currentVersion, ...details });
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(409, 'CONFLICT', message, details);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds the limit of ${limitBytes} bytes.`, {
      limitBytes,
    });
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(received: string | undefined, expected = 'application/json') {
    super(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `The request body must be sent with Content-Type: ${expected}.`,
      { received: received ?? null },
    );
  }
}

/**
 * 415 for a body in a Content-Encoding the route does not read: any compression where only
 * an uncompressed body is read, else one not among `accepted`.
 */
export class UnsupportedContentEncodingError extends AppError {
  constructor(received: string, accepted: readonly string[] = []) {
    super(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      accepted.length === 0
        ? 'The request body must be sent uncompressed (no Content-Encoding, or identity).'
        : `The request body must be sent uncompressed or with Content-Encoding ${accepted.join(', ')}.`,
      { received: `content-encoding ${received}` },
    );
  }
}

export class RateLimitedError extends AppError {
  constructor(window: 'minute' | 'day', retryAfterSeconds: number) {
    super(
      429,
      'RATE_LIMITED',
      `Rate limit exceeded for the ${window} window; retry in ${retryAfterSeconds} s.`,
      { window, retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message: string, details?: Record<string, unknown>, retryAfterSeconds = 5) {
    super(503, 'SERVICE_UNAVAILABLE', message, details, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

/**
 * One command of a batch (POST /api/commands/batch) failed, so the whole batch did: the
 * same status and code as the command's own error, a message naming the command, and
 * `details.index` plus the command's own error in `details.item`. For a validation error
 * `details.issues` and for a missing scope `details.requiredScope` (and the challenge
 * header) stay where clients of single commands look for them.
 */
export class BatchItemError extends AppError {
  constructor(
    readonly index: number,
    readonly type: string | undefined,
    readonly item: AppError,
  ) {
    const itemDetails = item.details === undefined ? {} : { details: item.details };
    const kept: Record<string, unknown> = {};
    if (item.code === 'VALIDATION_ERROR' || item.code === 'INSUFFICIENT_SCOPE') {
      Object.assign(kept, item.details);
    }
    super(
      item.status,
      item.code,
      `commands[${index}]${type ? ` (${type})` : ''} failed: ${item.message}${/[.!?]$/.test(item.message) ? '' : '.'} Nothing was written.`,
      { ...kept, index, item: { code: item.code, message: item.message, ...itemDetails } },
      item.headers,
    );
  }
}
