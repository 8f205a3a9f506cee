import fs from 'node:fs';
import request from 'supertest';
import { parse } from 'yaml';
import { routeTable } from '../../src/app';
import { toOpenApiPath } from '../../src/http/route-table';
import {
  assertNoRecordedViolations,
  isReference,
  OPENAPI_PATH,
  OPERATION_METHODS,
  OpenApiValidator,
  pointerSegment,
  recordResponses,
  resolvePointer,
  takeRecordedViolations,
  validatedResponseCount,
  validationHooksInstalled,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type Reference,
} from '../support/openapi';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';

const document = parse(fs.readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDocument;
const validator = new OpenApiValidator(document);

/** Every operation of the document as `METHOD /path`, with its JSON Pointer. */
function operations(): { key: string; pointer: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    OPERATION_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation
        ? [
            {
              key: `${method.toUpperCase()} ${template}`,
              pointer: `#/paths/${pointerSegment(template)}/${method}`,
              operation,
            },
          ]
        : [];
    }),
  );
}

/** Calls `visit` on every object of the document with the JSON Pointer where it sits. */
function walk(node: unknown, pointer: string, visit: (value: object, at: string) => void): void {
  if (typeof node !== 'object' || node === null) {
    return;
  }
  visit(node, pointer);
  for (const [key, child] of Object.entries(node)) {
    walk(child, `${pointer}/${pointerSegment(key)}`, visit);
  }
}

/**
 * JSON Pointers of every Schema Object outside components.schemas (which are listed
 * separately): parameter, header, request body and response schemas.
 */
function schemaPointers(): string[] {
  const found: string[] = Object.keys(document.components?.schemas ?? {}).map(
    (name) => `#/components/schemas/${pointerSegment(name)}`,
  );
  walk(document, '#', (value, at) => {
    if (at.startsWith('#/components/schemas') || !('schema' in value)) {
      return;
    }
    if (/\/(parameters|headers|content)\/[^/]+$/.test(at)) {
      found.push(`${at}/schema`);
    }
  });
  return found;
}

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('matches the route table', () => {
    it('documents every route the app mounts', () => {
      const documented = new Set(operations().map((o) => o.key));
      const missing = routeTable(t.container.deps)
        .map((r) => `${r.method.toUpperCase()} ${toOpenApiPath(r.path)}`)
        .filter((key) => !documented.has(key));
      expect(missing).toEqual([]);
    });

    it('documents no route the app does not mount', () => {
      const mounted = new Set(
        routeTable(t.container.deps).map(
          (r) => `${r.method.toUpperCase()} ${toOpenApiPath(r.path)}`,
        ),
      );
      const extra = operations()
        .map((o) => o.key)
        .filter((key) => !mounted.has(key));
      expect(extra).toEqual([]);
    });
  });

  describe('is a well-formed OpenAPI 3.1 document', () => {
    it('has the required top-level fields', () => {
      expect(document.openapi).toMatch(/^3\.1\.\d+$/);
      expect(typeof document.info.title).toBe('string');
      expect(typeof document.info.version).toBe('string');
      expect(Object.keys(document.paths).every((p) => p.startsWith('/'))).toBe(true);
    });

    it('resolves every $ref', () => {
      const broken: string[] = [];
      walk(document, '#', (value, at) => {
        if (isReference(value) && resolvePointer(document, value.$ref) === undefined) {
          broken.push(`${at}: ${value.$ref}`);
        }
      });
      expect(broken).toEqual([]);
    });

    it('gives every operation a unique operationId, tags, a summary and responses', () => {
      const problems: string[] = [];
      const ids = new Map<string, string>();
      const tags = new Set((document.tags ?? []).map((tag) => tag.name));
      for (const { key, operation } of operations()) {
        const id = operation.operationId;
        if (!id) {
          problems.push(`${key}: no operationId`);
        } else if (ids.has(id)) {
          problems.push(`${key}: operationId ${id} also used by ${ids.get(id)}`);
        } else {
          ids.set(id, key);
        }
        if (!(operation as { summary?: string }).summary) {
          problems.push(`${key}: no summary`);
        }
        for (const tag of operation.tags ?? []) {
          if (!tags.has(tag)) {
            problems.push(`${key}: tag ${tag} is not declared`);
          }
        }
        const responses = Object.entries(operation.responses ?? {});
        if (responses.length === 0) {
          problems.push(`${key}: no responses`);
        }
        for (const [status, response] of responses) {
          if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) {
            problems.push(`${key}: bad response key ${status}`);
          }
          const resolved = validator.locate(response, '').value;
          if (typeof resolved.description !== 'string' || resolved.description === '') {
            problems.push(`${key} ${status}: no description`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('declares every path parameter of every template, and no others', () => {
      const problems: string[] = [];
      for (const [template, item] of Object.entries(document.paths)) {
        const inTemplate = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
        for (const method of OPERATION_METHODS) {
          const operation = item[method];
          if (!operation) {
            continue;
          }
          const params = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(
            (p: Parameter | Reference) => validator.locate(p, '').value,
          );
          const pathParams = params.filter((p) => p.in === 'path');
          const declared = pathParams.map((p) => p.name).sort();
          if (JSON.stringify(declared) !== JSON.stringify(inTemplate)) {
            problems.push(`${method} ${template}: declares ${declared.join(',') || 'none'}`);
          }
          if (pathParams.some((p) => p.required !== true)) {
            problems.push(`${method} ${template}: a path parameter is not required`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('names only defined security schemes', () => {
      const schemes = new Set(Object.keys(document.components?.securitySchemes ?? {}));
      const requirements = [
        ...(document.security ?? []),
        ...operations().flatMap((o) => o.operation.security ?? []),
      ];
      const unknown = requirements.flatMap((r) => Object.keys(r)).filter((s) => !schemes.has(s));
      expect(unknown).toEqual([]);
    });

    it('has schemas that all compile (ajv strict, JSON Schema 2020-12)', () => {
      const pointers = schemaPointers();
      // Every response, parameter and component schema: well over the ten found by hand.
      expect(pointers.length).toBeGreaterThan(40);
      const failures: string[] = [];
      for (const pointer of pointers) {
        try {
          validator.schemaAt(pointer);
        } catch (error) {
          failures.push(`${pointer}: ${String(error)}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it('has examples that match their schemas', () => {
      const failures: string[] = [];
      let checked = 0;
      walk(document, '#', (value, at) => {
        if (!('example' in value) || !('schema' in value) || at.includes('/schemas/')) {
          return;
        }
        checked += 1;
        const validate = validator.schemaAt(`${at}/schema`);
        if (!validate((value as { example: unknown }).example)) {
          failures.push(`${at}: ${JSON.stringify(validate.errors)}`);
        }
      });
      expect(checked).toBeGreaterThan(10);
      expect(failures).toEqual([]);
    });

    it('has named examples and schema examples that match their schemas', () => {
      const failures: string[] = [];
      let checked = 0;
      const check = (schemaPointer: string, example: unknown, at: string) => {
        checked += 1;
        const validate = validator.schemaAt(schemaPointer);
        if (!validate(example)) {
          failures.push(`${at}: ${JSON.stringify(validate.errors)}`);
        }
      };
      walk(document, '#', (value, at) => {
        const examples = (value as { examples?: unknown }).examples;
        if (typeof examples !== 'object' || examples === null) {
          return;
        }
        if (at.startsWith('#/components/schemas/')) {
          // A Schema Object's `examples` is an array of instances of that schema.
          if (Array.isArray(examples)) {
            examples.forEach((example, i) => check(at, example, `${at}/examples/${i}`));
          }
        } else if ('schema' in value && !Array.isArray(examples)) {
          // A Media Type or Parameter Object's `examples` maps names to Example Objects.
          for (const [name, entry] of Object.entries(examples)) {
            const resolved = validator.locate(entry as object, '').value as { value?: unknown };
            if ('value' in resolved) {
              check(`${at}/schema`, resolved.value, `${at}/examples/${pointerSegment(name)}`);
            }
          }
        }
      });
      expect(checked).toBeGreaterThan(10);
      expect(failures).toEqual([]);
    });
  });

  describe('is served', () => {
    it('as YAML at /openapi.yaml', async () => {
      const res = await request(t.app).get('/openapi.yaml');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/yaml/);
      expect(parse(res.text)).toEqual(document);
    });

    it('as an HTML page at /docs whose assets all load', async () => {
      const page = await request(t.app).get('/docs');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(assets.sort()).toEqual([
        '/docs/assets/swagger-ui-bundle.js',
        '/docs/assets/swagger-ui.css',
        '/docs/init.js',
      ]);
      const expectedType: Record<string, RegExp> = {
        '/docs/assets/swagger-ui-bundle.js': /javascript/,
        '/docs/assets/swagger-ui.css': /^text\/css/,
        '/docs/init.js': /javascript/,
      };
      for (const asset of assets) {
        const res = await request(t.app).get(asset!);
        expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
        expect(res.headers['content-type']).toMatch(expectedType[asset!]!);
      }
      const init = await request(t.app).get('/docs/init.js');
      expect(init.text).toContain("url: '/openapi.yaml'");
    });
  });

  describe('response validation', () => {
    const key = {
      id: 'key_Yc4mX0nq7hV2pL9sTz1B',
      name: 'ci',
      prefix: 'wos_q8ZbN2kd',
      workspaceId: '6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34',
      scopes: ['admin'],
      createdAt: '2026-01-15T12:00:00.000Z',
      expiresAt: null,
      revokedAt: null,
      createdBy: null,
    };
    const json = 'application/json; charset=utf-8';
    const requestId = 'req_3kT9xQmZ0aB7cD2eF4gH';
    const headers = { 'x-request-id': requestId };

    it('accepts a conforming response', () => {
      const violations = validator.validate({
        method: 'GET',
        path: '/api/api-keys/key_Yc4mX0nq7hV2pL9sTz1B',
        status: 200,
        contentType: json,
        headers,
        hasBody: true,
        body: { success: true, data: key, requestId },
      });
      expect(violations).toEqual([]);
    });

    it('catches a body that does not match the schema', () => {
      const violations = validator.validate({
        method: 'GET',
        path: '/api/api-keys/key_Yc4mX0nq7hV2pL9sTz1B',
        status: 200,
        contentType: json,
        headers,
        hasBody: true,
        body: { success: true, data: { ...key, secretHash: 'abc' }, requestId },
      });
      expect(violations).toEqual([
        expect.objectContaining({
          kind: 'body-mismatch',
          message: expect.stringContaining('additionalProperty'),
        }),
      ]);
    });

    it('catches an undocumented status, route, content type and a missing header', () => {
      const base = { contentType: json, headers, hasBody: true, body: {} };
      expect(
        validator.validate({ ...base, method: 'GET', path: '/api/api-keys/x', status: 418 }),
      ).toEqual([expect.objectContaining({ kind: 'undocumented-status' })]);
      expect(
        validator.validate({ ...base, method: 'GET', path: '/api/nowhere', status: 200 }),
      ).toEqual([expect.objectContaining({ kind: 'undocumented-route' })]);
      expect(validator.validate({ ...base, method: 'PUT', path: '/api/me', status: 200 })).toEqual([
        expect.objectContaining({ kind: 'undocumented-route' }),
      ]);
      expect(
        validator.validate({
          ...base,
          method: 'GET',
          path: '/health',
          status: 200,
          contentType: 'text/html',
        }),
      ).toEqual([expect.objectContaining({ kind: 'undocumented-content-type' })]);
      expect(
        validator.validate({
          method: 'GET',
          path: '/health',
          status: 200,
          contentType: json,
          headers: {},
          hasBody: true,
          body: { success: true, data: { status: 'ok' }, requestId },
        }),
      ).toEqual([expect.objectContaining({ kind: 'header-mismatch' })]);
    });

    it('records what the wrapped app sends and fails the check', async () => {
      const app = recordResponses((_req, res) => {
        res.statusCode = 200;
        res.setHeader('Content-Type', json);
        res.setHeader('X-Request-Id', requestId);
        res.end(JSON.stringify({ success: true, data: { status: 'fine' }, requestId }));
      });
      await request(app).get('/health');
      await request(app).delete('/health');
      expect(() => assertNoRecordedViolations('by the fake app')).toThrow(
        /2 response\(s\) by the fake app do not match[\s\S]*GET \/health -> 200[\s\S]*body-mismatch[\s\S]*DELETE \/health -> 200[\s\S]*undocumented-route/,
      );
      expect(takeRecordedViolations()).toEqual([]);
    });

    it('is wired into createTestApp and the jest setup', async () => {
      expect(validationHooksInstalled()).toBe(true);
      const before = validatedResponseCount();
      await request(t.app).get('/api/me').set(authHeaders(t.apiKey)).expect(200);
      await request(t.app).get('/api/nowhere').set(authHeaders(t.apiKey)).expect(404);
      expect(validatedResponseCount()).toBe(before + 2);
    });
  });
});
