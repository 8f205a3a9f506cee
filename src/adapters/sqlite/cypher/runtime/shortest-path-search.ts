import type { Database } from 'better-sqlite3';

/** Nodes one shortest-path pattern may visit when the engine is not told otherwise. */
export const DEFAULT_SHORTEST_PATH_NODES = 200_000;

/** Thrown from inside a statement once a shortest-path pattern has visited too many nodes. */
export class ShortestPathLimitError extends Error {
  readonly limit = 'shortestPathNodes';

  constructor(readonly max: number) {
    super(
      `A shortest-path search may visit at most ${max} nodes, and this one visited more: ` +
        'narrow it (relationship types, a direction, an upper bound on the hops, fewer start nodes)',
    );
  }
}

/** The search from one start node. */
interface Search {
  reached: Set<string>;
  /** The ends sought from this start and not reached yet: none left ends the search. */
  sought: Set<string>;
}

/** The searches of one shortest-path pattern in one run of its statement. */
interface Pattern {
  searches: Map<string, Search>;
  visited: number;
  /** True once a step has run: the next start is the statement's next run. */
  stepping: boolean;
}

/**
 * What a recursive CTE cannot hold: the set of nodes a breadth-first search has reached.
 * compile-walks.ts (`shortestPaths`) seeds one search per start node with the ends sought
 * from it (`cy_bfs_start`), and asks before each step whether the node it reaches is new
 * (`cy_bfs_visit`): every node is expanded once, at its distance from the start, and a
 * search stops once it has reached every end it seeks, so an unbounded `*` ends by itself
 * and costs what it visits. The nodes one pattern visits, over all its starts, are bounded
 * by `maxNodes` (ShortestPathLimitError).
 *
 * The statement extracts the CTE's rows by distance (`ORDER BY hops`), so the first visit
 * of a node is at its shortest distance, and every node nearer than the last end sought is
 * visited before that end is. A pattern's state lives until its next run starts (the
 * first `cy_bfs_start` after a step) or `clear()`, which the query thread calls after each
 * query so that a large search does not hold its memory.
 */
export class ShortestPathSearches {
  private readonly patterns = new Map<string, Pattern>();

  constructor(readonly maxNodes: number) {}

  /**
   * Registers `cy_bfs_start(token, start, soughtJson)`, `cy_bfs_open(token, start)` and
   * `cy_bfs_visit(token, start, node)`.
   */
  register(db: Database): this {
    db.function('cy_bfs_start', { deterministic: false }, (token, start, sought) => {
      this.start(String(token), String(start), JSON.parse(String(sought)) as string[]);
      return 1;
    });
    db.function('cy_bfs_open', { deterministic: false }, (token, start) =>
      this.open(String(token), String(start)) ? 1 : 0,
    );
    db.function('cy_bfs_visit', { deterministic: false }, (token, start, node) =>
      this.visit(String(token), String(start), String(node)) ? 1 : 0,
    );
    return this;
  }

  /** Starts (or starts again) the search of pattern `token` from `start`. */
  start(token: string, start: string, sought: readonly string[]): void {
    let pattern = this.patterns.get(token);
    if (!pattern || pattern.stepping) {
      pattern = { searches: new Map(), visited: 0, stepping: false };
      this.patterns.set(token, pattern);
    }
    const search: Search = { reached: new Set(), sought: new Set(sought) };
    pattern.searches.set(start, search);
    this.reach(pattern, search, start);
  }

  /** True while the search from `start` still seeks an end (its rows are worth expanding). */
  open(token: string, start: string): boolean {
    return (this.patterns.get(token)?.searches.get(start)?.sought.size ?? 0) > 0;
  }

  /** True when `node` is new to the search from `start`, which then expands it. */
  visit(token: string, start: string, node: string): boolean {
    const pattern = this.patterns.get(token);
    const search = pattern?.searches.get(start);
    if (!pattern || !search || search.sought.size === 0 || search.reached.has(node)) {
      return false;
    }
    pattern.stepping = true;
    this.reach(pattern, search, node);
    return true;
  }

  /** Forgets every search (after a query: their memory is not kept). */
  clear(): void {
    this.patterns.clear();
  }

  private reach(pattern: Pattern, search: Search, node: string): void {
    pattern.visited += 1;
    if (pattern.visited > this.maxNodes) {
      throw new ShortestPathLimitError(this.maxNodes);
    }
    search.reached.add(node);
    search.sought.delete(node);
  }
}
