/**
 * Writes a TypeScript module typed by a workspace's ontology (`wos-sdk generate`).
 *
 * Per entity type `Pump`: `PumpProperties` (to create: required properties required,
 * string literal unions for enums), `PumpUpdate` (every key optional, `null` removes one
 * that is not required), `PumpFilter` (each property to a value or a typed condition),
 * `PumpNode` (the stored record) and `Pump`, an `EntityTypeApi` bound to them. Per
 * relationship type likewise, without the update (`...Edge`, a `RelationshipTypeApi`).
 * Pure: `renderOntologyModule()` takes the ontology as the service returns it.
 */
import { apiVersion, type components } from './generated/openapi';

type Schemas = components['schemas'];
type PropertyDefinition = Schemas['PropertyDefinition'];

const SCALAR: Record<string, string> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  datetime: 'string',
  date: 'string',
  json: 'JsonValue',
  'string[]': 'string[]',
  'number[]': 'number[]',
};
const CONDITION: Record<string, string> = {
  string: 'StringCondition',
  integer: 'NumberCondition',
  number: 'NumberCondition',
  boolean: 'BooleanCondition',
  datetime: 'StringCondition',
  date: 'StringCondition',
  json: 'JsonCondition',
  'string[]': 'StringListCondition',
  'number[]': 'NumberListCondition',
};
const ENTITY_SUFFIXES = ['', 'Properties', 'Update', 'Filter', 'Node'];
const RELATIONSHIP_SUFFIXES = ['', 'Properties', 'Filter', 'Edge'];
const RUNTIME = [
  'BooleanCondition',
  'EnumCondition',
  'JsonCondition',
  'JsonValue',
  'NumberCondition',
  'NumberListCondition',
  'StringCondition',
  'StringListCondition',
];
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends ' +
    'false finally for function if import in instanceof new null return super switch this throw ' +
    'true try typeof var void while with implements interface let package private protected ' +
    'public static yield any boolean number string symbol object never unknown undefined'
  ).split(' '),
);

/** The ontology as `GET /api/ontology` answers it (its `data`). */
export interface OntologySnapshot {
  entityTypes?: Schemas['EntityType'][];
  relationshipTypes?: Schemas['RelationshipType'][];
  settings?: { revision?: number | null } | null;
}

/** What the module's header names, and where it imports the SDK from. */
export interface RenderOptions {
  workspaceId?: string;
  baseUrl?: string;
  /** The module specifier of the SDK (default `@wos/sdk`). */
  importFrom?: string;
}

/** The module's source for `ontology`. */
export function renderOntologyModule(ontology: OntologySnapshot, options: RenderOptions = {}) {
  const revision = ontology.settings?.revision ?? null;
  const byName = <T extends { name: string }>(a: T, b: T) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  const entityTypes = [...(ontology.entityTypes ?? [])].sort(byName);
  const relationshipTypes = [...(ontology.relationshipTypes ?? [])].sort(byName);
  const taken = new Set<string>([
    ...RUNTIME,
    'API_VERSION',
    'ONTOLOGY',
    'ONTOLOGY_REVISION',
    'entityTypeApi',
    'relationshipTypeApi',
  ]);
  const body: string[] = [];

  for (const entity of entityTypes) {
    const name = typeName(entity.name, ENTITY_SUFFIXES, taken);
    const args = propertyTypes(name, entity.properties ?? {}, body, true);
    body.push(
      record(`${name}Node`, `A \`${entity.name}\` node as stored.`, {
        id: 'string',
        entityType: str(entity.name),
        name: 'string',
        properties: `${name}Properties`,
        version: 'number',
        createdAt: 'string',
        updatedAt: 'string',
      }),
    );
    body.push(
      `${doc(entity.description ?? `The \`${entity.name}\` entity type.`)}\n` +
        `export const ${name} = entityTypeApi<${[...args, `${name}Node`].join(', ')}>(` +
        `${str(entity.name)});`,
    );
  }

  for (const relationship of relationshipTypes) {
    const name = typeName(relationship.name, RELATIONSHIP_SUFFIXES, taken);
    const args = propertyTypes(name, relationship.properties ?? {}, body, false);
    body.push(
      record(`${name}Edge`, `A \`${relationship.name}\` edge as stored.`, {
        id: 'string',
        type: str(relationship.name),
        sourceId: 'string',
        targetId: 'string',
        properties: `${name}Properties`,
        version: 'number',
        createdAt: 'string',
        updatedAt: 'string',
      }),
    );
    const ends = `From ${endTypes(relationship.source)} to ${endTypes(relationship.target)}.`;
    const description =
      relationship.description ?? `The \`${relationship.name}\` relationship type.`;
    body.push(
      `${doc(`${description} ${ends}`)}\n` +
        `export const ${name} = relationshipTypeApi<${[...args, `${name}Edge`].join(', ')}>(` +
        `${str(relationship.name)});`,
    );
  }

  const text = body.join('\n\n');
  const strip = <T extends object>(t: T) =>
    Object.fromEntries(
      Object.entries(t).filter(([key]) => key !== 'createdAt' && key !== 'updatedAt'),
    );
  const snapshot = {
    revision,
    entityTypes: entityTypes.map(strip),
    relationshipTypes: relationshipTypes.map(strip),
  };
  const runtime = RUNTIME.filter((n) => new RegExp(`\\b${n}\\b`).test(text));
  const values = ['entityTypeApi', 'relationshipTypeApi'].filter((n) =>
    new RegExp(`\\b${n}<`).test(text),
  );
  const imports = [...values, ...runtime.map((n) => `type ${n}`)];
  const header = [
    '/**',
    " * Typed access to a workspace's ontology, written by `wos-sdk generate`.",
    ' * Do not edit: generate it again when the ontology changes.',
    ' *',
    ` * API version: ${apiVersion}`,
    ` * Ontology revision: ${revision ?? '-'}`,
    ` * Workspace: ${options.workspaceId ?? '-'}`,
    ` * Service: ${options.baseUrl ?? '-'}`,
    ` * Entity types: ${entityTypes.map((t) => t.name).join(', ') || '-'}`,
    ` * Relationship types: ${relationshipTypes.map((t) => t.name).join(', ') || '-'}`,
    ' */',
    '/* eslint-disable */',
    ...(imports.length
      ? [`import { ${imports.join(', ')} } from ${str(options.importFrom ?? '@wos/sdk')};`, '']
      : []),
    '/** The API version the generator spoke. */',
    `export const API_VERSION = ${str(apiVersion)};`,
    '/** `settings.revision` of the ontology this module was generated from. */',
    `export const ONTOLOGY_REVISION: number | null = ${JSON.stringify(revision)};`,
    '/** The entity and relationship types this module was generated from. */',
    `export const ONTOLOGY = ${JSON.stringify(snapshot, null, 2)} as const;`,
  ];
  return header.join('\n') + (text ? `\n\n${text}` : '') + '\n';
}

/** A TypeScript name for a type whose derived names (`Pump` + suffix) are all free. */
function typeName(name: string, suffixes: string[], taken: Set<string>): string {
  let base = name.charAt(0).toUpperCase() + name.slice(1);
  base = base.replace(/[^A-Za-z0-9_$]/g, '_');
  if (!/^[A-Za-z_$]/.test(base) || RESERVED.has(base)) {
    base = `_${base}`;
  }
  let candidate = base;
  for (let n = 2; suffixes.some((s) => taken.has(candidate + s)); n += 1) {
    candidate = `${base}${n}`;
  }
  for (const s of suffixes) {
    taken.add(candidate + s);
  }
  return candidate;
}

/** Appends the `Properties`, `Update` and `Filter` interfaces; returns their names. */
function propertyTypes(
  prefix: string,
  properties: Record<string, PropertyDefinition>,
  out: string[],
  update: boolean,
): string[] {
  const create: string[] = [];
  const change: string[] = [];
  const where: string[] = [];
  for (const [key, definition] of Object.entries(properties)) {
    const value = valueType(definition);
    const k = propertyKey(key);
    const comment = definition.description ? `  ${doc(definition.description)}\n` : '';
    const required = definition.required === true;
    create.push(`${comment}  ${k}${required ? '' : '?'}: ${value};`);
    change.push(`${comment}  ${k}?: ${required ? value : `${value} | null`};`);
    const kind = definition.type;
    const literal = enumLiteral(definition);
    // An array matches only `contains` and `exists`: no bare value to compare with.
    const condition = kind.endsWith('[]')
      ? (CONDITION[kind] ?? 'JsonCondition')
      : literal
        ? `${literal} | EnumCondition<${literal}>`
        : `${value} | ${CONDITION[kind] ?? 'JsonCondition'}`;
    where.push(`  ${k}?: ${condition};`);
  }
  const names = [`${prefix}Properties`];
  out.push(iface(names[0]!, 'The properties to create one with.', create));
  if (update) {
    names.push(`${prefix}Update`);
    out.push(iface(names[1]!, 'Properties to change; `null` removes an optional one.', change));
  }
  names.push(`${prefix}Filter`);
  out.push(iface(`${prefix}Filter`, 'Conditions on properties, all of which must hold.', where));
  return names;
}

function enumLiteral(definition: PropertyDefinition): string | undefined {
  const values = definition.enum;
  if (!values?.length || definition.type === 'json' || definition.type === 'boolean') {
    return;
  }
  return values.map((v) => JSON.stringify(v)).join(' | ');
}

function valueType(definition: PropertyDefinition): string {
  const literal = enumLiteral(definition);
  if (literal) {
    return definition.type.endsWith('[]') ? `(${literal})[]` : literal;
  }
  return SCALAR[definition.type] ?? 'JsonValue';
}

function iface(name: string, description: string, fields: string[]): string {
  const members = fields.length ? `\n${fields.join('\n')}\n` : '';
  return `${doc(description)}\nexport interface ${name} {${members}}`;
}

function record(name: string, description: string, fields: Record<string, string>): string {
  return iface(
    name,
    description,
    Object.entries(fields).map(([key, value]) => `  ${key}: ${value};`),
  );
}

function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : str(key);
}

function endTypes(value: unknown): string {
  return value === 'any' ? 'any' : Array.isArray(value) ? value.join(', ') : '-';
}

function str(text: string): string {
  return JSON.stringify(text);
}

function doc(text: string): string {
  return `/** ${text.replace(/\*\//g, '*\\/').replace(/\n/g, ' ')} */`;
}
