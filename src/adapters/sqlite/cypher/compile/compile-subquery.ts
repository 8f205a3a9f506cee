import type {
  Expr,
  NodePattern,
  PatternElement,
  PatternPart,
  RelationshipPattern,
} from '../../../../cypher/ast';
import { patternExpressions, variablesOf } from '../../../../cypher/ast-utils';
import type { PatternSql } from './compile-expression';
import type { PatternCompiler } from './compile-pattern';
import { Frame } from './frame';
import type { SqlBuilder } from './sql-builder';

/**
 * Patterns inside expressions: `EXISTS { ... }`, `COUNT { ... }` and pattern predicates
 * (`WHERE (n)-[:A]->()`), each a subquery over the rows it tests, in the form that lets
 * SQLite follow an index from those rows (or, for a semi-join, to them).
 */
export class SubqueryCompiler implements PatternSql {
  constructor(
    private readonly sql: SqlBuilder,
    private readonly patterns: PatternCompiler,
  ) {}

  subquery(
    frame: Frame,
    patterns: readonly PatternPart[],
    where: Expr | null,
    mode: 'exists' | 'count',
    negated = false,
  ): string {
    if (mode === 'exists' && negated) {
      return (
        this.antiJoin(frame, patterns, where) ??
        `(NOT ${this.subquery(frame, patterns, where, 'exists')})`
      );
    }
    const semi = mode === 'exists' ? this.semiJoin(frame, patterns, where) : null;
    if (semi !== null) {
      return semi;
    }
    const arms = this.orientedArms(frame, patterns);
    if (arms) {
      const [along, against] = arms.map((arm) => this.subquery(frame, arm, where, mode));
      return mode === 'exists' ? `(${along} OR ${against})` : `(${along} + ${against})`;
    }
    const child = new Frame(this.sql, frame);
    this.patterns.match(child, patterns, where);
    const weight = child.weight();
    return mode === 'exists'
      ? `EXISTS (SELECT 1${child.body()})`
      : `(SELECT ${weight === null ? 'count(*)' : `coalesce(sum(${weight}), 0)`}${child.body()})`;
  }

  predicate(frame: Frame, element: PatternElement, negated = false): string {
    const part: PatternPart = {
      element,
      pathVariable: null,
      shortest: null,
      pos: element.nodes[0]!.pos,
    };
    return this.subquery(frame, [part], null, 'exists', negated);
  }

  /**
   * NOT EXISTS of one relationship between a node that ranges over the whole workspace
   * (Frame.ranging) and any node, as `NOT (n)--()` or `NOT (n)-[:A]->()`: the nodes without
   * one are the workspace's node ids EXCEPT the ends of those relationships, which SQLite
   * computes by merging index scans in id order (the primary key, graph_edges_out,
   * graph_edges_in) instead of a look-up per node. Null when it does not apply.
   */
  private antiJoin(
    frame: Frame,
    patterns: readonly PatternPart[],
    where: Expr | null,
  ): string | null {
    const part = patterns.length === 1 ? patterns[0]! : null;
    if (where !== null || !part || part.pathVariable !== null) {
      return null;
    }
    const [relationship, ...more] = part.element.relationships;
    const [left, right] = part.element.nodes;
    if (!relationship || more.length > 0 || !left || !right) {
      return null;
    }
    const unconstrained = (node: NodePattern) =>
      node.labels.length === 0 && node.properties === null;
    const ranging = (node: NodePattern) =>
      node.variable !== null && frame.ranging.has(node.variable) && unconstrained(node);
    const tested = ranging(left) ? left : ranging(right) ? right : null;
    const other = tested === left ? right : left;
    const binding = tested?.variable ? frame.lookup(tested.variable) : undefined;
    const local = (name: string | null) => name === null || frame.lookup(name) === undefined;
    if (
      !tested ||
      binding?.kind !== 'node' ||
      !unconstrained(other) ||
      !local(other.variable) ||
      !local(relationship.variable) ||
      relationship.length !== null ||
      relationship.properties !== null
    ) {
      return null;
    }
    const ends =
      relationship.direction === 'both'
        ? ['source_id', 'target_id']
        : [(relationship.direction === 'out') === (tested === left) ? 'source_id' : 'target_id'];
    const types =
      relationship.types.length > 0
        ? ` AND type IN (${relationship.types.map((t) => this.sql.bind(t)).join(', ')})`
        : '';
    const ws = this.sql.ws;
    const except = ends
      .map((end) => ` EXCEPT SELECT ${end} FROM graph_edges WHERE workspace_id = ${ws}${types}`)
      .join('');
    return `(${binding.id} IN (SELECT id FROM graph_nodes WHERE workspace_id = ${ws}${except} ORDER BY 1))`;
  }

  /**
   * EXISTS of a pattern whose only tie to the rows is a node that ranges over the whole
   * workspace (Frame.ranging), as `n.id IN (ids of the nodes the pattern holds for)`: the
   * set is computed once, from the index of the pattern's relationship type or label, and
   * SQLite can read the nodes from it instead of testing every node of the workspace with a
   * look-up. Only with a type or a label in the pattern, so that the set is a part of the
   * graph; a node tied by anything else (an id, a property, a relationship) is one of fewer
   * rows and keeps the correlated EXISTS. Null when it does not apply.
   */
  private semiJoin(
    frame: Frame,
    patterns: readonly PatternPart[],
    where: Expr | null,
  ): string | null {
    const nodes = patterns.flatMap((part) => part.element.nodes);
    const relationships = patterns.flatMap((part) => part.element.relationships);
    const names = new Set<string>();
    for (const p of [...nodes, ...relationships]) {
      if (p.variable !== null) {
        names.add(p.variable);
      }
    }
    for (const expr of [
      ...patterns.flatMap((part) => patternExpressions(part.element)),
      ...(where ? [where] : []),
    ]) {
      variablesOf(expr, names);
    }
    const outer = [...names].filter((name) => frame.lookup(name) !== undefined);
    const name = outer.length === 1 ? outer[0]! : null;
    const tested = name === null ? undefined : frame.lookup(name);
    const constrained =
      relationships.some((r) => r.types.length > 0) ||
      nodes.some((n) => n.variable !== name && n.labels.length > 0);
    // The outer node must be a node of the pattern: one named only in the WHERE (or in a
    // property map) is tested by the correlated EXISTS instead.
    const inPattern = nodes.some((n) => n.variable === name);
    if (
      name === null ||
      !inPattern ||
      !frame.ranging.has(name) ||
      tested?.kind !== 'node' ||
      !constrained
    ) {
      return null;
    }
    // Compiled on its own, the node a free variable of the pattern.
    const unbound = (node: NodePattern): NodePattern =>
      node.variable === name ? { ...node, bound: false } : node;
    const own = patterns.map((part) => ({
      ...part,
      element: { ...part.element, nodes: part.element.nodes.map(unbound) },
    }));
    const child = new Frame(this.sql);
    this.patterns.match(child, own, where);
    const id = child.lookup(name);
    if (id === undefined || id.kind !== 'node') {
      throw new Error('a semi-join without the node it tests');
    }
    return `(${tested.id} IN (SELECT ${id.id}${child.body()}))`;
  }

  /**
   * An undirected single hop from a node bound outside the subquery matches either way
   * round: `(e.source_id = n OR e.target_id = n)`, a look-up of both edge indexes per row
   * merged by rowid. Two arms, the pattern left to right and right to left (without
   * self-loops, which the undirected hop matches once), each follow one index: their
   * EXISTS are ORed, their counts added. Null when the patterns hold no such hop, or more
   * than one.
   */
  private orientedArms(
    frame: Frame,
    patterns: readonly PatternPart[],
  ): [PatternPart[], PatternPart[]] | null {
    const hops = patterns.flatMap((part) =>
      part.element.relationships
        .map((relationship, i) => ({ part, relationship, i }))
        .filter(({ relationship }) => relationship.length === null),
    );
    const undirected = hops.filter(({ relationship }) => relationship.direction === 'both');
    if (undirected.length !== 1) {
      return null;
    }
    const { part, relationship, i } = undirected[0]!;
    const ends = [part.element.nodes[i]!, part.element.nodes[i + 1]!];
    if (!ends.some((n) => n.variable !== null && frame.lookup(n.variable)?.kind === 'node')) {
      return null;
    }
    const oriented = (direction: 'out' | 'in'): PatternPart[] => {
      const copy: RelationshipPattern = { ...relationship, direction };
      if (direction === 'in') {
        this.patterns.withoutLoops.add(copy);
      }
      const relationships = part.element.relationships.map((r) => (r === relationship ? copy : r));
      return patterns.map((p) =>
        p === part ? { ...p, element: { ...p.element, relationships } } : p,
      );
    };
    return [oriented('out'), oriented('in')];
  }
}
