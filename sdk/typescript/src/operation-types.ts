/**
 * Types of a call to any operation, derived from the generated `operations` of
 * docs/api/openapi.yaml: what a caller passes (path parameters, query, body, headers) and
 * what a successful answer holds.
 */
import type { operations } from './generated/openapi';

/** The `operationId` of every operation of the API. */
export type OperationId = keyof operations;

type Operation<K extends OperationId> = operations[K];
type ParametersOf<K extends OperationId> = Operation<K>['parameters'];

/**
 * `{ name: T }` when the operation requires the part, `{ name?: T }` when it is optional,
 * and nothing when the operation has no such part (`never`).
 */
type Part<Name extends string, T> = [T] extends [never]
  ? unknown
  : [Exclude<T, undefined>] extends [never]
    ? unknown
    : undefined extends T
      ? { [P in Name]?: Exclude<T, undefined> }
      : { [P in Name]: T };

/** Headers the client sets itself; a caller may still pass them to override. */
type ClientHeaders = 'x-workspace-id' | 'Idempotency-Key';

type HeaderParameters<K extends OperationId> =
  Exclude<ParametersOf<K>['header'], undefined> extends infer H
    ? [H] extends [never]
      ? Record<string, string>
      : Partial<Record<ClientHeaders, string>> & Omit<H, ClientHeaders> & Record<string, string>
    : never;

type RequestBodyOf<K extends OperationId> =
  Operation<K> extends { requestBody?: infer B }
    ? B extends { content: infer C }
      ? C extends { 'application/json': infer J }
        ? J
        : C extends { 'application/x-ndjson': infer N }
          ? N | Uint8Array | ReadableStream<Uint8Array>
          : C[keyof C]
      : never
    : never;

type BodyPart<K extends OperationId> =
  Operation<K> extends { requestBody: unknown }
    ? { body: RequestBodyOf<K> }
    : [RequestBodyOf<K>] extends [never]
      ? unknown
      : { body?: RequestBodyOf<K> };

/** Per-call options every operation takes. */
export interface CallOptions {
  /** Extra or overriding request headers. */
  headers?: Record<string, string>;
  /** Aborts the request (and any retry waiting). */
  signal?: AbortSignal;
  /**
   * The `Idempotency-Key` of a command or batch: the client generates one when omitted, and
   * reuses it on every retry of the call.
   */
  idempotencyKey?: string;
}

/** What a call to operation `K` takes. */
export type CallParams<K extends OperationId> = Part<'path', ParametersOf<K>['path']> &
  Part<'query', ParametersOf<K>['query']> &
  BodyPart<K> &
  Omit<CallOptions, 'headers'> & { headers?: Partial<HeaderParameters<K>> };

/** Whether a call to `K` can be made without any parameter. */
export type ParamsOptional<K extends OperationId> =
  Record<string, never> extends Omit<CallParams<K>, keyof CallOptions> ? true : false;

type SuccessStatus = 200 | 201 | 202 | 203 | 204;

type SuccessContent<K extends OperationId> = {
  [S in keyof Operation<K>['responses']]: S extends SuccessStatus
    ? Operation<K>['responses'][S] extends { content: infer C }
      ? C
      : undefined
    : never;
}[keyof Operation<K>['responses']];

type DataOf<C> = C extends undefined
  ? undefined
  : C extends { 'application/json': infer J }
    ? J extends { success: true }
      ? Exclude<J extends { data?: infer D } ? D : undefined, undefined>
      : J
    : C extends { 'text/event-stream': unknown } | { 'application/x-ndjson': unknown }
      ? ReadableStream<Uint8Array>
      : string;

type MetaOf<C> = C extends { 'application/json': { meta: infer M } } ? M : undefined;

/** The `data` of a successful answer of `K` (the body itself where there is no envelope). */
export type ResponseData<K extends OperationId> = DataOf<SuccessContent<K>>;

/** The `meta` of a successful answer of `K` (lists only). */
export type ResponseMeta<K extends OperationId> = MetaOf<SuccessContent<K>>;

/** A successful answer of operation `K`, unwrapped from the envelope. */
export interface ApiResult<K extends OperationId> {
  data: ResponseData<K>;
  meta: ResponseMeta<K>;
  status: number;
  /** `X-Request-Id` of the answer (null on the rare routes that send none). */
  requestId: string | null;
  headers: Headers;
}

/** One method per operation: `client.operations.listNodes({ query: { limit: 10 } })`. */
export type OperationMethods = {
  [K in OperationId]: ParamsOptional<K> extends true
    ? (params?: CallParams<K>) => Promise<ApiResult<K>>
    : (params: CallParams<K>) => Promise<ApiResult<K>>;
};
