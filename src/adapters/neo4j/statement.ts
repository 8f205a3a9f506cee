import type { ManagedTransaction, Record as Neo4jRecord } from 'neo4j-driver';
import type { Page, PageRequest } from '../../ports/paging';
import { quoteIdentifier, quoteIndexName, quotePropertyKey, quoteSystemLabel } from './identifiers';
import { toInt, toNumber } from './values';

/**
 * One Cypher statement the adapters send, with the parameters it takes. Every statement is
 * a named constant built with `cypher` or `slotted`, listed in `statements/index.ts`, and
 * linted by `test/unit/adapters/neo4j/cypher-lint.test.ts`; no Cypher text is assembled
 * anywhere else.
 */
export interface Statement<P extends string = string> {
  /** Stable name, used in lint reports and error logs. */
  readonly name: string;
  readonly text: string;
  /** Every `$parameter` the text uses; `run` demands exactly these. */
  readonly params: readonly P[];
}

/**
 * A statement with identifier slots: labels or relationship types, which Cypher cannot
 * take as parameters. A slot is written `` `__NAME__` `` in the text (a valid, quoted
 * identifier, so the template itself lints) and filled only through `quoteSlot`: a slot
 * named `..._KEY` takes a property key, `..._INDEX` an index name, `..._SYSTEM_LABEL` one
 * of the service's own (`_`) labels, any other a label or relationship type, each checked
 * against its pattern and backtick-quoted.
 */
export interface SlottedStatement<P extends string, S extends string> extends Statement<P> {
  readonly slots: readonly S[];
  /** The runnable statement for these labels or types (each validated and quoted). */
  fill(values: Readonly<Record<S, string>>): Statement<P>;
}

/** Declares a statement; see `Statement`. */
export function cypher<const P extends string>(
  name: string,
  params: readonly P[],
  text: string,
): Statement<P> {
  return { name, params, text: text.trim() };
}

const SLOT = /`__([A-Z_]+)__`/g;

/** The quoted text of a slot's value, checked by the slot's kind (see `SlottedStatement`). */
function quoteSlot(slot: string, value: string): string {
  if (slot.endsWith('_KEY')) {
    return quotePropertyKey(value);
  }
  if (slot.endsWith('_INDEX')) {
    return quoteIndexName(value);
  }
  if (slot.endsWith('_SYSTEM_LABEL')) {
    return quoteSystemLabel(value);
  }
  return quoteIdentifier(value);
}

/** Declares a statement with identifier slots; see `SlottedStatement`. */
export function slotted<const P extends string, const S extends string>(
  name: string,
  params: readonly P[],
  slots: readonly S[],
  text: string,
): SlottedStatement<P, S> {
  const template = text.trim();
  const used = new Set([...template.matchAll(SLOT)].map((m) => m[1]));
  for (const slot of slots) {
    if (!used.has(slot)) {
      throw new Error(`Statement ${name} declares slot ${slot} but does not use it`);
    }
  }
  return {
    name,
    params,
    slots,
    text: template,
    fill(values) {
      const filled = template.replace(SLOT, (whole, slot: string) => {
        if (!(slots as readonly string[]).includes(slot)) {
          throw new Error(`Statement ${name} uses undeclared slot ${slot}`);
        }
        return quoteSlot(slot, values[slot as S]);
      });
      return { name, params, text: filled };
    },
  };
}

/**
 * The text of a statement deleting one chunk of what `match` finds (a MATCH, and a WHERE
 * if any, binding `x`): at most `$limit` of them, returning how many as `deleted`. A removal
 * too large for one transaction runs it until `deleted` is below the limit.
 */
export function deleteChunkText(match: string, x: string): string {
  return `
  ${match}
  WITH ${x} LIMIT $limit
  DELETE ${x}
  RETURN count(*) AS deleted`;
}

/**
 * The start of a retention statement: at most `$limit` of the `label` records whose `time`
 * is before `$before`, oldest first, bound to `x`.
 */
export function oldestBeforeText(x: string, label: string, time: string): string {
  return `
  MATCH (${x}:${label})
  WHERE ${x}.${time} < $before
  WITH ${x} ORDER BY ${x}.${time} LIMIT $limit`;
}

/** Runs `statement` in `tx` with exactly its declared parameters; returns every record. */
export async function runAll<P extends string>(
  tx: ManagedTransaction,
  statement: Statement<P>,
  params: Readonly<Record<P, unknown>>,
): Promise<Neo4jRecord[]> {
  const result = await tx.run(statement.text, params);
  return result.records;
}

/** Runs `statement` and returns its single record, or null when it returned none. */
export async function runOne<P extends string>(
  tx: ManagedTransaction,
  statement: Statement<P>,
  params: Readonly<Record<P, unknown>>,
): Promise<Neo4jRecord | null> {
  const records = await runAll(tx, statement, params);
  if (records.length > 1) {
    throw new Error(`Statement ${statement.name} returned ${records.length} records, not one`);
  }
  return records[0] ?? null;
}

/** The count `key` a statement returned (`count(...) AS key`); 0 when it returned no record. */
export function countField(record: Neo4jRecord | null, key: string): number {
  return record ? toNumber(field(record, key)) : 0;
}

/**
 * One page of a counted list: `count` returns the total (column `total`), `list` the
 * records after `offset`, at most `limit`, each mapped by `map`. The list is not run when
 * the page can hold nothing.
 */
export async function readPage<P extends string, T>(
  tx: ManagedTransaction,
  statements: { count: Statement<P>; list: Statement<NoInfer<P> | 'offset' | 'limit'> },
  params: Readonly<Record<P, unknown>>,
  page: PageRequest,
  map: (record: Neo4jRecord) => T,
): Promise<Page<T>> {
  const counted = await runOne(tx, statements.count, params);
  const total = countField(counted, 'total');
  if (page.limit <= 0 || page.offset >= total) {
    return { items: [], total };
  }
  const records = await runAll(tx, statements.list, {
    ...params,
    offset: toInt(page.offset),
    limit: toInt(page.limit),
  });
  return { items: records.map(map), total };
}

/** The value of `key` in `record`, which the statement must return. */
export function field(record: Neo4jRecord, key: string): unknown {
  if (!record.has(key)) {
    throw new Error(`Expected a column named ${key} in the result`);
  }
  return record.get(key) as unknown;
}

/** A map value (e.g. `properties(n)`) of `record`. */
export function mapField(record: Neo4jRecord, key: string): Record<string, unknown> {
  const value = field(record, key);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`Expected ${key} to be a map`);
  }
  return value as Record<string, unknown>;
}

/** A string value of `record`. */
export function stringField(record: Neo4jRecord, key: string): string {
  const value = field(record, key);
  if (typeof value !== 'string') {
    throw new TypeError(`Expected ${key} to be a string`);
  }
  return value;
}
