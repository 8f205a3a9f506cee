import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** `docs/api/openapi.yaml`, the description every e2e response is checked against. */
export const OPENAPI_PATH = path.resolve(__dirname, '..', '..', 'docs', 'api', 'openapi.yaml');

/**
 * Base URI under which the document is registered with ajv, so that its local `$ref`s
 * (`#/components/schemas/...`) resolve inside it. Never fetched.
 */
const DOC_ID = 'https://openapi.invalid/openapi.json';

/** Methods an OpenAPI path item can describe. */
export const OPERATION_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;
export type OperationMethod = (typeof OPERATION_METHODS)[number];

/** A `$ref` object. */
export interface Reference {
  $ref: string;
}

/** The parts of an OpenAPI 3.1 document the validator and the document checks read. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, PathItem>;
  components?: Record<string, Record<string, unknown>>;
  security?: Record<string, string[]>[];
  tags?: { name: string }[];
}

export type PathItem = { [M in OperationMethod]?: Operation } & {
  parameters?: (Parameter | Reference)[];
};

export interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: (Parameter | Reference)[];
  requestBody?: unknown;
  responses?: Record<string, ResponseObject | Reference>;
  security?: Record<string, string[]>[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, { schema?: unknown; example?: unknown }>;
}

export interface HeaderObject {
  description?: string;
  required?: boolean;
  schema?: unknown;
}

/** One way a response differs from the document. */
export interface Violation {
  kind:
    | 'undocumented-route'
    | 'undocumented-status'
    | 'undocumented-content-type'
    | 'body-mismatch'
    | 'header-mismatch'
    | 'validator-error';
  message: string;
}

/** A response as sent, in the terms the validator needs. */
export interface ObservedResponse {
  method: string;
  /** Concrete path as requested, e.g. `/api/api-keys/key_abc`; a query string is ignored. */
  path: string;
  status: number;
  /** The Content-Type header, parameters included, or undefined when none was sent. */
  contentType: string | undefined;
  /** Response headers by lower-case name (as `res.getHeaders()` returns them). */
  headers?: Record<string, number | string | string[] | undefined>;
  /** Whether any body bytes were sent. */
  hasBody: boolean;
  /** The parsed body of a JSON response; not read for other media types. */
  body?: unknown;
}

export function isReference(value: unknown): value is Reference {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $ref?: unknown }).$ref === 'string'
  );
}

/** `~` and `/` escaping of one JSON Pointer segment (RFC 6901). */
export function pointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The value at a local JSON Pointer (`#/a/b`) of `root`, or undefined. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#')) {
    return undefined;
  }
  const segments = pointer
    .slice(1)
    .split('/')
    .slice(1)
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
  let current: unknown = root;
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null || !(segment in current)) {
      return undefined;
    }
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** An ajv instance for OpenAPI 3.1 schemas: JSON Schema 2020-12, strict, with formats. */
export function createOpenApiAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  // Annotations of the OpenAPI base vocabulary, which are not JSON Schema keywords.
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);
  // The document's own top-level fields, so that the whole document can be registered as
  // the root schema that `$ref`s point into (ajv compiles that root before resolving them).
  ajv.addVocabulary([
    'openapi',
    'info',
    'jsonSchemaDialect',
    'servers',
    'paths',
    'webhooks',
    'components',
    'security',
    'tags',
  ]);
  return ajv;
}

/** Media type without parameters, lower case: `application/json; charset=utf-8` -> `application/json`. */
function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** True for `application/json` and `+json` media types. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) {
    return false;
  }
  const type = mediaTypeOf(contentType);
  return type === 'application/json' || type.endsWith('+json');
}

/** Whether a documented media range (`text/*`, `*\/*`, `application/json`) covers `type`. */
function mediaRangeMatches(range: string, type: string): boolean {
  const [rangeType, rangeSub] = mediaTypeOf(range).split('/');
  const [actualType, actualSub] = type.split('/');
  return (
    (rangeType === '*' || rangeType === actualType) && (rangeSub === '*' || rangeSub === actualSub)
  );
}

function formatAjvErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map(
      (e) =>
        `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`,
    )
    .join('; ');
}

interface PathMatcher {
  template: string;
  regex: RegExp;
  templated: number;
}

function compilePath(template: string): PathMatcher {
  let templated = 0;
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      if (/^\{[^}]+\}$/.test(part)) {
        templated += 1;
        return '[^/]+';
      }
      return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { template, regex: new RegExp(`^${source}$`), templated };
}

/** A response definition found in the document, with the JSON Pointer of where it is. */
interface LocatedResponse {
  response: ResponseObject;
  pointer: string;
}

/**
 * Checks observed responses against the OpenAPI document: the route and status must be
 * documented, the Content-Type must be one the response lists, documented headers must
 * match, and a JSON body must match its schema.
 */
export class OpenApiValidator {
  private readonly ajv = createOpenApiAjv();
  private readonly matchers: PathMatcher[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.ajv.addSchema({ ...document, $id: DOC_ID });
    // Concrete paths win over templated ones (OpenAPI "Path Templating Matching").
    this.matchers = Object.keys(document.paths)
      .map(compilePath)
      .sort((a, b) => a.templated - b.templated);
  }

  static fromFile(file: string = OPENAPI_PATH): OpenApiValidator {
    return new OpenApiValidator(parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument);
  }

  /** The compiled schema at a local JSON Pointer of the document (cached). */
  schemaAt(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  /** Follows `$ref`s (to the end of a chain) and returns the value and where it lives. */
  locate<T>(value: T | Reference, pointer: string): { value: T; pointer: string } {
    let current: unknown = value;
    let at = pointer;
    for (let hops = 0; isReference(current); hops += 1) {
      if (hops > 20) {
        throw new Error(`$ref cycle at ${pointer}`);
      }
      at = current.$ref;
      current = resolvePointer(this.document, at);
      if (current === undefined) {
        throw new Error(`unresolvable $ref ${at}`);
      }
    }
    return { value: current as T, pointer: at };
  }

  /** The path template that a concrete path matches, or undefined. */
  matchPath(concretePath: string): string | undefined {
    let p = concretePath.split('?')[0] ?? '/';
    if (p.length > 1 && p.endsWith('/')) {
      p = p.slice(0, -1); // Express routing is not strict about a trailing slash.
    }
    return this.matchers.find((m) => m.regex.test(p))?.template;
  }

  /** Every way `observed` differs from the document; empty when it conforms. */
  validate(observed: ObservedResponse): Violation[] {
    const method = observed.method.toLowerCase();
    // Express answers HEAD with the GET route, without a body.
    const lookupMethod = method === 'head' ? 'get' : method;
    const template = this.matchPath(observed.path);
    const operation =
      template === undefined
        ? undefined
        : this.document.paths[template]?.[lookupMethod as OperationMethod];

    let located: LocatedResponse;
    if (template === undefined || operation === undefined) {
      // A path the service lacks is a 404 in the error envelope; a documented path called
      // with a method it lacks, a 405.
      const [status, name] = template === undefined ? [404, 'NotFound'] : [405, 'MethodNotAllowed'];
      const fallback = this.document.components?.responses?.[name];
      if (observed.status !== status || fallback === undefined) {
        return [
          {
            kind: 'undocumented-route',
            message: `${observed.method.toUpperCase()} ${observed.path} is not in the document${
              template === undefined ? '' : ` (path ${template} has no ${lookupMethod})`
            }`,
          },
        ];
      }
      const { value, pointer } = this.locate(
        fallback as ResponseObject | Reference,
        `#/components/responses/${name}`,
      );
      located = { response: value, pointer };
    } else {
      const base = `#/paths/${pointerSegment(template)}/${lookupMethod}/responses`;
      const responses = operation.responses ?? {};
      const status = String(observed.status);
      const key = [status, `${status[0] ?? ''}XX`, 'default'].find((k) => k in responses);
      const response = key === undefined ? undefined : responses[key];
      if (key === undefined || response === undefined) {
        return [
          {
            kind: 'undocumented-status',
            message: `${lookupMethod.toUpperCase()} ${template} does not document status ${status}`,
          },
        ];
      }
      const { value, pointer } = this.locate(response, `${base}/${pointerSegment(key)}`);
      located = { response: value, pointer };
    }
    return [
      ...this.checkHeaders(located, observed),
      ...this.checkBody(located, observed, method === 'head'),
    ];
  }

  private checkHeaders(located: LocatedResponse, observed: ObservedResponse): Violation[] {
    const violations: Violation[] = [];
    const headers = observed.headers ?? {};
    for (const [name, headerOrRef] of Object.entries(located.response.headers ?? {})) {
      if (name.toLowerCase() === 'content-type') {
        continue; // OpenAPI ignores Content-Type header definitions.
      }
      const { value: header, pointer } = this.locate(
        headerOrRef,
        `${located.pointer}/headers/${pointerSegment(name)}`,
      );
      const raw = headers[name.toLowerCase()];
      if (raw === undefined) {
        if (header.required) {
          violations.push({ kind: 'header-mismatch', message: `header ${name} is missing` });
        }
        continue;
      }
      if (header.schema === undefined) {
        continue;
      }
      const text = Array.isArray(raw) ? raw.join(', ') : String(raw);
      const validate = this.schemaAt(`${pointer}/schema`);
      // Header values are strings; integer-typed headers are checked as numbers.
      const ok = validate(text) || (/^-?\d+(\.\d+)?$/.test(text) && validate(Number(text)));
      if (!ok) {
        violations.push({
          kind: 'header-mismatch',
          message: `header ${name}: ${JSON.stringify(text)} does not match its schema (${formatAjvErrors(validate.errors)})`,
        });
      }
    }
    return violations;
  }

  private checkBody(
    located: LocatedResponse,
    observed: ObservedResponse,
    isHead: boolean,
  ): Violation[] {
    const content = located.response.content;
    if (content === undefined || Object.keys(content).length === 0) {
      return observed.hasBody
        ? [{ kind: 'body-mismatch', message: 'the response documents no body, but one was sent' }]
        : [];
    }
    if (observed.contentType === undefined) {
      return [
        {
          kind: 'undocumented-content-type',
          message: `no Content-Type; expected one of ${Object.keys(content).join(', ')}`,
        },
      ];
    }
    const type = mediaTypeOf(observed.contentType);
    const range = Object.keys(content).find((r) => mediaRangeMatches(r, type));
    if (range === undefined) {
      return [
        {
          kind: 'undocumented-content-type',
          message: `Content-Type ${observed.contentType} is not documented (expected ${Object.keys(content).join(', ')})`,
        },
      ];
    }
    if (isHead || !isJsonMediaType(observed.contentType) || content[range]?.schema === undefined) {
      return [];
    }
    if (!observed.hasBody) {
      return [{ kind: 'body-mismatch', message: 'a JSON body is documented, but none was sent' }];
    }
    const validate = this.schemaAt(`${located.pointer}/content/${pointerSegment(range)}/schema`);
    if (validate(observed.body)) {
      return [];
    }
    return [
      {
        kind: 'body-mismatch',
        message: `body does not match ${located.pointer}: ${formatAjvErrors(validate.errors)}`,
      },
    ];
  }
}

let shared: OpenApiValidator | undefined;

/** The validator for `docs/api/openapi.yaml`, loaded on first use. */
export function openApiValidator(): OpenApiValidator {
  shared ??= OpenApiValidator.fromFile();
  return shared;
}

// ---------------------------------------------------------------------------------------
// Recording the responses of the app under test
// ---------------------------------------------------------------------------------------

/**
 * Paths the app serves outside the route table and the API description: the static
 * assets of the `/docs` page (Swagger UI's bundle and its initialiser) and of the GraphQL
 * explorer (React, GraphiQL and the page's initialiser).
 */
export const UNDESCRIBED_PATHS: readonly RegExp[] = [
  /^\/docs\/assets\//,
  /^\/docs\/init\.js$/,
  /^\/graphql\/assets\//,
];

/** The violations of one response, with enough to find the request again. */
export interface RecordedViolation {
  method: string;
  url: string;
  status: number;
  violations: Violation[];
}

interface RecorderState {
  violations: RecordedViolation[];
  validated: number;
  hooksInstalled: boolean;
}

// Kept on globalThis so that the jest setup file and the tests share it even if a test
// loads this module into a second registry (jest.isolateModules, resetModules).
const STATE_KEY = Symbol.for('workspace-ontology-service.openapi-recorder');

function recorderState(): RecorderState {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: RecorderState };
  holder[STATE_KEY] ??= { violations: [], validated: 0, hooksInstalled: false };
  return holder[STATE_KEY];
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => unknown;

function toBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (typeof chunk === 'string') {
    const enc = typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8';
    return Buffer.from(chunk, enc);
  }
  if (chunk instanceof Uint8Array) {
    return Buffer.from(chunk);
  }
  return undefined;
}

/** Watches one response: collects a JSON body as it is written and validates it at `end`. */
function watch(req: IncomingMessage, res: ServerResponse, validator: () => OpenApiValidator) {
  // Captured now: Express rewrites req.url while routing into mounted routers.
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  const chunks: Buffer[] = [];
  let bytes = 0;
  let json: boolean | undefined;
  let done = false;

  const collect = (chunk: unknown, encoding: unknown): void => {
    const buffer = toBuffer(chunk, encoding);
    if (buffer === undefined || buffer.length === 0) {
      return;
    }
    bytes += buffer.length;
    json ??= isJsonMediaType(contentTypeOf(res));
    if (json) {
      chunks.push(buffer);
    }
  };

  const finish = (): void => {
    if (done) {
      return;
    }
    done = true;
    const state = recorderState();
    const contentType = contentTypeOf(res);
    const violations: Violation[] = [];
    let body: unknown;
    if (bytes > 0 && isJsonMediaType(contentType)) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        violations.push({ kind: 'body-mismatch', message: 'the JSON body does not parse' });
      }
    }
    try {
      violations.push(
        ...validator().validate({
          method,
          path: url,
          status: res.statusCode,
          contentType,
          headers: res.getHeaders(),
          hasBody: bytes > 0,
          body,
        }),
      );
    } catch (error) {
      violations.push({ kind: 'validator-error', message: String(error) });
    }
    state.validated += 1;
    if (violations.length > 0) {
      state.violations.push({ method, url, status: res.statusCode, violations });
    }
  };

  res.write = new Proxy(res.write.bind(res), {
    apply(target, thisArg, args: unknown[]) {
      collect(args[0], args[1]);
      return Reflect.apply(target, thisArg, args);
    },
  });
  // Validation runs inside `end`, before the last bytes leave: by the time the client has
  // the response, its violations are recorded (no race with the test's afterEach).
  res.end = new Proxy(res.end.bind(res), {
    apply(target, thisArg, args: unknown[]) {
      collect(args[0], args[1]);
      finish();
      return Reflect.apply(target, thisArg, args);
    },
  });
}

function contentTypeOf(res: ServerResponse): string | undefined {
  const value = res.getHeader('content-type');
  return value === undefined ? undefined : String(value);
}

/**
 * Wraps a request listener (an Express app) so that every response it sends is validated
 * against the OpenAPI document; violations are kept until `takeRecordedViolations`. The
 * wrapper is a Proxy, so it is still the same kind of object (`request(app)` and every
 * property of the app work as before).
 */
export function recordResponses<T extends RequestListener>(
  app: T,
  validator: () => OpenApiValidator = openApiValidator,
): T {
  return new Proxy(app, {
    apply(target, thisArg, args: unknown[]) {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      if (!UNDESCRIBED_PATHS.some((p) => p.test(pathname))) {
        watch(req, res, validator);
      }
      return Reflect.apply(target, thisArg, args);
    },
  });
}

/** Returns and clears the violations recorded so far. */
export function takeRecordedViolations(): RecordedViolation[] {
  const state = recorderState();
  const taken = state.violations;
  state.violations = [];
  return taken;
}

/** How many responses have been validated in this test file so far. */
export function validatedResponseCount(): number {
  return recorderState().validated;
}

/** Readable list of recorded violations, one response per paragraph. */
export function formatRecordedViolations(recorded: readonly RecordedViolation[]): string {
  return recorded
    .map(
      (r) =>
        `${r.method} ${r.url} -> ${r.status}\n${r.violations.map((v) => `  - [${v.kind}] ${v.message}`).join('\n')}`,
    )
    .join('\n');
}

/**
 * Throws (failing the test or hook that calls it) when responses that do not match the
 * document were recorded since the last call; clears them either way.
 */
export function assertNoRecordedViolations(when: string): void {
  const recorded = takeRecordedViolations();
  if (recorded.length > 0) {
    throw new Error(
      `${recorded.length} response(s) ${when} do not match docs/api/openapi.yaml:\n` +
        formatRecordedViolations(recorded),
    );
  }
}

/** Called by the jest setup file, so a test can check that the hooks are in place. */
export function markValidationHooksInstalled(): void {
  recorderState().hooksInstalled = true;
}

export function validationHooksInstalled(): boolean {
  return recorderState().hooksInstalled;
}
