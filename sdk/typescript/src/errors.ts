/**
 * What a call can throw: `WosApiError` when the service answered with an error, and
 * `WosNetworkError` when no answer arrived (refused or cut connection, DNS failure). Both
 * extend `WosError`, so one `catch` can tell the SDK's errors from everything else.
 */

/** Base class of every error the SDK throws. */
export class WosError extends Error {
  override readonly name: string = 'WosError';
}

/** The service's error envelope, as received. */
interface ErrorEnvelope {
  success: false;
  error: { code: string; message: string; details?: Record<string, unknown> };
  requestId?: string;
}

/** An error answer of the service (`success: false`, or a non-2xx status without envelope). */
export class WosApiError extends WosError {
  override readonly name = 'WosApiError';
  /** HTTP status of the answer. */
  readonly status: number;
  /** Stable error code (`NOT_FOUND`, `VALIDATION_ERROR`, `RATE_LIMITED`, ...). */
  readonly code: string;
  /** Structured details, shaped by `code` (e.g. `issues` of a validation error). */
  readonly details: Record<string, unknown> | undefined;
  /** The request id to quote when reporting the problem. */
  readonly requestId: string | null;
  /** Headers of the answer (`Retry-After`, rate-limit headers, ...). */
  readonly headers: Headers;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: Record<string, unknown> | undefined;
    requestId: string | null;
    headers: Headers;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.headers = init.headers;
  }

  /** The error of an answer whose body is `body` (parsed JSON, text, or nothing). */
  static fromResponse(response: Response, body: unknown): WosApiError {
    const requestId = response.headers.get('x-request-id');
    if (isErrorEnvelope(body)) {
      return new WosApiError({
        status: response.status,
        code: body.error.code,
        message: body.error.message,
        details: body.error.details,
        requestId: body.requestId ?? requestId,
        headers: response.headers,
      });
    }
    // OAuth routes answer RFC 6749 bodies: `{ error, error_description }`.
    const oauth = body as { error?: unknown; error_description?: unknown } | null;
    const code = typeof oauth?.error === 'string' ? oauth.error : `HTTP_${response.status}`;
    const message =
      typeof oauth?.error_description === 'string'
        ? oauth.error_description
        : `HTTP ${response.status} ${response.statusText}`.trim();
    return new WosApiError({
      status: response.status,
      code,
      message,
      requestId,
      headers: response.headers,
    });
  }
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null) {
    return false;
  }
  const error = (body as { error?: unknown }).error;
  return (
    (body as { success?: unknown }).success === false &&
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/** No answer: the connection failed or was cut before a response arrived. */
export class WosNetworkError extends WosError {
  override readonly name = 'WosNetworkError';

  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}
