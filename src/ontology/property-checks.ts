import { createHash } from 'node:crypto';
import type { PropertyValue } from '../domain/graph';
import type { PropertyDefinition, PropertyType } from '../domain/ontology';
import type { ValidationIssue } from '../errors';
import {
  compilePattern,
  matchCost,
  MAX_PATTERN_INPUT,
  MAX_PATTERN_WORK,
  variableRepetitions,
} from './safe-pattern';
import { codePointLength, dateTimeInstant, isDate } from './values';

/**
 * Checks of one declared property, compiled once per definition (regular expressions, enum
 * sets and bounds prepared up front): the hot path of every write of a typed record.
 */

/** Appends an issue per problem of `value` at `path`. */
export type PropertyCheck = (value: PropertyValue, path: string, out: ValidationIssue[]) => void;

type ItemType = Exclude<PropertyType, 'string[]' | 'number[]' | 'json'>;

/** The type of the items a value of `type` holds (itself for scalars). */
function itemTypeOf(type: PropertyType): ItemType | null {
  switch (type) {
    case 'string[]':
      return 'string';
    case 'number[]':
      return 'number';
    case 'json':
      return null;
    default:
      return type;
  }
}

const TYPE_MESSAGE: Record<ItemType, string> = {
  string: 'must be a string',
  integer: 'must be an integer',
  number: 'must be a number',
  boolean: 'must be true or false',
  date: 'must be a date (YYYY-MM-DD)',
  datetime: 'must be a date-time with a zone, such as 2026-01-31T12:00:00Z (RFC 3339)',
};

/** The comparable form of a valid item (date-times as instants), or null when invalid. */
function comparable(type: ItemType, value: unknown): number | string | boolean | null {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : null;
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date':
      return typeof value === 'string' && isDate(value) ? value : null;
    case 'datetime':
      return typeof value === 'string' ? dateTimeInstant(value) : null;
  }
}

function describe(values: readonly (string | number)[]): string {
  const shown = values.slice(0, 10).map((v) => JSON.stringify(v));
  return shown.join(', ') + (values.length > 10 ? `, ... (${values.length} values)` : '');
}

/** The checks of one item (a scalar value, or an array's item). */
function itemCheck(type: ItemType, d: PropertyDefinition): PropertyCheck {
  const allowed = d.enum ? new Set(d.enum.map((v) => comparable(type, v))) : null;
  const min = d.min === undefined ? null : comparable(type, d.min);
  const max = d.max === undefined ? null : comparable(type, d.max);
  const scalarLength = type === 'string' && itemTypeOf(d.type) === d.type;
  const matches = d.pattern === undefined ? null : compilePattern(d.pattern);
  return (value, path, out) => {
    const v = comparable(type, value);
    if (v === null) {
      out.push({ path, message: TYPE_MESSAGE[type] });
      return;
    }
    if (allowed && !allowed.has(v)) {
      out.push({ path, message: `must be one of ${describe(d.enum ?? [])}` });
    }
    if (min !== null && v < min) {
      out.push({ path, message: `must be at least ${JSON.stringify(d.min)}` });
    }
    if (max !== null && v > max) {
      out.push({ path, message: `must be at most ${JSON.stringify(d.max)}` });
    }
    if (typeof value === 'string' && scalarLength) {
      lengthCheck(codePointLength(value), d, 'characters', path, out);
    }
    if (matches && typeof value === 'string') {
      if (value.length > MAX_PATTERN_INPUT) {
        out.push({
          path,
          message: `must be at most ${MAX_PATTERN_INPUT} characters to be checked against the pattern`,
        });
      } else if (!matches(value)) {
        out.push({ path, message: `must match the pattern ${d.pattern}` });
      }
    }
  };
}

function lengthCheck(
  length: number,
  d: PropertyDefinition,
  unit: 'characters' | 'items',
  path: string,
  out: ValidationIssue[],
): void {
  if (d.minLength !== undefined && length < d.minLength) {
    out.push({ path, message: `must have at least ${d.minLength} ${unit}` });
  }
  if (d.maxLength !== undefined && length > d.maxLength) {
    out.push({ path, message: `must have at most ${d.maxLength} ${unit}` });
  }
}

/** Compiles the checks of a declared property (its type and every constraint). */
export function compilePropertyCheck(d: PropertyDefinition): PropertyCheck {
  const itemType = itemTypeOf(d.type);
  if (itemType === null) {
    // json: any value the property model stores.
    return () => undefined;
  }
  const item = itemCheck(itemType, d);
  if (itemType === d.type) {
    return item;
  }
  const arrayMessage = `must be an array of ${itemType}s`;
  const repetitions = d.pattern === undefined ? null : variableRepetitions(d.pattern);
  return (value, path, out) => {
    if (!Array.isArray(value)) {
      out.push({ path, message: arrayMessage });
      return;
    }
    lengthCheck(value.length, d, 'items', path, out);
    if (repetitions !== null && patternWork(value, repetitions) > MAX_PATTERN_WORK) {
      // Checked item by item, the array would hold the event loop for too long.
      out.push({
        path,
        message: `holds too much text to check against the pattern ${d.pattern} (fewer or shorter items; a pattern with fewer repetitions of variable length costs less)`,
      });
      return;
    }
    value.forEach((entry: PropertyValue, i) => item(entry, `${path}.${i}`, out));
  };
}

/** The matching work of an array's string items (items too long to match cost nothing). */
function patternWork(items: readonly PropertyValue[], repetitions: number): number {
  let work = 0;
  for (const entry of items) {
    if (typeof entry === 'string' && entry.length <= MAX_PATTERN_INPUT) {
      work += matchCost(repetitions, entry.length);
    }
  }
  return work;
}

/** Longer keys are stored as their SHA-256, so index entries stay small on every engine. */
const MAX_UNIQUE_KEY = 200;

/**
 * The key of a `unique` property's value in the unique index: canonical JSON of the value,
 * date-times as UTC instants (the same instant written with another offset is the same
 * value), `sha256:<hex>` of that for long values. Null when the value is not of the
 * property's type (already a violation).
 */
export function uniqueKeyOf(type: PropertyType, value: PropertyValue): string | null {
  const itemType = itemTypeOf(type);
  if (itemType === null || itemType !== type) {
    return null;
  }
  const v = comparable(itemType, value);
  if (v === null) {
    return null;
  }
  const key =
    type === 'datetime' ? JSON.stringify(new Date(v as number).toISOString()) : JSON.stringify(v);
  return key.length <= MAX_UNIQUE_KEY
    ? key
    : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}
