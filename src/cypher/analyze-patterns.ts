import type { NodePattern, PatternElement, PatternPart, RelationshipPattern } from './ast';
import {
  checkName,
  checkPropertyKey,
  type ExpressionTyper,
  type PatternScoper,
} from './analyze-expression';
import {
  CypherLimitError,
  CypherSemanticError,
  CypherUnsupportedError,
  type Position,
} from './errors';
import { listOf, NODE, PATH, RELATIONSHIP, describeType, type CyType } from './types';

/** Limits on patterns (docs/cypher.md, "Limits"). */
export interface PatternLimits {
  /**
   * Most hops of a variable-length relationship (its upper bound). Shortest paths are
   * exempt: a breadth-first search costs what it visits, which the engines bound instead.
   */
  maxHops: number;
  /** Most node patterns in one MATCH (all its comma-separated parts together). */
  maxPatternNodes: number;
  /** Most relationship patterns in one MATCH. */
  maxPatternRelationships: number;
}

/** The label every entity carries; in a pattern it means "any entity". */
export const ENTITY_LABEL = 'Entity';

/**
 * Checks labels (entity types), relationship types, property maps, variables and sizes of
 * patterns, and says which variables a pattern binds. Labels starting with `_` name the
 * service's own records and are refused: whatever the engine, a pattern only ever reaches
 * the entities and relationships of the request's workspace.
 */
export class PatternChecker implements PatternScoper {
  constructor(
    private readonly typer: ExpressionTyper,
    private readonly limits: PatternLimits,
  ) {}

  /** A MATCH (or subquery) pattern list: returns the scope after it. */
  parts(parts: PatternPart[], scope: ReadonlyMap<string, CyType>): Map<string, CyType> {
    this.checkSize(parts);
    const after = new Map(scope);
    for (const part of parts) {
      if (part.pathVariable !== null) {
        this.declare(after, scope, part.pathVariable, PATH, part.pos);
      }
      if (part.shortest) {
        this.checkShortest(part);
      }
      this.element(part.element, scope, after, part.shortest !== null);
    }
    return after;
  }

  predicate(element: PatternElement, scope: ReadonlyMap<string, CyType>): void {
    this.checkSize([{ element, pathVariable: null, shortest: null, pos: element.nodes[0]!.pos }]);
    const after = new Map(scope);
    this.element(element, scope, after, false);
    for (const p of [...element.nodes, ...element.relationships]) {
      if (p.variable !== null && !scope.has(p.variable)) {
        throw new CypherSemanticError(
          `A pattern predicate cannot introduce the variable ${p.variable}; use EXISTS { } for that`,
          p.pos,
        );
      }
    }
  }

  subquery(patterns: PatternPart[], scope: ReadonlyMap<string, CyType>): Map<string, CyType> {
    const shortest = patterns.find((p) => p.shortest);
    if (shortest) {
      throw new CypherUnsupportedError(
        'shortest path in subquery',
        'shortestPath() and allShortestPaths() are supported in MATCH only',
        shortest.pos,
      );
    }
    return this.parts(patterns, scope);
  }

  private checkSize(parts: PatternPart[]): void {
    const nodes = parts.reduce((n, p) => n + p.element.nodes.length, 0);
    const relationships = parts.reduce((n, p) => n + p.element.relationships.length, 0);
    const first = parts[0]?.pos;
    if (nodes > this.limits.maxPatternNodes) {
      throw new CypherLimitError(
        'patternNodes',
        this.limits.maxPatternNodes,
        `A pattern may hold at most ${this.limits.maxPatternNodes} nodes; this one has ${nodes}`,
        first,
      );
    }
    if (relationships > this.limits.maxPatternRelationships) {
      throw new CypherLimitError(
        'patternRelationships',
        this.limits.maxPatternRelationships,
        `A pattern may hold at most ${this.limits.maxPatternRelationships} relationships; this one has ${relationships}`,
        first,
      );
    }
  }

  private checkShortest(part: PatternPart): void {
    const relationship = part.element.relationships[0];
    if (part.element.relationships.length !== 1 || !relationship) {
      throw new CypherSemanticError(
        'shortestPath() and allShortestPaths() take a pattern of one relationship',
        part.pos,
      );
    }
    const min = relationship.length?.min ?? 1;
    if (min > 1) {
      throw new CypherSemanticError(
        'A shortest path starts at 0 or 1 hops (*..5 or *0..5)',
        relationship.pos,
      );
    }
  }

  private element(
    element: PatternElement,
    before: ReadonlyMap<string, CyType>,
    after: Map<string, CyType>,
    shortest: boolean,
  ): void {
    for (const node of element.nodes) {
      this.node(node, before, after);
    }
    for (const relationship of element.relationships) {
      this.relationship(relationship, before, after, shortest);
    }
  }

  private node(
    node: NodePattern,
    before: ReadonlyMap<string, CyType>,
    after: Map<string, CyType>,
  ): void {
    node.labels = node.labels.filter((label) => {
      checkName(label, node.pos, 'label');
      return label !== ENTITY_LABEL;
    });
    this.properties(node, before);
    if (node.variable === null) {
      return;
    }
    const known = after.get(node.variable);
    if (known && known.kind !== 'node') {
      throw new CypherSemanticError(
        `${node.variable} is a ${describeType(known)}, not a node`,
        node.pos,
      );
    }
    node.bound = before.has(node.variable);
    after.set(node.variable, NODE);
  }

  /**
   * `shortest`: the relationship of a shortestPath() or allShortestPaths(), which may go
   * beyond the hop cap or be unbounded.
   */
  private relationship(
    relationship: RelationshipPattern,
    before: ReadonlyMap<string, CyType>,
    after: Map<string, CyType>,
    shortest: boolean,
  ): void {
    for (const type of relationship.types) {
      checkName(type, relationship.pos, 'relationship type');
    }
    this.properties(relationship, before);
    const length = relationship.length;
    if (length && !shortest) {
      if (length.max === null) {
        throw new CypherLimitError(
          'hops',
          this.limits.maxHops,
          `A variable-length relationship needs an upper bound of at most ${this.limits.maxHops} hops (write *..${this.limits.maxHops})`,
          relationship.pos,
        );
      }
      if (length.max > this.limits.maxHops) {
        throw new CypherLimitError(
          'hops',
          this.limits.maxHops,
          `A variable-length relationship may span at most ${this.limits.maxHops} hops, not ${length.max}`,
          relationship.pos,
        );
      }
    }
    if (length && length.max !== null && length.min > length.max) {
      throw new CypherSemanticError(
        `The range *${length.min}..${length.max} is empty`,
        relationship.pos,
      );
    }
    if (relationship.variable !== null) {
      this.declare(
        after,
        before,
        relationship.variable,
        length ? listOf(RELATIONSHIP) : RELATIONSHIP,
        relationship.pos,
      );
      relationship.bound = false;
    }
  }

  /** A new variable: an error if it is already bound (in this clause or before). */
  private declare(
    after: Map<string, CyType>,
    before: ReadonlyMap<string, CyType>,
    name: string,
    type: CyType,
    pos: Position,
  ): void {
    if (after.has(name) || before.has(name)) {
      throw new CypherSemanticError(
        `${name} is already defined; relationship and path variables cannot be reused`,
        pos,
      );
    }
    after.set(name, type);
  }

  private properties(
    pattern: NodePattern | RelationshipPattern,
    before: ReadonlyMap<string, CyType>,
  ): void {
    const map = pattern.properties;
    if (map === null) {
      return;
    }
    if (map.kind === 'param') {
      throw new CypherUnsupportedError(
        'parameter map',
        'A pattern takes a map literal ({id: $id}), not a parameter map',
        map.pos,
      );
    }
    for (const entry of map.entries) {
      checkPropertyKey(entry.key, entry.pos);
      this.typer.type(entry.value, { scope: before, aggregates: false });
    }
  }
}
