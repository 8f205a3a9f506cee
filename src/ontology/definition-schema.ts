import { z } from 'zod';
import type { RecordKind } from '../domain/graph';
import {
  PROPERTY_TYPES,
  type EntityTypeDefinition,
  type PropertyDefinition,
  type PropertyDefinitions,
  type PropertyType,
  type RelationshipTypeDefinition,
} from '../domain/ontology';
import { PROPERTY_KEY_PATTERN, RESERVED_PROPERTY_KEYS, typeName } from '../domain/properties';
import { patternProblem } from './safe-pattern';
import { dateTimeInstant, isDate } from './values';

/** Bounds of one definition, so a schema stays small enough to check on every write. */
export const MAX_TYPE_PROPERTIES = 200;
export const MAX_ENUM_VALUES = 1000;
export const MAX_END_TYPES = 100;
const MAX_DESCRIPTION = 1000;
const MAX_LENGTH_BOUND = 1_000_000;

/** Which property types each constraint applies to (for arrays: to the items or the count). */
const APPLIES_TO: Record<string, readonly PropertyType[]> = {
  enum: ['string', 'integer', 'number', 'date', 'datetime', 'string[]', 'number[]'],
  min: ['integer', 'number', 'date', 'datetime', 'number[]'],
  max: ['integer', 'number', 'date', 'datetime', 'number[]'],
  minLength: ['string', 'string[]', 'number[]'],
  maxLength: ['string', 'string[]', 'number[]'],
  pattern: ['string', 'string[]'],
  unique: ['string', 'integer', 'number', 'boolean', 'date', 'datetime'],
};

const description = z
  .string({ message: 'description must be a string' })
  .max(MAX_DESCRIPTION, `description must be at most ${MAX_DESCRIPTION} characters`);

const lengthBound = z
  .number({ message: 'must be a number' })
  .int('must be an integer')
  .min(0, 'must not be negative')
  .max(MAX_LENGTH_BOUND, `must be at most ${MAX_LENGTH_BOUND}`);

const propertyDefinition = z
  .object({
    type: z.enum(PROPERTY_TYPES, { message: `type must be one of ${PROPERTY_TYPES.join(', ')}` }),
    required: z.boolean({ message: 'must be a boolean' }).optional(),
    enum: z
      .array(z.union([z.string(), z.number()], { message: 'enum values are strings or numbers' }))
      .min(1, 'enum must list at least one value')
      .max(MAX_ENUM_VALUES, `enum must list at most ${MAX_ENUM_VALUES} values`)
      .optional(),
    min: z.union([z.number(), z.string()], { message: 'must be a number or a date' }).optional(),
    max: z.union([z.number(), z.string()], { message: 'must be a number or a date' }).optional(),
    minLength: lengthBound.optional(),
    maxLength: lengthBound.optional(),
    pattern: z.string({ message: 'must be a string' }).optional(),
    unique: z.boolean({ message: 'must be a boolean' }).optional(),
    description: description.optional(),
  })
  .strict()
  .superRefine((definition, ctx) => {
    for (const problem of coherenceProblems(definition)) {
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  });

/** Why a single value does not fit the (item) type, for enum values and bounds. */
function itemProblem(type: PropertyType, value: string | number): string | null {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? null : 'must be an integer';
    case 'number':
    case 'number[]':
      return typeof value === 'number' ? null : 'must be a number';
    case 'date':
      return typeof value === 'string' && isDate(value) ? null : 'must be a date (YYYY-MM-DD)';
    case 'datetime':
      return typeof value === 'string' && dateTimeInstant(value) !== null
        ? null
        : 'must be a date-time with a zone (RFC 3339)';
    case 'string':
    case 'string[]':
      return typeof value === 'string' ? null : 'must be a string';
    case 'boolean':
    case 'json':
      return null;
  }
}

/** Comparable form of a bound: numbers as they are, dates as text, date-times as instants. */
function boundValue(type: PropertyType, value: string | number): number | string {
  return type === 'datetime' && typeof value === 'string' ? (dateTimeInstant(value) ?? 0) : value;
}

/** Constraints that do not apply to the type, values that do not fit it, empty ranges. */
function coherenceProblems(d: PropertyDefinition): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  const add = (path: string, message: string) => problems.push({ path: [path], message });
  for (const [constraint, types] of Object.entries(APPLIES_TO)) {
    const value = d[constraint as keyof PropertyDefinition];
    if (value !== undefined && value !== false && !types.includes(d.type)) {
      add(constraint, `does not apply to ${d.type} (only to ${types.join(', ')})`);
    }
  }
  const applies = (constraint: string) => APPLIES_TO[constraint]!.includes(d.type);
  if (d.enum && applies('enum')) {
    const seen = new Set<string>();
    d.enum.forEach((value, i) => {
      const problem = itemProblem(d.type, value);
      if (problem) {
        problems.push({ path: ['enum', String(i)], message: problem });
      }
      // Date-times that are one instant (`...T00:00:00Z`, `...T01:00:00+01:00`) are one value,
      // as the enum's check of a record compares them.
      const key = JSON.stringify(boundValue(d.type, value));
      if (seen.has(key)) {
        problems.push({ path: ['enum', String(i)], message: 'appears twice' });
      }
      seen.add(key);
    });
  }
  for (const bound of ['min', 'max'] as const) {
    const value = d[bound];
    if (value !== undefined && applies(bound)) {
      const problem = itemProblem(d.type, value);
      if (problem) {
        add(bound, problem);
      }
    }
  }
  if (
    d.min !== undefined &&
    d.max !== undefined &&
    applies('min') &&
    itemProblem(d.type, d.min) === null &&
    itemProblem(d.type, d.max) === null &&
    boundValue(d.type, d.min) > boundValue(d.type, d.max)
  ) {
    add('min', 'must not exceed max');
  }
  if (d.minLength !== undefined && d.maxLength !== undefined && d.minLength > d.maxLength) {
    add('minLength', 'must not exceed maxLength');
  }
  if (d.pattern !== undefined && applies('pattern')) {
    const problem = patternProblem(d.pattern);
    if (problem) {
      add('pattern', problem);
    }
  }
  return problems;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The `properties` map of a definition. Keys follow the property key rules (a key that
 * could never be stored cannot be declared); built with Object.fromEntries so that every
 * key is kept as data (see `setProperty` in domain/properties.ts).
 */
function propertiesMap(kind: RecordKind) {
  return z
    .custom<Record<string, unknown>>(isRecord, { message: 'properties must be a JSON object' })
    .transform((record, ctx): PropertyDefinitions => {
      const entries = Object.entries(record);
      if (entries.length > MAX_TYPE_PROPERTIES) {
        ctx.addIssue({
          code: 'custom',
          message: `a type declares at most ${MAX_TYPE_PROPERTIES} properties`,
        });
      }
      const parsed: [string, PropertyDefinition][] = [];
      for (const [key, value] of entries) {
        if (!PROPERTY_KEY_PATTERN.test(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message:
              'property keys start with a letter or _ and contain only letters, digits and _ (at most 64)',
          });
          continue;
        }
        if (RESERVED_PROPERTY_KEYS[kind].has(key)) {
          ctx.addIssue({ code: 'custom', path: [key], message: `"${key}" is a reserved key` });
          continue;
        }
        const result = propertyDefinition.safeParse(value);
        if (!result.success) {
          for (const issue of result.error.issues) {
            ctx.addIssue({ ...issue, path: [key, ...issue.path] });
          }
          continue;
        }
        parsed.push([key, result.data]);
      }
      return Object.fromEntries(parsed);
    });
}

/** `titleProperty`, when given, names a key of `properties` (checked on the raw input). */
function titleIsDeclared(input: unknown): boolean {
  if (!isRecord(input) || input.titleProperty === undefined) {
    return true;
  }
  const { titleProperty, properties } = input;
  return (
    typeof titleProperty !== 'string' ||
    (isRecord(properties) && Object.hasOwn(properties, titleProperty))
  );
}

const additionalProperties = z.boolean({
  message: 'additionalProperties must be true or false',
});

/** The body of PUT /api/ontology/entity-types/:name. */
export const entityTypeSchema = z
  .object({
    description: description.optional(),
    titleProperty: z.string({ message: 'titleProperty must be a string' }).optional(),
    properties: propertiesMap('node'),
    additionalProperties,
  })
  .strict()
  // Checked even when other fields are invalid (`when`), so the 400 lists every problem.
  .refine(titleIsDeclared, {
    path: ['titleProperty'],
    message: 'must name a declared property (the node name is the title without one)',
    when: () => true,
  }) satisfies z.ZodType<EntityTypeDefinition>;

const endTypes = (end: 'source' | 'target') =>
  z.union(
    [
      z.literal('any'),
      z
        .array(typeName(`${end} entries`))
        .min(1, `${end} must list at least one entity type (or be "any")`)
        .max(MAX_END_TYPES, `${end} lists at most ${MAX_END_TYPES} entity types`)
        .refine((names) => new Set(names).size === names.length, `${end} lists a type twice`),
    ],
    { message: `${end} must be "any" or a list of entity type names` },
  );

const cardinality = z.enum(['one', 'many'], { message: 'must be "one" or "many"' });

/** The body of PUT /api/ontology/relationship-types/:name. */
export const relationshipTypeSchema = z
  .object({
    description: description.optional(),
    source: endTypes('source'),
    target: endTypes('target'),
    cardinality: z
      .object({ source: cardinality, target: cardinality })
      .strict()
      .optional()
      .default({ source: 'many', target: 'many' }),
    properties: propertiesMap('edge'),
    additionalProperties,
  })
  .strict() satisfies z.ZodType<RelationshipTypeDefinition>;

/** `{ strictOntology }`, the body of PUT /api/ontology/settings. */
export const settingsSchema = z
  .object({ strictOntology: z.boolean({ message: 'strictOntology must be true or false' }) })
  .strict();
