import neo4j from 'neo4j-driver';
import type { TemporalValue } from '../../../cypher/ast';
import { parseDateTime } from '../../../cypher/temporal';
import { toDateTime } from '../values';

/**
 * What the Cypher emitter shares while it writes one statement: the parameters it binds
 * (every value of the analyst's query travels as one, never as text) and the names it
 * gives variables. Analysts' variable names never reach the text either: each variable
 * gets a generated name (`v0`, `v1`, ...), so no name can collide with the emitter's own
 * and no quoting of an analyst's identifier is ever needed.
 */

/** The parameter that holds the request's workspace; its value is set by the engine. */
export const WORKSPACE_PARAM = 'workspaceId';

/** The variables in scope: an analyst's name to the emitted expression that holds it. */
export type Scope = ReadonlyMap<string, string>;

/**
 * A JSON value as the driver must send it for Cypher to see the same value the analyst
 * wrote: whole numbers as INTEGER (a JS number is sent as FLOAT, and `toString(1)` would
 * then read `1.0`), lists and maps converted item by item.
 */
export function toDriverValue(value: unknown): unknown {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? neo4j.int(value) : value;
  }
  if (Array.isArray(value)) {
    return value.map(toDriverValue);
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, { value: toDriverValue(item), enumerable: true });
    }
    return out;
  }
  return value ?? null;
}

/** A temporal constant as a driver value: DATETIME in UTC, DATE, or DURATION. */
export function temporalValue(value: TemporalValue): unknown {
  switch (value.kind) {
    case 'datetime':
      return toDateTime(value.iso);
    case 'date': {
      const [year, month, day] = value.iso.split('-').map(Number);
      // The year 0000 is a year like any other.
      if (parseDateTime(value.iso) === null || year === undefined || !month || !day) {
        throw new Error(`Not a date: ${value.iso}`);
      }
      return new neo4j.types.Date(year, month, day);
    }
    case 'duration':
      return new neo4j.types.Duration(
        value.months,
        value.days,
        Math.trunc(value.millis / 1000),
        (value.millis % 1000) * 1_000_000,
      );
  }
}

/** Parameters and generated names of one emitted statement. */
export class EmitContext {
  readonly params: Record<string, unknown> = { [WORKSPACE_PARAM]: null };
  private nextParam = 0;
  private nextVariable = 0;
  private readonly analystParams = new Map<string, string>();

  constructor(private readonly analystValues: Readonly<Record<string, unknown>>) {}

  /** `$pN` bound to `value` (already a driver value). */
  bind(value: unknown): string {
    const name = `p${this.nextParam}`;
    this.nextParam += 1;
    this.params[name] = value;
    return `$${name}`;
  }

  /** A JSON value as a parameter. */
  bindJson(value: unknown): string {
    return this.bind(toDriverValue(value));
  }

  /** The parameter of the analyst's `$name`: bound once, whatever its name. */
  analystParam(name: string): string {
    const known = this.analystParams.get(name);
    if (known) {
      return known;
    }
    const bound = this.bindJson(this.analystValues[name]);
    this.analystParams.set(name, bound);
    return bound;
  }

  /** A fresh variable name. */
  variable(): string {
    const name = `v${this.nextVariable}`;
    this.nextVariable += 1;
    return name;
  }

  /** `$workspaceId`. */
  get ws(): string {
    return `$${WORKSPACE_PARAM}`;
  }
}
