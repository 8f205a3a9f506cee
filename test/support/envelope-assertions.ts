import type { Response } from 'supertest';

/** `req_` + 20 or more URL-safe characters (docs/http-conventions.md). */
export const REQUEST_ID_PATTERN = /^req_[A-Za-z0-9_-]{20,}$/;

/** The error object of the error envelope. */
export interface ErrorBody {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Asserts the parts every JSON response shares: a well-formed requestId equal to X-Request-Id. */
export function expectRequestId(res: Response): string {
  const header = res.headers['x-request-id'];
  expect(header).toMatch(REQUEST_ID_PATTERN);
  expect(res.body.requestId).toBe(header);
  return header as string;
}

/**
 * Asserts a success envelope with `status` and returns its `data`. Lists carry `meta`;
 * nothing else may appear next to `success`, `data` and `requestId`.
 */
export function expectData(res: Response, status: number): Response['body'] {
  expect({ status: res.status, body: res.body }).toMatchObject({ status, body: { success: true } });
  expectRequestId(res);
  expect(res.body).not.toHaveProperty('error');
  expect(Object.keys(res.body).sort()).toEqual(
    res.body.meta === undefined
      ? ['data', 'requestId', 'success']
      : ['data', 'meta', 'requestId', 'success'],
  );
  return res.body.data;
}

/** Asserts an error envelope with `status` and `code`, and returns the error object. */
export function expectError(res: Response, status: number, code: string): ErrorBody {
  // Status and code together, so a failure shows the whole body.
  expect({ status: res.status, body: res.body }).toMatchObject({
    status,
    body: { success: false, error: { code } },
  });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expectRequestId(res);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'requestId', 'success']);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message).not.toBe('');
  return res.body.error as ErrorBody;
}
