import type * as ast from '../../../cypher/ast';
import { quoteIdentifier } from '../identifiers';
import type { EmitContext, Scope } from './emit-context';
import type { ExpressionEmitter, PatternText } from './emit-expression';

/** A MATCH's pattern list, its conditions (to AND into the WHERE) and the scope after it. */
export interface EmittedPattern {
  text: string;
  conditions: string[];
  scope: Map<string, string>;
}

const NODE_FIELDS = new Set(['id', 'name', 'entityType', 'version', 'createdAt', 'updatedAt']);
const RELATIONSHIP_FIELDS = new Set(['id', 'version', 'createdAt', 'updatedAt']);

/**
 * Emits patterns bound to the request's workspace by construction (docs/neo4j.md, "The
 * Cypher endpoint"):
 *
 * - every node pattern is `(v:Entity {workspaceId: $workspaceId})`, whether it introduces
 *   the variable or meets one bound before; entity types become `v.entityType = $p`
 *   conditions, so `:Entity` is the only label the text ever holds;
 * - every relationship pattern carries `{workspaceId: $workspaceId}` (for a variable-length
 *   one Neo4j requires it of every relationship on the way); shortestPath(), which takes
 *   no property map, gets the same condition on `relationships(path)`;
 * - a path of variable length also requires every node on it to be an entity of the
 *   workspace, so not even a relationship written by hand past the service can lead out;
 * - relationship types are written as identifiers (Cypher cannot take them as parameters),
 *   only through `quoteIdentifier`, which admits the API's type names and no `_` names.
 */
export class PatternEmitter implements PatternText {
  constructor(
    private readonly ctx: EmitContext,
    private readonly exprs: ExpressionEmitter,
  ) {}

  parts(parts: readonly ast.PatternPart[], scope: Scope): EmittedPattern {
    const after = new Map(scope);
    const texts: string[] = [];
    const conditions: string[] = [];
    for (const part of parts) {
      const nodes = part.element.nodes.map((node) => this.nodeName(node, after));
      const relationships = part.element.relationships.map((r) =>
        this.relationshipName(r, after, part.shortest !== null && r.length === null),
      );
      const walks =
        part.shortest !== null || part.element.relationships.some((r) => r.length !== null);
      const path =
        part.pathVariable !== null ? this.ctx.variable() : walks ? this.ctx.variable() : null;
      if (part.pathVariable !== null && path !== null) {
        after.set(part.pathVariable, path);
      }
      part.element.nodes.forEach((node, i) =>
        conditions.push(...this.nodeConditions(node, nodes[i]!, after)),
      );
      part.element.relationships.forEach((r, i) =>
        conditions.push(
          ...this.relationshipConditions(r, relationships[i]!, after, part.shortest !== null),
        ),
      );
      if (part.shortest !== null) {
        texts.push(...this.shortest(part, nodes, relationships, path!, conditions));
        continue;
      }
      const chain = [this.node(nodes[0]!)];
      part.element.relationships.forEach((r, i) => {
        chain.push(this.relationship(r, relationships[i]!, true), this.node(nodes[i + 1]!));
      });
      texts.push(`${path !== null ? `${path} = ` : ''}${chain.join('')}`);
      if (walks) {
        conditions.push(this.nodesOfWorkspace(path!));
      }
    }
    return { text: texts.join(', '), conditions, scope: after };
  }

  subquery(
    patterns: readonly ast.PatternPart[],
    where: ast.Expr | null,
    scope: Scope,
    mode: 'exists' | 'count',
  ): string {
    const { text, conditions, scope: inner } = this.parts(patterns, scope);
    if (where) {
      conditions.push(this.exprs.boolean(where, inner));
    }
    const filter = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
    return `${mode === 'exists' ? 'EXISTS' : 'COUNT'} { MATCH ${text}${filter} }`;
  }

  predicate(element: ast.PatternElement, scope: Scope): string {
    const part: ast.PatternPart = {
      element,
      pathVariable: null,
      shortest: null,
      pos: element.nodes[0]!.pos,
    };
    return this.subquery([part], null, scope, 'exists');
  }

  /**
   * `a, b, p = shortestPath((a)-[...]-(b))`: the ends are declared (bound to the workspace)
   * beside the path, whose pattern takes no property map. A path from a node to itself is
   * left out unless the range starts at 0, as Neo4j's shortest path search refuses one.
   */
  private shortest(
    part: ast.PatternPart,
    nodes: readonly string[],
    relationships: readonly string[],
    path: string,
    conditions: string[],
  ): string[] {
    const relationship = part.element.relationships[0]!;
    const [from, to] = [nodes[0]!, nodes[1]!];
    const fn = part.shortest === 'all' ? 'allShortestPaths' : 'shortestPath';
    conditions.push(
      `all(x IN relationships(${path}) WHERE x.workspaceId = ${this.ctx.ws})`,
      this.nodesOfWorkspace(path),
    );
    if ((relationship.length?.min ?? 1) > 0) {
      conditions.push(`${from} <> ${to}`);
    }
    const hop = this.relationship(relationship, relationships[0]!, false);
    return [this.node(from), this.node(to), `${path} = ${fn}((${from})${hop}(${to}))`];
  }

  private nodesOfWorkspace(path: string): string {
    return `all(x IN nodes(${path}) WHERE x:Entity AND x.workspaceId = ${this.ctx.ws})`;
  }

  private node(name: string): string {
    return `(${name}:Entity {workspaceId: ${this.ctx.ws}})`;
  }

  private relationship(r: ast.RelationshipPattern, name: string, inline: boolean): string {
    const types = r.types.length > 0 ? `:${r.types.map(quoteIdentifier).join('|')}` : '';
    // A shortest path always takes a range (Neo4j deprecates a fixed length there).
    const range = r.length ?? (inline ? null : { min: 1, max: 1 });
    // Only a shortest path may be unbounded (`*`, `*1..`): the analyzer caps the others.
    const length = range ? `*${range.min}..${range.max ?? ''}` : '';
    const body = `[${name}${types}${length}${inline ? ` {workspaceId: ${this.ctx.ws}}` : ''}]`;
    switch (r.direction) {
      case 'out':
        return `-${body}->`;
      case 'in':
        return `<-${body}-`;
      case 'both':
        return `-${body}-`;
    }
  }

  /** The variable of a node pattern: the one bound before or in this pattern, else a new one. */
  private nodeName(node: ast.NodePattern, scope: Map<string, string>): string {
    if (node.variable === null) {
      return this.ctx.variable();
    }
    const known = scope.get(node.variable);
    if (known !== undefined) {
      return known;
    }
    const name = this.ctx.variable();
    scope.set(node.variable, name);
    return name;
  }

  /**
   * A new variable for a relationship pattern. In a shortest path of one hop it is a list
   * for Neo4j (one relationship long) but one relationship for the analyst: `head()` of it.
   */
  private relationshipName(
    r: ast.RelationshipPattern,
    scope: Map<string, string>,
    single: boolean,
  ): string {
    const name = this.ctx.variable();
    if (r.variable !== null) {
      scope.set(r.variable, single ? `head(${name})` : name);
    }
    return name;
  }

  private nodeConditions(node: ast.NodePattern, name: string, scope: Scope): string[] {
    return [
      ...this.exprs.entityTypeTests(name, node.labels),
      ...this.properties(node.properties as ast.MapLiteral | null, name, NODE_FIELDS, scope),
    ];
  }

  private relationshipConditions(
    r: ast.RelationshipPattern,
    name: string,
    scope: Scope,
    shortest: boolean,
  ): string[] {
    const map = r.properties as ast.MapLiteral | null;
    if (r.length === null && !shortest) {
      return this.properties(map, name, RELATIONSHIP_FIELDS, scope);
    }
    // Every relationship of a variable-length one must match the map, as in Cypher.
    const each = this.properties(map, 'x', RELATIONSHIP_FIELDS, scope);
    return each.length > 0 ? [`all(x IN ${name} WHERE ${each.join(' AND ')})`] : [];
  }

  private properties(
    map: ast.MapLiteral | null,
    name: string,
    own: ReadonlySet<string>,
    scope: Scope,
  ): string[] {
    return (map?.entries ?? []).map((entry) => {
      const field = own.has(entry.key)
        ? `${name}.${entry.key}`
        : this.exprs.userProperty(name, entry.key);
      return `${field} = ${this.exprs.emit(entry.value, scope)}`;
    });
  }
}
