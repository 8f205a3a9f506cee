/**
 * What the compiler accumulates for one query: bound parameters, unique aliases and the
 * common table expressions (recursive walks, stages) that precede the final SELECT.
 *
 * Every value of the query reaches SQLite as a bound parameter (`@p0`, `@p1`...): literals,
 * the analyst's parameters, JSON paths of property keys, the workspace. The only text the
 * compiler writes into SQL besides its own keywords is aliases it generates and, for
 * property keys with a declared expression index, the literal JSON path `'$.<key>'` built
 * from the configured key list (as the list filters do, see filter-sql.ts).
 */
export class SqlBuilder {
  readonly params: Record<string, SqlValue> = Object.create(null) as Record<string, SqlValue>;
  private readonly ctes: string[] = [];
  private nextParam = 0;
  private nextAlias = 0;
  /** The parameter holding the workspace id, bound once. */
  readonly ws: string;

  constructor(
    workspaceId: string,
    /** Property keys with a declared expression index (their path is written literally). */
    readonly indexedKeys: ReadonlySet<string>,
  ) {
    this.ws = this.bind(workspaceId);
  }

  /**
   * Binds a value (booleans as 1/0, lists and maps as JSON text); returns its placeholder.
   * `float`: a number bound as a REAL even when whole (the literal `7.0`, so that `7.0 / 2`
   * is 3.5 as in Cypher).
   */
  bind(value: unknown, float = false): string {
    const name = `p${this.nextParam}`;
    this.nextParam += 1;
    this.params[name] = float && typeof value === 'number' ? value : toSqlValue(value);
    return `@${name}`;
  }

  /** A fresh alias such as `n3`. */
  alias(prefix: string): string {
    const name = `${prefix}${this.nextAlias}`;
    this.nextAlias += 1;
    return name;
  }

  /** Adds `name AS (body)` to the WITH RECURSIVE list; later ones may read earlier ones. */
  addCte(name: string, columns: readonly string[], body: string): void {
    this.ctes.push(`${name}(${columns.join(', ')}) AS (${body})`);
  }

  /** Where the statement stands, to return to when a way of compiling is tried and dropped. */
  mark(): BuilderMark {
    return { ctes: this.ctes.length, params: this.nextParam };
  }

  /** Drops the CTEs and parameters added since `mark`. */
  restore(mark: BuilderMark): void {
    this.ctes.length = mark.ctes;
    for (let i = mark.params; i < this.nextParam; i += 1) {
      delete this.params[`p${i}`];
    }
    this.nextParam = mark.params;
  }

  /** The whole statement: the CTEs, then `select`. */
  statement(select: string): string {
    return this.ctes.length === 0 ? select : `WITH RECURSIVE ${this.ctes.join(',\n')}\n${select}`;
  }
}

/** A point of the statement's construction (`SqlBuilder.mark`). */
export interface BuilderMark {
  ctes: number;
  params: number;
}

/** A value as SQLite binds it. */
export type SqlValue = string | number | bigint | null;

/**
 * A JSON value as SQLite binds it. Whole numbers are bound as integers (better-sqlite3
 * binds every JS number as a REAL otherwise, and `7 / 2` would be 3.5 instead of Cypher's 3).
 */
export function toSqlValue(value: unknown): SqlValue {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value === 'boolean') {
    return value ? 1n : 0n;
  }
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? BigInt(value) : value;
  }
  if (typeof value === 'string') {
    return value;
  }
  return JSON.stringify(value);
}
