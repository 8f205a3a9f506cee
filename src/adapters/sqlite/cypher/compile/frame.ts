import type { CyType } from '../../../../cypher/types';
import type { SqlBuilder } from './sql-builder';

/**
 * A frame is the FROM and WHERE of the SELECT being built: the rows of the query so far.
 * MATCH adds tables and conditions to it, UNWIND a json_each, and WITH closes it into a
 * stage (a CTE) that the next frame reads. Subqueries (EXISTS, COUNT, list comprehensions)
 * build child frames whose variables fall back on the parent's.
 *
 * A variable is a binding: a node or relationship is its id (an SQL expression), plus a
 * table alias once its row is needed (a node matched in this frame has one; another gets
 * one lazily, by a join on the primary key); any other value is an SQL expression in the
 * representation its type prescribes (compile-expression.ts).
 *
 * `existing`: the id always names a stored record (an end of an edge row the frame joins,
 * which its foreign key keeps), so its row can be an inner join that the planner may put
 * first; other ids (from a stage, a list, an OPTIONAL MATCH) may be null and are looked up
 * with a LEFT JOIN.
 */
export type Binding =
  | {
      kind: 'node' | 'relationship';
      id: string;
      alias: string | null;
      frame: Frame;
      existing: boolean;
    }
  | { kind: 'value'; sql: string; type: CyType };

/** A sort key of the rows, kept across MATCH clauses so that row order survives joins. */
export interface Ordering {
  sql: string;
  descending: boolean;
}

export class Frame {
  /**
   * Tables in join order: plain items are joined with a comma (their conditions are in
   * `where`), items starting with LEFT JOIN are lookups. One list keeps each item after
   * the ones it refers to (a json_each may read a row joined by a lookup).
   */
  readonly from: string[] = [];
  readonly where: string[] = [];
  readonly vars = new Map<string, Binding>();
  ordering: Ordering[] = [];
  /**
   * Edge rows that each stand for both orientations of an undirected relationship whose
   * ends are never read (`()-[r]-()`, compile-pattern.ts): such a row is two matches, or one
   * for a self-loop, which Cypher matches once. Aggregates that can weigh rows use `weight`
   * (a count of every edge is then one pass over an edge index); any other use of the rows
   * `expand`s them into one row per orientation first.
   */
  readonly bothWays: string[] = [];
  /**
   * While the WHERE of a MATCH is compiled: its node variables that range over every node
   * of the workspace (compile-subquery.ts tests their patterns by a semi-join).
   */
  readonly ranging = new Set<string>();

  constructor(
    readonly sql: SqlBuilder,
    readonly parent: Frame | null = null,
  ) {}

  /** The binding of a variable here or in an enclosing frame. */
  lookup(name: string): Binding | undefined {
    return this.vars.get(name) ?? this.parent?.lookup(name);
  }

  /** True when the variable is bound in this frame or an enclosing one. */
  has(name: string): boolean {
    return this.lookup(name) !== undefined;
  }

  bindEntity(
    name: string,
    kind: 'node' | 'relationship',
    id: string,
    alias: string | null,
    existing = false,
  ): void {
    this.vars.set(name, { kind, id, alias, frame: this, existing });
  }

  bindValue(name: string, sql: string, type: CyType): void {
    this.vars.set(name, { kind: 'value', sql, type });
  }

  /** The table alias of a node or relationship row, joining it on first use. */
  rowAlias(binding: Extract<Binding, { kind: 'node' | 'relationship' }>): string {
    if (binding.alias) {
      return binding.alias;
    }
    const table = binding.kind === 'node' ? 'graph_nodes' : 'graph_edges';
    const alias = this.sql.alias(binding.kind === 'node' ? 'ln' : 'le');
    const on = `${alias}.workspace_id = ${this.sql.ws} AND ${alias}.id = ${binding.id}`;
    if (binding.existing) {
      binding.frame.from.push(`${table} ${alias}`);
      binding.frame.where.push(on);
    } else {
      binding.frame.from.push(`LEFT JOIN ${table} ${alias} ON ${on}`);
    }
    binding.alias = alias;
    return alias;
  }

  /** How many matches a row stands for, as SQL; null when each row is one match. */
  weight(): string | null {
    return this.bothWays.length === 0
      ? null
      : this.bothWays.map((e) => `(2 - (${e}.source_id = ${e}.target_id))`).join(' * ');
  }

  /**
   * Turns rows that stand for both orientations into one row per orientation: a join with
   * two rows, the second dropped for a self-loop.
   */
  expand(): void {
    for (const e of this.bothWays.splice(0)) {
      const o = this.sql.alias('o');
      this.from.push(`(VALUES (0), (1)) ${o}`);
      this.where.push(`(${o}.column1 = 0 OR ${e}.source_id <> ${e}.target_id)`);
    }
  }

  /** `FROM ... WHERE ...` (empty FROM: the single row a query starts with). */
  body(): string {
    const from = this.from
      .map((item, i) =>
        item.startsWith('LEFT JOIN') ? ` ${item}` : `${i === 0 ? '' : ','} ${item}`,
      )
      .join('');
    // The time check first: SQLite tests a loop's conditions in the order written, and a
    // check placed after a condition that every combination fails would never run.
    const where = [...this.aliveCheck(), ...this.where];
    return `${from.length > 0 ? ' FROM' : ''}${from}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
  }

  /**
   * `cy_alive(...)` over a join of several tables, or over the table of a subquery (a list
   * comprehension, EXISTS, COUNT, a pattern predicate: run once per row of the query around
   * it, so nesting them multiplies their rows), which ends the statement once the query's
   * time is up (query-thread.ts). It reads a column of every joined table that has one to
   * read, so that SQLite evaluates it in the innermost loop (see sampledAliveCheck). A
   * single table at the top (one scan of nodes or edges, at most the workspace) has none:
   * there it cost up to a third of a whole-graph count.
   */
  private aliveCheck(): string[] {
    const joined = this.from.filter((item) => !item.startsWith('LEFT JOIN'));
    if (joined.length === 0 || (joined.length === 1 && this.parent === null)) {
      return [];
    }
    const columns = joined.flatMap((item) => {
      const [table = '', alias] = [
        item.slice(0, item.indexOf(' ')),
        item.slice(item.lastIndexOf(' ') + 1),
      ];
      if (!item.includes(' ')) {
        return [];
      }
      if (table === 'graph_nodes' || table === 'graph_edges') {
        return [`${alias}.rowid`];
      }
      if (item.startsWith('(VALUES')) {
        return [`${alias}.column1`];
      }
      return item.startsWith('json_each(') ? [`${alias}.key`] : [`${alias}.hops`];
    });
    return columns.length > 0 ? [sampledAliveCheck(columns)] : [];
  }

  /**
   * An independent copy (same parent), for the two arms of OPTIONAL MATCH: bindings are
   * copied so that a lookup joined in one arm is not assumed in the other.
   */
  clone(): Frame {
    const copy = new Frame(this.sql, this.parent);
    copy.from.push(...this.from);
    copy.where.push(...this.where);
    copy.ordering = [...this.ordering];
    copy.bothWays.push(...this.bothWays);
    for (const [name, binding] of this.vars) {
      copy.vars.set(
        name,
        binding.kind === 'value'
          ? binding
          : { ...binding, frame: binding.frame === this ? copy : binding.frame },
      );
    }
    return copy;
  }
}

/**
 * The time check of the innermost loop of a join or a subquery: `cy_alive(columns)` for
 * about one row in 64, picked by SQLite's own random() (a C function, so the other 63 cost
 * next to nothing). Calling the JavaScript function for every row took more time than the
 * join itself in whole-graph queries: some 200,000 calls, one per edge, in a grouping over
 * every relationship. The columns are read (as `column & 0`, always 0) only so that the
 * check depends on every table of the loop and is evaluated in the innermost loop, not once
 * before it. Random, not a rowid pattern: rows a client chose could dodge a fixed pattern.
 */
export function sampledAliveCheck(columns: readonly string[]): string {
  const anchors = columns.map((column) => `(${column} & 0)`).join(' | ');
  return `(((random() & 63) | ${anchors}) <> 0 OR cy_alive(${columns.join(', ')}))`;
}
