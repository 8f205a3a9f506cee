import request, { type Response } from 'supertest';
import { REQUEST_ID_PATTERN } from './envelope-assertions';
import { authHeaders, type TestApp } from './test-app';

/** One error of a GraphQL response. */
export interface GqlError {
  message: string;
  path?: (string | number)[];
  extensions: { code: string; requestId?: string; details?: Record<string, unknown> } & Record<
    string,
    unknown
  >;
}

/** Posts GraphQL operations to /graphql as one API key in one workspace. */
export class GraphQLClient {
  constructor(
    private readonly t: TestApp,
    readonly apiKey: string,
    readonly workspaceId: string,
  ) {}

  /** POST /graphql with `{ query, variables }`; returns the raw response. */
  post(query: string, variables?: Record<string, unknown>): Promise<Response> {
    return request(this.t.app)
      .post('/graphql')
      .set(authHeaders(this.apiKey, this.workspaceId))
      .send(variables === undefined ? { query } : { query, variables });
  }

  /** Runs an operation that must succeed completely (200, no errors); returns `data`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read deep response shapes
  async data<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<T> {
    const res = await this.post(query, variables);
    if (res.status !== 200 || res.body.errors !== undefined) {
      throw new Error(`GraphQL failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return res.body.data as T;
  }

  /** Runs an operation expected to fail with one error of `code`; returns that error and `data`. */
  async error(
    code: string,
    query: string,
    variables?: Record<string, unknown>,
    status = 200,
  ): Promise<{ error: GqlError; data: unknown; res: Response }> {
    const res = await this.post(query, variables);
    expect({ status: res.status, codes: codesOf(res) }).toEqual({ status, codes: [code] });
    const error = (res.body.errors as GqlError[])[0]!;
    expect(error.extensions.requestId).toBe(res.headers['x-request-id']);
    expect(error.extensions.requestId).toMatch(REQUEST_ID_PATTERN);
    return { error, data: res.body.data, res };
  }
}

/** The `extensions.code` of every error of a GraphQL response. */
export function codesOf(res: Response): string[] {
  return ((res.body.errors ?? []) as GqlError[]).map((e) => e.extensions?.code);
}
