/**
 * Generates `src/generated/openapi.ts` from docs/api/openapi.yaml: the request and response
 * types (openapi-typescript), the API version and a table of every operation (method, path,
 * body type) that the client builds its methods from. `npm run sdk:generate` writes it;
 * with `--stdout` the module is printed instead, which a test compares with the checked-in
 * file (openapi-typescript is an ES module that jest cannot load in-process). The module is
 * left as openapi-typescript prints it (prettier would take seconds over it): .prettierignore
 * lists it.
 */
import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { parse } from 'yaml';

const REPOSITORY_ROOT = path.resolve(__dirname, '../../..');
/** The contract the SDK is generated from. */
export const SPEC_PATH = path.join(REPOSITORY_ROOT, 'docs/api/openapi.yaml');
/** The checked-in generated module. */
export const OUTPUT_PATH = path.join(REPOSITORY_ROOT, 'sdk/typescript/src/generated/openapi.ts');

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

interface ParameterObject {
  name: string;
  in: string;
}

interface OperationObject {
  operationId?: string;
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: { content?: Record<string, unknown> };
}

/** One row of the runtime operation table. */
interface OperationRow {
  method: string;
  path: string;
  /** Media type of the request body, null when the operation takes none. */
  body: string | null;
  /** Whether the operation acts in a workspace (declares `x-workspace-id`). */
  workspace: boolean;
  /** Whether the operation reads an `Idempotency-Key` header. */
  idempotencyKey: boolean;
}

function resolveParameter(
  spec: { components?: { parameters?: Record<string, ParameterObject> } },
  parameter: ParameterObject | { $ref: string },
): ParameterObject {
  if ('$ref' in parameter) {
    const name = parameter.$ref.split('/').pop() ?? '';
    const resolved = spec.components?.parameters?.[name];
    if (!resolved) {
      throw new Error(`unresolved parameter ${parameter.$ref}`);
    }
    return resolved;
  }
  return parameter;
}

/** Every operation of the document, by operationId, in document order. */
function operationTable(spec: OpenAPI3): Record<string, OperationRow> {
  const rows: Record<string, OperationRow> = {};
  const paths = (spec.paths ?? {}) as Record<string, Record<string, OperationObject>>;
  for (const [pathTemplate, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) {
        continue;
      }
      const parameters = (operation.parameters ?? []).map((p) =>
        resolveParameter(spec as Parameters<typeof resolveParameter>[0], p),
      );
      const headers = parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
      const mediaTypes = Object.keys(operation.requestBody?.content ?? {});
      rows[operation.operationId] = {
        method: method.toUpperCase(),
        path: pathTemplate,
        body: mediaTypes.includes('application/json')
          ? 'application/json'
          : (mediaTypes[0] ?? null),
        workspace: headers.includes('x-workspace-id'),
        idempotencyKey: headers.includes('idempotency-key'),
      };
    }
  }
  return rows;
}

/** The generated module's text for the document `specText` (YAML). */
export async function generateOpenApiModule(specText: string): Promise<string> {
  const spec = parse(specText) as OpenAPI3;
  const types = astToString(await openapiTS(spec, { defaultNonNullable: false }));
  const version = spec.info.version;
  return [
    '/**',
    ` * Generated from docs/api/openapi.yaml (API version ${version}) by \`npm run sdk:generate\`.`,
    ' * Do not edit: change the document and regenerate.',
    ' */',
    '/* eslint-disable */',
    '',
    types,
    '/** The `info.version` of the OpenAPI document this module was generated from. */',
    `export const apiVersion = ${JSON.stringify(version)};`,
    '',
    '/** Every operation of the API: method, path template, body media type, headers read. */',
    `export const operationTable = ${JSON.stringify(operationTable(spec), null, 4)} as const;`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const text = await generateOpenApiModule(fs.readFileSync(SPEC_PATH, 'utf8'));
  if (process.argv.includes('--stdout')) {
    process.stdout.write(text);
    return;
  }
  fs.mkdirSync(path.dirname(OUTPUT_PATH), { recursive: true });
  fs.writeFileSync(OUTPUT_PATH, text);
  process.stdout.write(`wrote ${path.relative(process.cwd(), OUTPUT_PATH)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
