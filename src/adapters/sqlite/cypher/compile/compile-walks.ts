import type { Direction, RelationshipPattern } from '../../../../cypher/ast';
import type { Frame } from './frame';
import type { SqlBuilder } from './sql-builder';

/**
 * Recursive CTEs for variable-length relationships and shortest paths, in the style of
 * graph-expansion.ts: every recursive step is an indexed join on one end of `graph_edges`
 * (`graph_edges_out` or `graph_edges_in`), one arm per direction, never a view of all
 * edges; every step is bound to the workspace and to the hop bound (an unbounded shortest
 * path, to the nodes its search has not reached yet, shortest-path-search.ts).
 *
 * A walk's rows are `(lo, hi, hops, mid, rels)` in the pattern's left-to-right
 * orientation, whichever end it was seeded from: `lo` and `hi` the end node ids, `mid` the
 * ids of the nodes in between and `rels` the relationship ids, each JSON-quoted and
 * followed by a comma (so a path is assembled by concatenation). A relationship already
 * in `rels` is not walked again (Cypher's relationship uniqueness), and ids admit no
 * quote, so the quoted id is a whole-element match.
 */
export interface Walk {
  /** The CTE to join. */
  table: string;
  /** Its alias in the frame. */
  alias: string;
}

/** Where a node position of the pattern is, for seeding: its id once known. */
export interface WalkEnd {
  id: string | null;
  /**
   * A frame that holds the id and can be read on its own (not a subquery correlated with
   * an enclosing row); null when there is none: the walk then starts from every node and
   * the join on the end keeps the right rows.
   */
  home: Frame | null;
}

type Arm = { from: 'source_id' | 'target_id'; to: 'source_id' | 'target_id'; loops: boolean };

/** The edge columns a step goes from and to, walking rightwards or leftwards. */
function arms(direction: Direction, rightwards: boolean): Arm[] {
  const forward: Arm = { from: 'source_id', to: 'target_id', loops: true };
  const backward: Arm = { from: 'target_id', to: 'source_id', loops: true };
  if (direction === 'both') {
    // A self-loop is walked once, as Cypher matches it once in an undirected pattern.
    return [forward, { ...backward, loops: false }];
  }
  const along = (direction === 'out') === rightwards;
  return [along ? forward : backward];
}

/** The distinct non-null ids a walk starts from: an end's id over its frame, or every node. */
function seeds(sql: SqlBuilder, end: WalkEnd | null): string {
  if (!end || end.id === null || !end.home) {
    return `SELECT id FROM graph_nodes WHERE workspace_id = ${sql.ws}`;
  }
  return `SELECT DISTINCT ${end.id} AS id${end.home.body()}`;
}

/**
 * The walks of `-[*min..max]-` between `left` and `right`: seeded from the end whose id
 * is known (the left one when both are), over at most `max` hops.
 */
export function variableLength(
  sql: SqlBuilder,
  relationship: RelationshipPattern,
  left: WalkEnd,
  right: WalkEnd,
  edgeConditions: (edge: string) => string,
): Walk {
  const name = sql.alias('walk');
  const max = sql.bind(relationship.length?.max ?? 1);
  // Start from the end whose rows can be read on their own, else from a known end.
  const rightwards =
    left.home !== null || (right.home === null && (left.id !== null || right.id === null));
  const seed = seeds(sql, rightwards ? left : right);
  const steps = arms(relationship.direction, rightwards).map((arm) => {
    const e = 'e';
    const at = rightwards ? 'w.hi' : 'w.lo';
    const mid = `(CASE WHEN w.hops > 0 THEN json_quote(${at}) || ',' ELSE '' END)`;
    const columns = rightwards
      ? `w.lo, ${e}.${arm.to}, w.hops + 1, w.mid || ${mid}, w.rels || json_quote(${e}.id) || ','`
      : `${e}.${arm.to}, w.hi, w.hops + 1, ${mid} || w.mid, json_quote(${e}.id) || ',' || w.rels`;
    return `SELECT ${columns} FROM ${name} w
      JOIN graph_edges ${e} ON ${e}.workspace_id = ${sql.ws} AND ${e}.${arm.from} = ${at}
      WHERE w.hops < ${max} AND cy_alive(${e}.rowid) AND instr(w.rels, json_quote(${e}.id)) = 0
        AND ${edgeConditions(e)}${arm.loops ? '' : ` AND ${e}.source_id <> ${e}.target_id`}`;
  });
  sql.addCte(
    name,
    ['lo', 'hi', 'hops', 'mid', 'rels'],
    `SELECT id, id, 0, '', '' FROM (${seed}) WHERE id IS NOT NULL
      UNION ALL ${steps.join('\n      UNION ALL ')}`,
  );
  return { table: name, alias: sql.alias('v') };
}

/**
 * Shortest paths between the pairs of ends the frame holds (a frame of the query itself:
 * the analyzer refuses shortest paths inside subqueries), over at most `max` hops or
 * unbounded: a breadth-first search from every start (rows `(src, id, hops)`, one per node
 * reached: `cy_bfs_visit` of shortest-path-search.ts says which nodes are new, and ends a
 * search once it has reached every end sought from its start), the distance of every node
 * from its start, then the paths walked back from the end through nodes one step closer
 * each time (only shortest paths are ever enumerated). `shortest` keeps one path per pair
 * (the smallest relationship ids), `all` keeps them all.
 */
export function shortestPaths(
  sql: SqlBuilder,
  frame: Frame,
  relationship: RelationshipPattern,
  leftId: string,
  rightId: string,
  mode: 'shortest' | 'all',
  edgeConditions: (edge: string) => string,
): Walk {
  const base = sql.alias('sp');
  const upper = relationship.length ? relationship.length.max : 1;
  const min = sql.bind(relationship.length?.min ?? 1);
  const pairs = `${base}_pairs`;
  const bfs = `${base}_bfs`;
  const dist = `${base}_dist`;
  const back = `${base}_back`;
  const paths = `${base}_paths`;
  sql.addCte(
    pairs,
    ['a', 'b'],
    `SELECT * FROM (SELECT DISTINCT ${leftId} AS a, ${rightId} AS b${frame.body()}) WHERE a IS NOT NULL AND b IS NOT NULL`,
  );
  // The search's state is keyed by this token, unique in the statement.
  const token = sql.bind(bfs);
  // A row of a search that has found every end it seeks reads no edge.
  const open = `cy_bfs_open(${token}, s.src)${upper === null ? '' : ` AND s.hops < ${sql.bind(upper)}`}`;
  // The visit is asked last (CASE evaluates in order): a node reached only through an
  // edge the pattern refuses is not marked as reached.
  const forward = arms(relationship.direction, true).map(
    (arm) => `SELECT s.src, e.${arm.to}, s.hops + 1 FROM ${bfs} s
      JOIN graph_edges e ON e.workspace_id = ${sql.ws} AND e.${arm.from} = s.id
      WHERE ${open} AND CASE WHEN cy_alive(e.rowid) AND ${edgeConditions('e')}
        THEN cy_bfs_visit(${token}, s.src, e.${arm.to}) ELSE 0 END`,
  );
  // Rows leave the queue nearest first (ORDER BY hops), so the search is breadth-first.
  sql.addCte(
    bfs,
    ['src', 'id', 'hops'],
    `SELECT a, a, 0 FROM ${pairs} GROUP BY a HAVING cy_bfs_start(${token}, a, json_group_array(b))
      UNION ALL ${forward.join(' UNION ALL ')} ORDER BY 3`,
  );
  sql.addCte(dist, ['src', 'id', 'd'], `SELECT src, id, MIN(hops) FROM ${bfs} GROUP BY src, id`);
  const backward = arms(relationship.direction, false).map(
    (arm) => `SELECT w.src, w.tgt, e.${arm.to}, w.steps + 1,
        (CASE WHEN w.steps > 0 THEN json_quote(w.cur) || ',' ELSE '' END) || w.mid,
        json_quote(e.id) || ',' || w.rels, w.remaining - 1
      FROM ${back} w
      JOIN graph_edges e ON e.workspace_id = ${sql.ws} AND e.${arm.from} = w.cur
      JOIN ${dist} d ON d.src = w.src AND d.id = e.${arm.to} AND d.d = w.remaining - 1
      WHERE w.remaining > 0 AND cy_alive(e.rowid) AND ${edgeConditions('e')}`,
  );
  sql.addCte(
    back,
    ['src', 'tgt', 'cur', 'steps', 'mid', 'rels', 'remaining'],
    `SELECT p.a, p.b, p.b, 0, '', '', d.d FROM ${pairs} p
        JOIN ${dist} d ON d.src = p.a AND d.id = p.b WHERE d.d >= ${min}
      UNION ALL ${backward.join(' UNION ALL ')}`,
  );
  const pick =
    mode === 'shortest'
      ? `SELECT src, tgt, steps, mid, rels FROM (SELECT *, row_number() OVER (PARTITION BY src, tgt ORDER BY rels) AS r FROM ${back} WHERE remaining = 0) WHERE r = 1`
      : `SELECT src, tgt, steps, mid, rels FROM ${back} WHERE remaining = 0`;
  sql.addCte(paths, ['lo', 'hi', 'hops', 'mid', 'rels'], pick);
  return { table: paths, alias: sql.alias('v') };
}
