import type { Expr, FunctionCall, Subquery } from '../../../../cypher/ast';
import { ANY_LABEL, labelOf, NO_NODE, reverse, typeMask, type Direction } from './match-chain';
import { labelRanks, nameRanks, typeRanks, type MemoryGraph } from './memory-graph';
import { Unsupported, type Eval, type MemoryRun, type Rank, type Scope } from './memory-run';

/**
 * The values of an in-memory query (memory-query.ts) compiled to functions of a row, and
 * the sort ranks some of them have in the graph's indexes. Anything outside the subset
 * throws Unsupported.
 */
export class MemoryExpressions {
  constructor(private readonly parameters: Readonly<Record<string, unknown>>) {}

  /** A rank that orders rows as `expr` does, read from the graph's indexes, if there is one. */
  rank(expr: Expr, scope: Scope): Rank | null {
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

  expr(expr: Expr, scope: Scope): Eval {
    switch (expr.kind) {
      case 'literal': {
        const { value } = expr;
        return () => value;
      }
      case 'param': {
        const value = this.parameters[expr.name];
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
