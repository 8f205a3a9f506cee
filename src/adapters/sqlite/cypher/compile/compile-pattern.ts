import type * as ast from '../../../../cypher/ast';
import { ANY, PATH, listOf, RELATIONSHIP } from '../../../../cypher/types';
import type { ExpressionCompiler } from './compile-expression';
import { comparison } from './compile-operators';
import { Frame } from './frame';
import { EDGE_FIELD_COLUMNS, NODE_FIELD_COLUMNS, type Compiled } from './representation';
import { anonymousKey, freeVariables, hopOnlyEnds, wholeWorkspaceNodes } from './pattern-shapes';
import type { SqlBuilder } from './sql-builder';
import { shortestPaths, variableLength, type Walk, type WalkEnd } from './compile-walks';

/** Where a node of the pattern is: its id once known (a table, a variable, a walk's end). */
interface Slot extends WalkEnd {
  pattern: ast.NodePattern;
}

/** A relationship occurrence, for Cypher's rule that one MATCH never uses a relationship twice. */
type Occurrence = { kind: 'one'; id: string } | { kind: 'many'; rels: string };

interface Segment {
  relationship: ast.RelationshipPattern;
  left: Slot;
  right: Slot;
  shortest: 'shortest' | 'all' | null;
  walk?: Walk;
}

/**
 * Compiles MATCH patterns into a frame: a `graph_nodes` row per constrained node, a
 * `graph_edges` row per single hop (an undirected hop is one edge row matching either
 * way, so a self-loop matches once), a recursive walk per variable-length relationship
 * (compile-walks.ts), every table bound to the workspace.
 */
export class PatternCompiler {
  /** The edge row of each single hop compiled (paths read their ids). */
  private readonly hopIds = new Map<ast.RelationshipPattern, string>();
  /** Hops that match no self-loop (compile-subquery.ts, `orientedArms`). */
  readonly withoutLoops = new Set<ast.RelationshipPattern>();

  constructor(
    private readonly sql: SqlBuilder,
    private readonly exprs: ExpressionCompiler,
  ) {}

  /** Adds the patterns of a MATCH (and its WHERE) to `frame`. */
  match(frame: Frame, parts: readonly ast.PatternPart[], where: ast.Expr | null): void {
    const free = freeVariables(parts);
    const slots = new Map<string, Slot>();
    const occurrences: Occurrence[] = [];
    const segments: Segment[] = [];
    const hopEnds = hopOnlyEnds(parts);
    const ends = new Map<string, Slot>();
    const hopEnd = (pattern: ast.NodePattern): Slot => {
      const slot = (pattern.variable === null ? undefined : ends.get(pattern.variable)) ?? {
        pattern,
        id: null,
        home: null,
      };
      if (pattern.variable !== null) {
        ends.set(pattern.variable, slot);
      }
      return slot;
    };
    const chains = parts.map((part) => {
      const nodeSlots = part.element.nodes.map((pattern) =>
        hopEnds.has(pattern) ? hopEnd(pattern) : this.node(frame, pattern, free, slots),
      );
      part.element.relationships.forEach((relationship, i) => {
        const left = nodeSlots[i]!;
        const right = nodeSlots[i + 1]!;
        if (relationship.length === null && !part.shortest) {
          // A lone `()-[r]-()`: nothing can read its ends, so one edge row can stand for
          // both orientations (Frame.bothWays).
          const unread =
            part.element.relationships.length === 1 &&
            part.pathVariable === null &&
            part.element.nodes.every((n) => n.variable === null && hopEnds.has(n));
          occurrences.push({
            kind: 'one',
            id: this.hop(frame, relationship, left, right, unread),
          });
        } else {
          segments.push({ relationship, left, right, shortest: part.shortest });
        }
      });
      return { part, nodeSlots };
    });
    this.walks(frame, segments, occurrences);
    for (const { part, nodeSlots } of chains) {
      if (part.pathVariable) {
        frame.bindValue(part.pathVariable, this.path(part.element, nodeSlots, segments), PATH);
      }
    }
    this.unique(frame, occurrences);
    if (where) {
      if (frame.parent === null) {
        for (const name of wholeWorkspaceNodes(parts, where)) {
          frame.ranging.add(name);
        }
      }
      frame.where.push(this.exprs.boolean(where, frame));
      frame.ranging.clear();
    }
  }

  private node(
    frame: Frame,
    pattern: ast.NodePattern,
    free: ReadonlySet<string>,
    slots: Map<string, Slot>,
  ): Slot {
    const name = pattern.variable;
    const existing = name === null ? undefined : slots.get(name);
    if (existing) {
      this.constrain(frame, pattern, existing.id, name);
      return existing;
    }
    const bound = name === null ? undefined : frame.lookup(name);
    if (bound && bound.kind === 'node') {
      const slot = {
        pattern,
        id: bound.id,
        home: bound.frame.parent === null ? bound.frame : null,
      };
      this.constrain(frame, pattern, bound.id, name);
      slots.set(name!, slot);
      return slot;
    }
    if (name !== null && free.has(name)) {
      const slot = { pattern, id: null, home: null };
      slots.set(name, slot);
      return slot;
    }
    if (name === null && free.has(anonymousKey(pattern))) {
      return { pattern, id: null, home: null };
    }
    const alias = this.sql.alias('n');
    frame.from.push(`graph_nodes ${alias}`);
    frame.where.push(`${alias}.workspace_id = ${this.sql.ws}`);
    const slot = { pattern, id: `${alias}.id`, home: rootOf(frame) };
    if (name !== null) {
      frame.bindEntity(name, 'node', slot.id, alias);
      slots.set(name, slot);
    }
    this.constrain(frame, pattern, slot.id, name, alias);
    return slot;
  }

  /** Label and property conditions of a node pattern on the node with `id`. */
  private constrain(
    frame: Frame,
    pattern: ast.NodePattern,
    id: string | null,
    name: string | null,
    alias?: string,
  ): void {
    if (pattern.labels.length === 0 && pattern.properties === null) {
      return;
    }
    const row = (): string => {
      if (alias) {
        return alias;
      }
      const binding = name === null ? undefined : frame.lookup(name);
      if (!binding || binding.kind === 'value') {
        throw new Error('a constrained node without a row');
      }
      return frame.rowAlias(binding);
    };
    if (id === null) {
      throw new Error('a constrained node without an id');
    }
    for (const label of pattern.labels) {
      frame.where.push(`${row()}.entity_type = ${this.sql.bind(label)}`);
    }
    this.propertyConditions(frame, pattern.properties as ast.MapLiteral | null, row, id);
  }

  private propertyConditions(
    frame: Frame,
    map: ast.MapLiteral | null,
    row: () => string,
    id: string,
    own = NODE_FIELD_COLUMNS,
  ): void {
    for (const entry of map?.entries ?? []) {
      const value = this.exprs.compile(entry.value, frame);
      const column = Object.hasOwn(own, entry.key) ? own[entry.key] : undefined;
      const field: Compiled =
        column === 'id'
          ? { sql: id, type: { kind: 'string' } }
          : column !== undefined
            ? { sql: `${row()}.${column}`, type: ownType(entry.key) }
            : this.propertyOf(`${row()}.properties`, entry.key);
      frame.where.push(comparison('=', field, value));
    }
  }

  private propertyOf(column: string, key: string): Compiled {
    const path = this.exprs.keyPath(key);
    return { sql: `(${column} -> ${path})`, type: ANY, property: { column, path } };
  }

  /**
   * One edge row between two slots; returns its id expression. An anonymous node with no
   * condition (hopOnlyEnds) has no row of its own: the edge's end column is its id, the
   * edge's foreign key guaranteeing that the node exists, so `()-[r]->()` reads edges only
   * and `(n)--()` is an index look-up from n. An undirected hop between two such ends
   * matches every edge in both orientations; when no end is ever read (`unread`), one edge
   * row stands for both (Frame.bothWays).
   */
  private hop(
    frame: Frame,
    relationship: ast.RelationshipPattern,
    left: Slot,
    right: Slot,
    unread = false,
  ): string {
    const e = this.sql.alias('e');
    frame.from.push(`graph_edges ${e}`);
    frame.where.push(`${e}.workspace_id = ${this.sql.ws}`);
    frame.where.push(this.edgeConditions(frame, relationship, e));
    if (this.withoutLoops.has(relationship)) {
      frame.where.push(`${e}.source_id <> ${e}.target_id`);
    }
    const direction = relationship.direction;
    if (left === right && left.id === null) {
      // `(a)-[r]->(a)`: the node whose self-loops are matched.
      this.nodeRow(frame, left);
    } else if (left.id === null && right.id === null && direction === 'both') {
      if (unread) {
        frame.bothWays.push(e);
      } else {
        // Both orientations of every edge, from the left end's row: a condition on that
        // end (`WHERE a.id = $id`) is then a look-up of the node and of its edges.
        this.nodeRow(frame, left);
      }
    }
    const [from, to] = direction === 'in' ? ['target_id', 'source_id'] : ['source_id', 'target_id'];
    if (left.id === null || right.id === null) {
      const [known, unknown] = left.id === null ? [right, left] : [left, right];
      if (known.id === null) {
        left.id = `${e}.${from}`;
        right.id = `${e}.${to}`;
      } else if (direction === 'both') {
        frame.where.push(`(${e}.source_id = ${known.id} OR ${e}.target_id = ${known.id})`);
        unknown.id = `(CASE WHEN ${e}.source_id = ${known.id} THEN ${e}.target_id ELSE ${e}.source_id END)`;
      } else {
        const [knownColumn, unknownColumn] = known === left ? [from, to] : [to, from];
        frame.where.push(`${e}.${knownColumn} = ${known.id}`);
        unknown.id = `${e}.${unknownColumn}`;
      }
      left.home ??= rootOf(frame);
      right.home ??= rootOf(frame);
      for (const slot of [left, right]) {
        const name = slot.pattern.variable;
        if (name !== null && !frame.vars.has(name)) {
          frame.bindEntity(name, 'node', slot.id!, null, true);
        }
      }
    } else {
      const l = left.id;
      const r = right.id;
      const out = `${e}.source_id = ${l} AND ${e}.target_id = ${r}`;
      const back = `${e}.source_id = ${r} AND ${e}.target_id = ${l}`;
      frame.where.push(
        direction === 'out' ? out : direction === 'in' ? back : `((${out}) OR (${back}))`,
      );
    }
    if (relationship.variable) {
      frame.bindEntity(relationship.variable, 'relationship', `${e}.id`, e);
    }
    this.hopIds.set(relationship, `${e}.id`);
    return `${e}.id`;
  }

  /** Gives a slot without an id a `graph_nodes` row of the workspace. */
  private nodeRow(frame: Frame, slot: Slot): void {
    const alias = this.sql.alias('n');
    frame.from.push(`graph_nodes ${alias}`);
    frame.where.push(`${alias}.workspace_id = ${this.sql.ws}`);
    slot.id = `${alias}.id`;
    slot.home = rootOf(frame);
    if (slot.pattern.variable !== null) {
      frame.bindEntity(slot.pattern.variable, 'node', slot.id, alias);
    }
  }

  /** Type and property conditions on the edge row `e` (also used inside walks). */
  edgeConditions(frame: Frame, relationship: ast.RelationshipPattern, e: string): string {
    const conditions: string[] = ['1'];
    if (relationship.types.length > 0) {
      conditions.push(
        `${e}.type IN (${relationship.types.map((t) => this.sql.bind(t)).join(', ')})`,
      );
    }
    const props = relationship.properties as ast.MapLiteral | null;
    if (props) {
      const sub = new Frame(this.sql, frame);
      this.propertyConditions(sub, props, () => e, `${e}.id`, EDGE_FIELD_COLUMNS);
      conditions.push(...sub.where);
    }
    return conditions.join(' AND ');
  }

  /** Variable-length relationships and shortest paths, each seeded from an end already known. */
  private walks(frame: Frame, segments: Segment[], occurrences: Occurrence[]): void {
    const pending = segments.filter((s) => !s.shortest);
    while (pending.length > 0) {
      const index = Math.max(
        0,
        pending.findIndex((s) => s.left.id !== null || s.right.id !== null),
      );
      const [segment] = pending.splice(index, 1);
      const walk = variableLength(
        this.sql,
        segment!.relationship,
        segment!.left,
        segment!.right,
        (e) => this.edgeConditions(frame, segment!.relationship, e),
      );
      this.join(frame, segment!, walk, occurrences);
    }
    for (const segment of segments.filter((s) => s.shortest)) {
      for (const slot of [segment.left, segment.right]) {
        if (slot.id === null) {
          this.nodeRow(frame, slot);
        }
      }
      const walk = shortestPaths(
        this.sql,
        frame,
        segment.relationship,
        segment.left.id!,
        segment.right.id!,
        segment.shortest!,
        (e) => this.edgeConditions(frame, segment.relationship, e),
      );
      this.join(frame, segment, walk, occurrences);
    }
  }

  /** Joins a walk's rows to the frame and binds what it determines. */
  private join(frame: Frame, segment: Segment, walk: Walk, occurrences: Occurrence[]): void {
    segment.walk = walk;
    const v = walk.alias;
    frame.from.push(`${walk.table} ${v}`);
    for (const [slot, column] of [
      [segment.left, 'lo'],
      [segment.right, 'hi'],
    ] as const) {
      if (slot.id === null) {
        slot.id = `${v}.${column}`;
        slot.home = rootOf(frame);
        if (slot.pattern.variable) {
          frame.bindEntity(slot.pattern.variable, 'node', slot.id, null);
        }
      } else {
        frame.where.push(`${v}.${column} = ${slot.id}`);
      }
    }
    frame.where.push(`${v}.hops >= ${this.sql.bind(segment.relationship.length?.min ?? 1)}`);
    if (segment.relationship.variable) {
      frame.bindValue(
        segment.relationship.variable,
        `json('[' || rtrim(${v}.rels, ',') || ']')`,
        listOf(RELATIONSHIP),
      );
    }
    occurrences.push({ kind: 'many', rels: `${v}.rels` });
  }

  /** A named path: `[[node ids], [relationship ids]]`. */
  private path(element: ast.PatternElement, slots: Slot[], segments: Segment[]): string {
    const nodes: string[] = [`json_quote(${slots[0]!.id}) || ','`];
    const rels: string[] = ["''"];
    element.relationships.forEach((relationship, i) => {
      const segment = segments.find((s) => s.relationship === relationship);
      const right = slots[i + 1]!.id!;
      if (segment?.walk) {
        const v = segment.walk.alias;
        nodes.push(
          `${v}.mid`,
          `(CASE WHEN ${v}.hops = 0 THEN '' ELSE json_quote(${right}) || ',' END)`,
        );
        rels.push(`${v}.rels`);
      } else {
        nodes.push(`json_quote(${right}) || ','`);
        const id = this.hopIds.get(relationship);
        if (!id) {
          throw new Error('a path over a hop without an edge row');
        }
        rels.push(`json_quote(${id}) || ','`);
      }
    });
    const list = (parts: string[]) => `json('[' || rtrim(${parts.join(' || ')}, ',') || ']')`;
    return `json_array(${list(nodes)}, ${list(rels)})`;
  }

  private unique(frame: Frame, occurrences: readonly Occurrence[]): void {
    for (let i = 0; i < occurrences.length; i += 1) {
      for (let j = i + 1; j < occurrences.length; j += 1) {
        const a = occurrences[i]!;
        const b = occurrences[j]!;
        if (a.kind === 'one' && b.kind === 'one') {
          frame.where.push(`${a.id} <> ${b.id}`);
        } else if (a.kind === 'one' || b.kind === 'one') {
          const [one, many] =
            a.kind === 'one'
              ? [a, b as Extract<Occurrence, { kind: 'many' }>]
              : [b as Extract<Occurrence, { kind: 'one' }>, a];
          frame.where.push(`instr(${many.rels}, json_quote(${one.id})) = 0`);
        } else {
          frame.where.push(
            `NOT EXISTS (SELECT 1 FROM json_each('[' || rtrim(${a.rels}, ',') || ']') x WHERE instr(${b.rels}, json_quote(x.value)) > 0)`,
          );
        }
      }
    }
  }
}

/** The frame itself when it can be read on its own (not correlated with an enclosing row). */
function rootOf(frame: Frame): Frame | null {
  return frame.parent === null ? frame : null;
}

function ownType(key: string) {
  return key === 'version'
    ? ({ kind: 'integer' } as const)
    : key === 'createdAt' || key === 'updatedAt'
      ? ({ kind: 'datetime' } as const)
      : ({ kind: 'string' } as const);
}
