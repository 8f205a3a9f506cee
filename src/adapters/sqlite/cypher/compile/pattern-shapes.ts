import type { Expr, NodePattern, PatternPart, RelationshipPattern } from '../../../../cypher/ast';
import { variablesOf } from '../../../../cypher/ast-utils';

/*
 * The shapes of a MATCH's patterns that decide which node positions need a row of
 * `graph_nodes` of their own (compile-pattern.ts): a node that only a walk or a single hop
 * reaches is determined by it, and a node that ranges over the whole workspace is tested
 * by semi-joins (compile-subquery.ts).
 */

/** Key under which an anonymous, unconstrained walk end is recorded as free. */
export function anonymousKey(pattern: NodePattern): string {
  return `#${pattern.pos.offset}`;
}

/**
 * Nodes that need no row of their own: the ends of variable-length relationships with no
 * label, no property map and no single hop or standalone use anywhere in the MATCH. The
 * walk that reaches them determines them.
 */
export function freeVariables(parts: readonly PatternPart[]): Set<string> {
  const free = new Set<string>();
  const tied = new Set<string>();
  const key = (n: NodePattern) => n.variable ?? anonymousKey(n);
  for (const part of parts) {
    const { nodes, relationships } = part.element;
    nodes.forEach((node, i) => {
      const constrained = node.labels.length > 0 || node.properties !== null || node.bound === true;
      const around = [relationships[i - 1], relationships[i]].filter(
        (r): r is RelationshipPattern => r !== undefined,
      );
      const onlyWalks =
        around.length > 0 && !part.shortest && around.every((r) => r.length !== null);
      if (constrained || !onlyWalks) {
        tied.add(key(node));
      } else {
        free.add(key(node));
      }
    });
  }
  for (const name of tied) {
    free.delete(name);
  }
  return free;
}

/**
 * Node patterns with no label and no property map, anonymous or named (and not bound
 * before), whose every relationship is a single hop (not a walk, not a shortest path), at
 * every occurrence of the name: the hops determine them (see `hop`), the first one giving
 * the id that later ones are joined on; a named one gets its row only if the query reads it.
 */
export function hopOnlyEnds(parts: readonly PatternPart[]): Set<NodePattern> {
  const qualifies = new Map<NodePattern, boolean>();
  for (const part of parts) {
    const { nodes, relationships } = part.element;
    nodes.forEach((node, i) => {
      const around = [relationships[i - 1], relationships[i]].filter(
        (r): r is RelationshipPattern => r !== undefined,
      );
      qualifies.set(
        node,
        !part.shortest &&
          node.bound !== true &&
          node.labels.length === 0 &&
          node.properties === null &&
          around.length > 0 &&
          around.every((r) => r.length === null),
      );
    });
  }
  const refused = new Set<string>();
  for (const [node, ok] of qualifies) {
    if (!ok && node.variable !== null) {
      refused.add(node.variable);
    }
  }
  return new Set(
    [...qualifies]
      .filter(([node, ok]) => ok && (node.variable === null || !refused.has(node.variable)))
      .map(([node]) => node),
  );
}

/**
 * Nodes of a MATCH that range over the whole workspace: a pattern of one node with no
 * label and no property map, and no `=` or `IN` on it among the conjuncts of the WHERE.
 */
export function wholeWorkspaceNodes(parts: readonly PatternPart[], where: Expr): string[] {
  const conjuncts: Expr[] = [];
  const split = (expr: Expr): void => {
    if (expr.kind === 'binary' && expr.op === 'and') {
      split(expr.left);
      split(expr.right);
    } else {
      conjuncts.push(expr);
    }
  };
  split(where);
  const anchored = new Set(
    conjuncts
      .filter((c) => c.kind === 'binary' && (c.op === '=' || c.op === 'in'))
      .flatMap((c) => [...variablesOf(c)]),
  );
  return parts
    .filter((part) => part.element.relationships.length === 0)
    .map((part) => part.element.nodes[0]!)
    .filter(
      (node) =>
        node.variable !== null &&
        node.bound !== true &&
        node.labels.length === 0 &&
        node.properties === null &&
        !anchored.has(node.variable),
    )
    .map((node) => node.variable!);
}
