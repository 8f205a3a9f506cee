import neo4j, { DateTime, Integer } from 'neo4j-driver';
import type { Properties, PropertyValue } from '../../domain/graph';
import { setProperty } from '../../domain/properties';

/** A whole number as a Neo4j INTEGER (a plain JS number would be sent as a FLOAT). */
export function toInt(value: number): Integer {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Not a safe integer: ${value}`);
  }
  return neo4j.int(value);
}

/** A Neo4j INTEGER or FLOAT as a JS number. */
export function toNumber(value: unknown): number {
  if (neo4j.isInt(value)) {
    return neo4j.integer.toNumber(value);
  }
  if (typeof value === 'number') {
    return value;
  }
  throw new TypeError(`Expected a number from Neo4j, got ${typeof value}`);
}

/**
 * An ISO-8601 instant as a Neo4j DATETIME in UTC, so analysts can compare and sort times in
 * Cypher. The service's timestamps have millisecond precision, which DATETIME keeps.
 */
export function toDateTime(iso: string): DateTime<number> {
  const date = new Date(iso);
  const ms = date.getTime();
  if (Number.isNaN(ms)) {
    throw new RangeError(`Not an ISO-8601 instant: ${JSON.stringify(iso)}`);
  }
  return new neo4j.types.DateTime(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds() * 1_000_000,
    0,
    undefined,
  );
}

/** An optional instant as a DATETIME, or null. */
export function toOptionalDateTime(iso: string | null): DateTime<number> | null {
  return iso === null ? null : toDateTime(iso);
}

/**
 * A Neo4j DATETIME as the service writes instants: `toISOString()` form, UTC, milliseconds
 * (sub-millisecond digits an analyst may have written are cut, not rounded).
 */
export function fromDateTime(value: unknown): string {
  if (!neo4j.isDateTime(value)) {
    throw new TypeError('Expected a DATETIME from Neo4j');
  }
  const offsetSeconds = value.timeZoneOffsetSeconds;
  if (offsetSeconds === undefined) {
    // Zone-id datetimes that the driver could not resolve to an offset: let it convert.
    return value.toStandardDate().toISOString();
  }
  const n = (part: number | Integer) => toNumber(part);
  const utcMs =
    Date.UTC(n(value.year), n(value.month) - 1, n(value.day), n(value.hour), n(value.minute)) +
    n(value.second) * 1000 +
    Math.floor(n(value.nanosecond) / 1_000_000) -
    n(offsetSeconds) * 1000;
  return new Date(utcMs).toISOString();
}

/** Optional instants (API keys' `expiresAt`, `revokedAt`): absent properties read as null. */
export function fromOptionalDateTime(value: unknown): string | null {
  return value === null || value === undefined ? null : fromDateTime(value);
}

/**
 * Property values as Neo4j stores them natively: whole numbers as INTEGER (so `3` is not
 * shown as `3.0` to analysts), arrays of numbers as INTEGER lists when every item is whole,
 * else FLOAT lists (a property array must be homogeneous). Keys are kept as they are, as
 * Neo4j property names (`__proto__` included: see `setProperty`).
 */
export function toNeo4jProperties(properties: Properties): Record<string, unknown> {
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    setProperty(converted, key, toNeo4jValue(value));
  }
  return converted;
}

function toNeo4jValue(value: PropertyValue): unknown {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? neo4j.int(value) : value;
  }
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    if (items.length > 0 && items.every((item) => Number.isSafeInteger(item))) {
      return items.map((item) => neo4j.int(item as number));
    }
    return [...items];
  }
  return value;
}

/**
 * The user properties of a stored node or relationship: every property but the record's
 * own fields (`reserved`), converted back to JSON values. Values an analyst may have
 * written that JSON cannot hold (temporal values, points, durations) come back as text.
 */
export function fromNeo4jProperties(
  stored: Record<string, unknown>,
  reserved: ReadonlySet<string>,
): Properties {
  const properties: Properties = {};
  for (const [key, value] of Object.entries(stored)) {
    if (!reserved.has(key)) {
      setProperty(properties, key, fromNeo4jValue(value));
    }
  }
  return properties;
}

function fromNeo4jValue(value: unknown): PropertyValue {
  if (Array.isArray(value)) {
    return (value as unknown[]).map((item) => fromNeo4jScalar(item)) as PropertyValue;
  }
  return fromNeo4jScalar(value);
}

function fromNeo4jScalar(value: unknown): string | number | boolean {
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') {
    return value;
  }
  if (neo4j.isInt(value)) {
    return neo4j.integer.toNumber(value);
  }
  if (neo4j.isDateTime(value)) {
    return fromDateTime(value);
  }
  return String(value);
}
