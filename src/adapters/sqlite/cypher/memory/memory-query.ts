import type { Clause, Expr, MatchClause, Projection } from '../../../../cypher/ast';
import { containsAggregate } from '../../../../cypher/ast-utils';
import { isAggregate } from '../../../../cypher/functions';
import type { AnalyzedQuery } from '../../../../cypher/index';
import { Aggregator, distinctRows, type ItemSpec } from './aggregator';
import { chainSpec, matchChain } from './match-chain';
import { MemoryExpressions } from './memory-expressions';
import {
  CHECK_EVERY,
  held,
  Unsupported,
  type MemoryRun,
  type Row,
  type Scope,
  type Slot,
} from './memory-run';
import { toSqlValue, type MemoryValue } from './memory-values';
import { boundedRanks, SORTABLE, sortedPositions, valueRanks, type SortSpec } from './sort-rows';

/**
 * Queries answered from a workspace's graph in memory (memory-graph.ts) instead of SQL
 * (docs/cypher.md, "Whole-graph queries"): questions about every node or relationship that
 * SQL answers with an index look-up each (the degree of every node, a cycle over every
 * relationship, every relationship grouped by its target's type) are loops over arrays
 * here.
 *
 * The subset, checked by `compileMemoryQuery` (anything else is answered by SQL, with the
 * same answers):
 * - one MATCH first, of one chain of single hops (labels, relationship types and
 *   directions, no property maps, no WHERE, no path variable), then WITH and RETURN;
 * - values: the pattern's nodes and relationships, `n.id`, `n.name`, `n.entityType`,
 *   `r.id`, `type(r)`, literals, scalar parameters, and `COUNT { }` / `EXISTS { }` of one
 *   hop from a node in scope;
 * - `count` (`*`, a value, `DISTINCT`) and `collect` (`DISTINCT` too) as whole items;
 *   DISTINCT, ORDER BY (the projection's items, or values of the rows before a projection
 *   without aggregates), SKIP and LIMIT.
 * Rows come out in the SQL representation (representation.ts), so the renderer and the
 * limits of the SQL path apply unchanged.
 *
 * This file holds the compiler of clauses; the MATCH is match-chain.ts, values are
 * memory-expressions.ts, aggregates aggregator.ts and ORDER BY sort-rows.ts.
 */

/**
 * The rows a clause produces, passed one at a time to `visit`. A MATCH passes the same
 * buffer for every match (its bindings): a visitor copies what it keeps.
 */
interface Source {
  each(run: MemoryRun, rowLimit: number, visit: (row: Row) => void): void;
}

/** A compiled in-memory query. */
export interface MemoryQuery {
  /** The rows in the SQL representation, at most `rowLimit + 1` (to tell truncation). */
  run(run: MemoryRun, rowLimit: number): unknown[][];
}

/**
 * Compiles `analyzed` for the in-memory graph, or answers null when the query is outside
 * the subset (then SQL answers it).
 */
export function compileMemoryQuery(analyzed: AnalyzedQuery): MemoryQuery | null {
  try {
    return new MemoryCompiler(analyzed).compile();
  } catch (error) {
    if (error instanceof Unsupported) {
      return null;
    }
    throw error;
  }
}

class MemoryCompiler {
  private readonly values: MemoryExpressions;

  constructor(private readonly analyzed: AnalyzedQuery) {
    this.values = new MemoryExpressions(analyzed.parameters);
  }

  compile(): MemoryQuery {
    const clauses = this.analyzed.query.clauses;
    const [first, ...rest] = clauses;
    if (first?.kind !== 'match' || rest.length === 0 || rest.at(-1)?.kind !== 'return') {
      throw new Unsupported();
    }
    // MATCH ... RETURN that passes rows on: the matches it needs.
    const only = rest.length === 1 ? (rest[0] as Clause & { kind: 'return' }) : null;
    const match = this.match(
      first,
      only ? (rowLimit) => unorderedCut(only.projection, rowLimit) : () => null,
    );
    let scope = match.scope;
    let source = match.source;
    for (const clause of rest) {
      if (clause.kind !== 'with' && clause.kind !== 'return') {
        throw new Unsupported();
      }
      if (clause.kind === 'with' && clause.where !== null) {
        throw new Unsupported();
      }
      const projected = this.projection(clause.projection, scope, source);
      source = projected.source;
      scope = projected.scope;
    }
    const types = this.analyzed.columns.map((c) => c.type);
    const last = source;
    return {
      run: (run, rowLimit) => {
        const rows: unknown[][] = [];
        last.each(run, rowLimit, (row) => {
          if (rows.length <= rowLimit) {
            rows.push(row.map((v, i) => toSqlValue(v, types[i]!, run.graph)));
          }
        });
        return rows;
      },
    };
  }

  // --- MATCH ------------------------------------------------------------------------------

  private match(
    clause: MatchClause,
    stopAfter: (rowLimit: number) => number | null,
  ): { source: Source; scope: Scope } {
    if (clause.optional || clause.where !== null || clause.patterns.length !== 1) {
      throw new Unsupported();
    }
    const part = clause.patterns[0]!;
    if (part.pathVariable !== null || part.shortest !== null) {
      throw new Unsupported();
    }
    const scope = new Map<string, Slot>();
    const chain = chainSpec(part.element, scope);
    const width = scope.size;
    return {
      scope,
      source: {
        each: (run, rowLimit, visit) =>
          matchChain(chain, width, run, stopAfter(rowLimit) ?? Infinity, visit),
      },
    };
  }

  // --- WITH / RETURN ----------------------------------------------------------------------

  private projection(p: Projection, scope: Scope, input: Source): { source: Source; scope: Scope } {
    if (p.star) {
      throw new Unsupported();
    }
    const items = p.items.map((item) => this.item(item.expr, scope));
    const grouped = items.some((i) => i.aggregate !== null);
    const sorts = p.orderBy.map((s): SortSpec => {
      // A key that is not an item reads the rows before projection (not after grouping).
      if (s.item === undefined && (grouped || p.distinct)) {
        throw new Unsupported();
      }
      const expr = s.item === undefined ? s.expr : p.items[s.item]!.expr;
      if (!expr.type || !SORTABLE.has(expr.type.kind)) {
        throw new Unsupported();
      }
      const before = grouped || p.distinct;
      return {
        item: s.item ?? -1,
        descending: s.descending,
        key: before
          ? null
          : s.item === undefined
            ? this.values.expr(expr, scope)
            : items[s.item]!.eval,
        // A rank read from the graph, where there is one (rows before grouping only).
        rank: before ? null : this.values.rank(expr, scope),
      };
    });
    const next = new Map<string, Slot>();
    p.items.forEach((item, index) => {
      next.set(item.name, { index, type: item.expr.type ?? { kind: 'any' } });
    });
    const skip = p.skipCount ?? 0;
    const limit = p.limitCount ?? Infinity;
    const cut = (order: Int32Array): Int32Array =>
      skip > 0 || limit < order.length ? order.subarray(skip, skip + limit) : order;
    const each = (run: MemoryRun, rowLimit: number, visit: (row: Row) => void): void => {
      if (!grouped && !p.distinct && limit !== Infinity) {
        // Sorted and cut before projection: only the rows kept are projected.
        const kept: Row[] = [];
        input.each(run, rowLimit, (row) => held(kept.push(row.slice()), run));
        const order = sortedPositions(kept.length, sorts, run, (sort) =>
          sort.rank
            ? boundedRanks(
                kept.map((row) => sort.rank!.of(row, run)),
                sort.rank.bound(run),
                sort.descending,
              )
            : valueRanks(
                kept.map((row) => sort.key!(row, run)),
                sort.descending,
              ),
        );
        for (const row of project(items, kept, cut(order), run)) {
          visit(row);
        }
        return;
      }
      if (!grouped && !p.distinct) {
        // Every row: held as one array per item (no array per row), passed on in one buffer.
        const columns = items.map(() => [] as MemoryValue[]);
        const ranked = sorts.filter((s) => s.rank !== null);
        const ranks = ranked.map(() => [] as number[]);
        // Keys that are not items, nor read from the graph: their values.
        const valued = sorts.filter((s) => s.rank === null && s.item < 0);
        const values = valued.map(() => [] as MemoryValue[]);
        let count = 0;
        input.each(run, rowLimit, (row) => {
          for (let i = 0; i < items.length; i += 1) {
            columns[i]!.push(items[i]!.eval!(row, run));
          }
          for (let k = 0; k < ranked.length; k += 1) {
            ranks[k]!.push(ranked[k]!.rank!.of(row, run));
          }
          for (let k = 0; k < valued.length; k += 1) {
            values[k]!.push(valued[k]!.key!(row, run));
          }
          held((count += 1), run);
        });
        const order = cut(
          sortedPositions(count, sorts, run, (sort) => {
            const k = ranked.indexOf(sort);
            if (k >= 0) {
              return boundedRanks(ranks[k]!, sort.rank!.bound(run), sort.descending);
            }
            const v = valued.indexOf(sort);
            return valueRanks(v >= 0 ? values[v]! : columns[sort.item]!, sort.descending);
          }),
        );
        const buffer: Row = new Array<MemoryValue>(items.length);
        for (let r = 0; r < order.length; r += 1) {
          const at = order[r]!;
          for (let i = 0; i < items.length; i += 1) {
            buffer[i] = columns[i]![at]!;
          }
          visit(buffer);
        }
        return;
      }
      let rows: Row[];
      if (grouped) {
        const groups = new Aggregator(items);
        input.each(run, rowLimit, (row) => groups.add(row, run));
        rows = groups.rows();
      } else {
        rows = [];
        input.each(run, rowLimit, (row) => {
          held(rows.push(items.map((item) => item.eval!(row, run))), run);
        });
      }
      if (p.distinct) {
        rows = distinctRows(rows);
      }
      const order = cut(
        sortedPositions(rows.length, sorts, run, (sort) =>
          valueRanks(
            rows.map((row) => row[sort.item]!),
            sort.descending,
          ),
        ),
      );
      for (let r = 0; r < order.length; r += 1) {
        visit(rows[order[r]!]!);
      }
    };
    const source: Source = { each };
    return { source, scope: next };
  }

  private item(expr: Expr, scope: Scope): ItemSpec {
    if (expr.kind === 'call' && isAggregate(expr.name)) {
      if (expr.name !== 'count' && expr.name !== 'collect') {
        throw new Unsupported();
      }
      if (expr.args.some(containsAggregate)) {
        throw new Unsupported();
      }
      const arg = expr.star ? null : this.values.expr(expr.args[0]!, scope);
      return { eval: null, aggregate: { call: expr, arg } };
    }
    if (containsAggregate(expr)) {
      throw new Unsupported();
    }
    return { eval: this.values.expr(expr, scope), aggregate: null };
  }
}

/**
 * How many matches the RETURN right after the MATCH needs when it only passes rows on
 * (SKIP, then LIMIT or the row limit and one more), or null when it needs them all (it
 * aggregates, removes duplicates or sorts).
 */
function unorderedCut(p: Projection, rowLimit: number): number | null {
  if (p.items.some((i) => containsAggregate(i.expr)) || p.distinct || p.orderBy.length > 0) {
    return null;
  }
  return (p.skipCount ?? 0) + Math.min(p.limitCount ?? Infinity, rowLimit + 1);
}

/** The items of the input rows at `positions`, in that order. */
function project(
  items: readonly ItemSpec[],
  input: readonly Row[],
  positions: Int32Array,
  run: MemoryRun,
): Row[] {
  const width = items.length;
  const out: Row[] = new Array<Row>(positions.length);
  for (let r = 0; r < positions.length; r += 1) {
    if ((r + 1) % CHECK_EVERY === 0) {
      run.check();
    }
    const row = input[positions[r]!]!;
    const next: Row = new Array<MemoryValue>(width);
    for (let i = 0; i < width; i += 1) {
      next[i] = items[i]!.eval!(row, run);
    }
    out[r] = next;
  }
  return out;
}
