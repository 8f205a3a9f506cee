import type {
  Clause,
  Expr,
  FunctionCall,
  MatchClause,
  PatternElement,
  Projection,
  Subquery,
} from '../../../../cypher/ast';
import { containsAggregate } from '../../../../cypher/ast-utils';
import { isAggregate } from '../../../../cypher/functions';
import type { AnalyzedQuery } from '../../../../cypher/index';
import type { CyType } from '../../../../cypher/types';
import { labelRanks, nameRanks, nodesOfLabel, typeRanks, type MemoryGraph } from './memory-graph';
import { compareSqlText, distinctKey, toSqlValue, type MemoryValue } from './memory-values';

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
 */

/** A query outside the in-memory subset (compileMemoryQuery answers null). */
class Unsupported extends Error {}

/**
 * Most rows (or collected values) one projection holds at once. A query that needs more is
 * given up with MemoryRowsExceeded, for SQL to answer (within its time limit), rather than
 * growing the thread's memory without bound.
 */
export const MAX_HELD_ROWS = 1_000_000;

/** Thrown when a projection would hold more than MAX_HELD_ROWS. */
export class MemoryRowsExceeded extends Error {
  constructor() {
    super(`The in-memory answer would hold more than ${MAX_HELD_ROWS} rows`);
  }
}

/** Checks the rows a projection holds against the run's bound (MAX_HELD_ROWS). */
function held(rows: number, run: MemoryRun): void {
  if (rows > (run.maxHeldRows ?? MAX_HELD_ROWS)) {
    throw new MemoryRowsExceeded();
  }
}

type Row = MemoryValue[];

/** What a query needs while it runs. */
export interface MemoryRun {
  graph: MemoryGraph;
  /** Throws once the query must stop (its deadline passed, or it was cancelled). */
  check: () => void;
  /** Most rows a projection may hold (MAX_HELD_ROWS when unset). */
  maxHeldRows?: number;
}

type Eval = (row: Row, run: MemoryRun) => MemoryValue;

/** A sort rank of a value from the row it is computed from: an index that orders as the value. */
type Rank = { of: (row: Row, run: MemoryRun) => number; bound: (run: MemoryRun) => number };

interface Slot {
  index: number;
  type: CyType;
}

type Scope = ReadonlyMap<string, Slot>;

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

/** How often the loops check whether the query must stop. */
const CHECK_EVERY = 4096;

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
  constructor(private readonly analyzed: AnalyzedQuery) {}

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
    const chain = this.chain(part.element, scope);
    const width = scope.size;
    return {
      scope,
      source: {
        each: (run, rowLimit, visit) =>
          matchChain(chain, width, run, stopAfter(rowLimit) ?? Infinity, visit),
      },
    };
  }

  /** The hops of a chain, with a slot for each variable (repeated node names are checks). */
  private chain(element: PatternElement, scope: Map<string, Slot>): ChainSpec {
    const nodes: NodeSpec[] = element.nodes.map((node) => {
      if (node.properties !== null || node.bound) {
        throw new Unsupported();
      }
      let slot = -1;
      let same = -1;
      if (node.variable !== null) {
        const seen = scope.get(node.variable);
        if (seen) {
          same = seen.index;
        } else {
          slot = scope.size;
          scope.set(node.variable, { index: slot, type: { kind: 'node' } });
        }
      }
      return { labels: [...new Set(node.labels)], slot, same };
    });
    const hops: HopSpec[] = element.relationships.map((rel) => {
      if (rel.properties !== null || rel.length !== null || rel.bound) {
        throw new Unsupported();
      }
      let slot = -1;
      if (rel.variable !== null) {
        if (scope.has(rel.variable)) {
          throw new Unsupported();
        }
        slot = scope.size;
        scope.set(rel.variable, { index: slot, type: { kind: 'relationship' } });
      }
      return { types: [...new Set(rel.types)], direction: rel.direction, slot };
    });
    return { nodes, hops };
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
        key: before ? null : s.item === undefined ? this.expr(expr, scope) : items[s.item]!.eval,
        // A rank read from the graph, where there is one (rows before grouping only).
        rank: before ? null : this.rank(expr, scope),
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
      const arg = expr.star ? null : this.expr(expr.args[0]!, scope);
      return { eval: null, aggregate: { call: expr, arg } };
    }
    if (containsAggregate(expr)) {
      throw new Unsupported();
    }
    return { eval: this.expr(expr, scope), aggregate: null };
  }

  /** A rank that orders rows as `expr` does, read from the graph's indexes, if there is one. */
  private rank(expr: Expr, scope: Scope): Rank | null {
    const slotOf = (e: Expr, kind: 'node' | 'relationship'): number | null => {
      if (e.kind !== 'var') {
        return null;
      }
      const slot = scope.get(e.name);
      return slot && slot.type.kind === kind ? slot.index : null;
    };
    const nodes = (run: MemoryRun) => run.graph.nodeIds.length;
    const edges = (run: MemoryRun) => run.graph.edgeIds.length;
    if (expr.kind === 'var') {
      const node = slotOf(expr, 'node');
      if (node !== null) {
        return { of: (row) => row[node] as number, bound: nodes };
      }
      const rel = slotOf(expr, 'relationship');
      return rel === null ? null : { of: (row) => row[rel] as number, bound: edges };
    }
    if (expr.kind === 'prop') {
      const node = slotOf(expr.target, 'node');
      if (node !== null && expr.key === 'id') {
        return { of: (row) => row[node] as number, bound: nodes };
      }
      if (node !== null && expr.key === 'name') {
        return { of: (row, run) => nameRanks(run.graph)[row[node] as number]!, bound: nodes };
      }
      if (node !== null && expr.key === 'entityType') {
        return {
          of: (row, run) => labelRanks(run.graph)[run.graph.nodeLabel[row[node] as number]!]!,
          bound: (run) => run.graph.labels.length,
        };
      }
      const rel = slotOf(expr.target, 'relationship');
      if (rel !== null && expr.key === 'id') {
        return { of: (row) => row[rel] as number, bound: edges };
      }
    }
    if (expr.kind === 'call' && expr.name === 'type' && expr.args.length === 1) {
      const rel = slotOf(expr.args[0]!, 'relationship');
      if (rel !== null) {
        return {
          of: (row, run) => typeRanks(run.graph)[run.graph.edgeType[row[rel] as number]!]!,
          bound: (run) => run.graph.relTypes.length,
        };
      }
    }
    return null;
  }

  // --- Expressions ------------------------------------------------------------------------

  private expr(expr: Expr, scope: Scope): Eval {
    switch (expr.kind) {
      case 'literal': {
        const { value } = expr;
        return () => value;
      }
      case 'param': {
        const value = this.analyzed.parameters[expr.name];
        if (
          value === null ||
          typeof value === 'string' ||
          typeof value === 'boolean' ||
          (typeof value === 'number' && Number.isFinite(value))
        ) {
          return () => value;
        }
        throw new Unsupported();
      }
      case 'var': {
        const slot = scope.get(expr.name);
        if (!slot) {
          throw new Unsupported();
        }
        const { index } = slot;
        return (row) => row[index]!;
      }
      case 'prop':
        return this.property(expr.target, expr.key, scope);
      case 'call':
        return this.call(expr, scope);
      case 'subquery':
        return this.subquery(expr, scope);
      default:
        throw new Unsupported();
    }
  }

  private property(target: Expr, key: string, scope: Scope): Eval {
    const slot = target.kind === 'var' ? scope.get(target.name) : undefined;
    if (!slot) {
      throw new Unsupported();
    }
    const { index } = slot;
    if (slot.type.kind === 'node') {
      switch (key) {
        case 'id':
          return (row, run) => run.graph.nodeIds[row[index] as number]!;
        case 'name':
          return (row, run) => run.graph.nodeNames[row[index] as number]!;
        case 'entityType':
          return (row, run) => run.graph.labels[run.graph.nodeLabel[row[index] as number]!]!;
        default:
          throw new Unsupported();
      }
    }
    if (slot.type.kind === 'relationship' && key === 'id') {
      return (row, run) => run.graph.edgeIds[row[index] as number]!;
    }
    throw new Unsupported();
  }

  private call(call: FunctionCall, scope: Scope): Eval {
    const [arg] = call.args;
    if (call.name === 'type' && call.args.length === 1 && arg?.kind === 'var') {
      const slot = scope.get(arg.name);
      if (slot?.type.kind === 'relationship') {
        const { index } = slot;
        return (row, run) => run.graph.relTypes[run.graph.edgeType[row[index] as number]!]!;
      }
    }
    throw new Unsupported();
  }

  /** `COUNT { }` / `EXISTS { }` of one hop from a node in scope. */
  private subquery(sub: Subquery, scope: Scope): Eval {
    if (sub.where !== null || sub.patterns.length !== 1) {
      throw new Unsupported();
    }
    const part = sub.patterns[0]!;
    const { nodes, relationships } = part.element;
    if (part.pathVariable !== null || part.shortest !== null || relationships.length !== 1) {
      throw new Unsupported();
    }
    const rel = relationships[0]!;
    if (rel.properties !== null || rel.length !== null || rel.bound) {
      throw new Unsupported();
    }
    const ends = nodes.map((node) => {
      if (node.properties !== null) {
        throw new Unsupported();
      }
      const slot = node.variable !== null && node.bound ? scope.get(node.variable) : undefined;
      if (node.bound && slot?.type.kind !== 'node') {
        throw new Unsupported();
      }
      return { slot: slot?.index ?? null, labels: [...new Set(node.labels)] };
    });
    // The same new variable at both ends would require a self-loop: left to SQL.
    if (
      nodes[0]!.variable !== null &&
      nodes[0]!.variable === nodes[1]!.variable &&
      !nodes[0]!.bound
    ) {
      throw new Unsupported();
    }
    const [a, b] = ends as [(typeof ends)[0], (typeof ends)[0]];
    // Walk from a bound end: the first if both are.
    const fromFirst = a.slot !== null;
    const from = fromFirst ? a : b;
    const to = fromFirst ? b : a;
    if (from.slot === null) {
      throw new Unsupported();
    }
    const direction: Direction = fromFirst ? rel.direction : reverse(rel.direction);
    const types = [...new Set(rel.types)];
    const fromSlot = from.slot;
    const exists = sub.mode === 'exists';
    const toSlot = to.slot;
    // The graph's tests, made once per graph rather than per row.
    let tests: { graph: MemoryGraph; types: Uint8Array | null; label: number } | null = null;
    return (row, run) => {
      const g = run.graph;
      if (tests?.graph !== g) {
        tests = { graph: g, types: typeMask(g, types), label: labelOf(g, to.labels) };
      }
      const { types: mask, label } = tests;
      if (label === NO_NODE) {
        return exists ? false : 0;
      }
      const same = toSlot === null ? -1 : (row[toSlot] as number);
      const start = row[fromSlot] as number;
      const { edgeType, nodeLabel, edgeSource, edgeTarget } = g;
      let count = 0;
      if (direction !== 'in') {
        for (let k = g.outStart[start]!; k < g.outStart[start + 1]!; k += 1) {
          const e = g.outEdges[k]!;
          const other = edgeTarget[e]!;
          if (
            (mask === null || mask[edgeType[e]!] === 1) &&
            (label === ANY_LABEL || nodeLabel[other] === label) &&
            (same < 0 || other === same)
          ) {
            count += 1;
          }
        }
      }
      if (direction !== 'out') {
        for (let k = g.inStart[start]!; k < g.inStart[start + 1]!; k += 1) {
          const e = g.inEdges[k]!;
          const other = edgeSource[e]!;
          // An undirected hop meets a self-loop once, on its way out.
          if (direction === 'both' && other === edgeTarget[e]) {
            continue;
          }
          if (
            (mask === null || mask[edgeType[e]!] === 1) &&
            (label === ANY_LABEL || nodeLabel[other] === label) &&
            (same < 0 || other === same)
          ) {
            count += 1;
          }
        }
      }
      return exists ? count > 0 : count;
    };
  }
}

/** Sort key kinds the in-memory path orders (the others are answered by SQL). */
const SORTABLE = new Set([
  'integer',
  'float',
  'number',
  'string',
  'boolean',
  'null',
  'node',
  'relationship',
]);

type Direction = 'out' | 'in' | 'both';

const reverse = (d: Direction): Direction => (d === 'out' ? 'in' : d === 'in' ? 'out' : 'both');

/** The relationship types a pattern allows, as a mask by type index; null for any type. */
function typeMask(g: MemoryGraph, types: readonly string[]): Uint8Array | null {
  if (types.length === 0) {
    return null;
  }
  const mask = new Uint8Array(g.relTypes.length);
  for (const t of types) {
    const index = g.relTypeIndex.get(t);
    if (index !== undefined) {
      mask[index] = 1;
    }
  }
  return mask;
}

const ANY_LABEL = -1;
const NO_NODE = -2;

/** The one entity type labels require (a node has one), ANY_LABEL, or NO_NODE if none can. */
function labelOf(g: MemoryGraph, labels: readonly string[]): number {
  if (labels.length === 0) {
    return ANY_LABEL;
  }
  if (labels.length > 1) {
    return NO_NODE;
  }
  return g.labelIndex.get(labels[0]!) ?? NO_NODE;
}

// --- Matching ---------------------------------------------------------------------------

interface NodeSpec {
  labels: string[];
  /** The slot this node binds, or -1 (anonymous, or a repeat of an earlier name). */
  slot: number;
  /** The slot of an earlier node of the same name, or -1. */
  same: number;
}

interface HopSpec {
  types: string[];
  direction: Direction;
  slot: number;
}

interface ChainSpec {
  nodes: NodeSpec[];
  hops: HopSpec[];
}

/**
 * Every match of a chain, depth first without recursion: starting nodes in id order, then
 * each hop's relationships (outgoing, then incoming for an undirected hop) in id order, each
 * relationship at most once per match (Cypher's relationship uniqueness).
 */
function matchChain(
  chain: ChainSpec,
  width: number,
  run: MemoryRun,
  stopAfter: number,
  visit: (row: Row) => void,
): void {
  const g = run.graph;
  const labels = Int32Array.from(chain.nodes, (n) => labelOf(g, n.labels));
  if (labels.includes(NO_NODE)) {
    return;
  }
  const { outStart, outEdges, inStart, inEdges, edgeSource, edgeTarget, edgeType, nodeLabel } = g;
  const hops = chain.hops.length;
  const masks = chain.hops.map((h) => typeMask(g, h.types));
  const directions = Int32Array.from(chain.hops, (h) => DIRECTION_CODE[h.direction]);
  const relSlots = Int32Array.from(chain.hops, (h) => h.slot);
  const sames = Int32Array.from(chain.nodes, (n) => n.same);
  const nodeSlots = Int32Array.from(chain.nodes, (n) => n.slot);
  // The bindings, the row every match passes (read like any row, never kept).
  const bound: number[] = new Array<number>(width).fill(-1);
  const row = bound as Row;
  const nodeAt = new Int32Array(hops + 1);
  const used = new Int32Array(hops);
  // Per hop: the adjacency list walked (0 outgoing, 1 incoming), the next and end positions.
  const side = new Int32Array(hops);
  const at = new Int32Array(hops);
  const end = new Int32Array(hops);
  // Starts walking the outgoing (0) or incoming (1) relationships of the hop's node.
  const open = (hop: number, walked: 0 | 1): void => {
    const from = nodeAt[hop]!;
    const start = walked === 0 ? outStart : inStart;
    side[hop] = walked;
    at[hop] = start[from]!;
    end[hop] = start[from + 1]!;
  };
  const openFirst = (hop: number): void => open(hop, directions[hop] === IN ? 1 : 0);
  let countdown = CHECK_EVERY;
  let matches = 0;
  const starts = labels[0] === ANY_LABEL ? null : nodesOfLabel(g, labels[0]!);
  const count = starts ? starts.length : g.nodeIds.length;
  const firstSlot = nodeSlots[0]!;
  for (let s = 0; s < count; s += 1) {
    if ((countdown -= 1) === 0) {
      countdown = CHECK_EVERY;
      run.check();
    }
    const node = starts ? starts[s]! : s;
    nodeAt[0] = node;
    if (firstSlot >= 0) {
      bound[firstSlot] = node;
    }
    if (hops === 0) {
      visit(row);
      if ((matches += 1) >= stopAfter) {
        return;
      }
      continue;
    }
    let hop = 0;
    openFirst(0);
    while (hop >= 0) {
      if (at[hop]! >= end[hop]!) {
        if (side[hop] === 0 && directions[hop] === BOTH) {
          open(hop, 1);
        } else {
          hop -= 1;
        }
        continue;
      }
      if ((countdown -= 1) === 0) {
        countdown = CHECK_EVERY;
        run.check();
      }
      const k = at[hop]!;
      at[hop] = k + 1;
      let e: number;
      let next: number;
      if (side[hop] === 0) {
        e = outEdges[k]!;
        next = edgeTarget[e]!;
      } else {
        e = inEdges[k]!;
        next = edgeSource[e]!;
        // An undirected hop meets a self-loop once, on its way out.
        if (next === edgeTarget[e] && directions[hop] === BOTH) {
          continue;
        }
      }
      const mask = masks[hop]!;
      const label = labels[hop + 1]!;
      const same = sames[hop + 1]!;
      if (
        (mask !== null && mask[edgeType[e]!] !== 1) ||
        (label !== ANY_LABEL && nodeLabel[next] !== label) ||
        (same >= 0 && bound[same] !== next) ||
        usedBefore(used, hop, e)
      ) {
        continue;
      }
      used[hop] = e;
      const relSlot = relSlots[hop]!;
      if (relSlot >= 0) {
        bound[relSlot] = e;
      }
      const nodeSlot = nodeSlots[hop + 1]!;
      if (nodeSlot >= 0) {
        bound[nodeSlot] = next;
      }
      nodeAt[hop + 1] = next;
      if (hop + 1 === hops) {
        visit(row);
        if ((matches += 1) >= stopAfter) {
          return;
        }
      } else {
        hop += 1;
        openFirst(hop);
      }
    }
  }
}

const OUT = 0;
const IN = 1;
const BOTH = 2;
const DIRECTION_CODE: Readonly<Record<Direction, number>> = { out: OUT, in: IN, both: BOTH };

/** True when relationship `e` is one of the first `hops` of the match so far. */
function usedBefore(used: Int32Array, hops: number, e: number): boolean {
  for (let h = 0; h < hops; h += 1) {
    if (used[h] === e) {
      return true;
    }
  }
  return false;
}

// --- Projections ------------------------------------------------------------------------

interface ItemSpec {
  eval: Eval | null;
  aggregate: { call: FunctionCall; arg: Eval | null } | null;
}

interface SortSpec {
  /** The projection item sorted on, or -1 for an expression of the rows before projection. */
  item: number;
  descending: boolean;
  /** The key read from a row before projection (projections without aggregates). */
  key: Eval | null;
  rank: Rank | null;
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

interface Group {
  keys: Row;
  counts: number[];
  lists: MemoryValue[][];
  seen: Set<unknown>[];
}

/** A projection with aggregates: one row per distinct value of the other items. */
class Aggregator {
  private readonly keyItems: number[];
  private readonly groups = new Map<unknown, Group>();
  private added = 0;
  /** Values held: groups, collected values and values seen by DISTINCT. */
  private holding = 0;

  /** The aggregate items: where, of what, and how. */
  private readonly aggregates: {
    index: number;
    arg: Eval | null;
    distinct: boolean;
    collect: boolean;
  }[];

  constructor(private readonly items: readonly ItemSpec[]) {
    this.keyItems = items.map((item, i) => (item.eval ? i : -1)).filter((i) => i >= 0);
    this.aggregates = items.flatMap((item, index) =>
      item.aggregate
        ? [
            {
              index,
              arg: item.aggregate.arg,
              distinct: item.aggregate.call.distinct,
              collect: item.aggregate.call.name === 'collect',
            },
          ]
        : [],
    );
  }

  add(row: Row, run: MemoryRun): void {
    if ((this.added += 1) % CHECK_EVERY === 0) {
      run.check();
    }
    const { items, keyItems } = this;
    let group: Group | undefined;
    if (keyItems.length === 1) {
      const value = items[keyItems[0]!]!.eval!(row, run);
      const key = distinctKey(value);
      group = this.groups.get(key);
      if (!group) {
        group = this.group([value]);
        this.groups.set(key, group);
        held((this.holding += 1), run);
      }
    } else {
      const keys = keyItems.map((i) => items[i]!.eval!(row, run));
      const key = keys.length === 0 ? null : JSON.stringify(keys);
      group = this.groups.get(key);
      if (!group) {
        group = this.group(keys);
        this.groups.set(key, group);
        held((this.holding += 1), run);
      }
    }
    for (const { index, arg, distinct, collect } of this.aggregates) {
      const value = arg ? arg(row, run) : true;
      if (value === null) {
        continue;
      }
      if (distinct) {
        const seen = group.seen[index]!;
        const seenKey = distinctKey(value);
        if (seen.has(seenKey)) {
          continue;
        }
        seen.add(seenKey);
        held((this.holding += 1), run);
      }
      group.counts[index]! += 1;
      if (collect) {
        group.lists[index]!.push(value);
        held((this.holding += 1), run);
      }
    }
  }

  /** The rows, groups in the order first seen; one row of empty aggregates without keys. */
  rows(): Row[] {
    if (this.groups.size === 0 && this.keyItems.length === 0) {
      this.groups.set(null, this.group([]));
    }
    const out: Row[] = [];
    for (const group of this.groups.values()) {
      let k = 0;
      out.push(
        this.items.map((item, i) => {
          if (item.eval) {
            return group.keys[k++]!;
          }
          return item.aggregate!.call.name === 'collect' ? group.lists[i]! : group.counts[i]!;
        }),
      );
    }
    return out;
  }

  private group(keys: Row): Group {
    return {
      keys,
      counts: this.items.map(() => 0),
      lists: this.items.map(() => []),
      seen: this.items.map(() => new Set<unknown>()),
    };
  }
}

/** The first of each set of equal rows. */
function distinctRows(rows: readonly Row[]): Row[] {
  const seen = new Set<unknown>();
  return rows.filter((row) => {
    const key = JSON.stringify(row);
    if (seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

interface Ranks {
  /** Each row's rank, in [0, buckets). */
  ranks: Int32Array;
  buckets: number;
}

/**
 * Positions of `count` rows in ORDER BY order (null after every value ascending, before
 * every value descending, as the SQL path sorts), stable: each key becomes a rank (read from
 * the graph, or from the sorted distinct values), then one counting sort per key, the last
 * key first.
 */
function sortedPositions(
  count: number,
  sorts: readonly SortSpec[],
  run: MemoryRun,
  ranksOf: (sort: SortSpec) => Ranks,
): Int32Array {
  let order: Int32Array = new Int32Array(count);
  for (let i = 0; i < count; i += 1) {
    order[i] = i;
  }
  for (let k = sorts.length - 1; k >= 0; k -= 1) {
    const { ranks, buckets } = ranksOf(sorts[k]!);
    order = countingSort(order, ranks, buckets);
    run.check();
  }
  return order;
}

/** Ranks read from the graph (never null: nodes, relationships and their fields), in [0, bound). */
function boundedRanks(values: readonly number[], bound: number, descending: boolean): Ranks {
  const ranks = new Int32Array(values.length);
  for (let r = 0; r < values.length; r += 1) {
    ranks[r] = descending ? bound - 1 - values[r]! : values[r]!;
  }
  return { ranks, buckets: bound };
}

/** Ranks of values among their distinct values; null last ascending, first descending. */
function valueRanks(values: readonly MemoryValue[], descending: boolean): Ranks {
  const distinct = new Map<MemoryValue, number>();
  for (const v of values) {
    if (v !== null) {
      distinct.set(v, 0);
    }
  }
  const sorted = [...distinct.keys()].sort(compareScalars);
  sorted.forEach((v, i) => distinct.set(v, i));
  const d = sorted.length;
  const ranks = new Int32Array(values.length);
  for (let r = 0; r < values.length; r += 1) {
    const v = values[r]!;
    if (v === null) {
      ranks[r] = descending ? 0 : d;
    } else {
      const rank = distinct.get(v)!;
      ranks[r] = descending ? d - rank : rank;
    }
  }
  return { ranks, buckets: d + 1 };
}

/** Orders two non-null values of one sortable kind (numbers, strings, booleans). */
function compareScalars(a: MemoryValue, b: MemoryValue): number {
  if (typeof a === 'string' && typeof b === 'string') {
    return compareSqlText(a, b);
  }
  return Number(a) - Number(b);
}

/** A stable counting sort of `order` by `ranks[row]` in [0, buckets). */
function countingSort(order: Int32Array, ranks: Int32Array, buckets: number): Int32Array {
  const starts = new Int32Array(buckets + 1);
  for (const row of order) {
    starts[ranks[row]! + 1]! += 1;
  }
  for (let b = 0; b < buckets; b += 1) {
    starts[b + 1]! += starts[b]!;
  }
  const sorted = new Int32Array(order.length);
  for (const row of order) {
    sorted[starts[ranks[row]!]!++] = row;
  }
  return sorted;
}
