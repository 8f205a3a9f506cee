import type { PatternElement } from '../../../../cypher/ast';
import { nodesOfLabel, type MemoryGraph } from './memory-graph';
import { CHECK_EVERY, Unsupported, type MemoryRun, type Row, type Slot } from './memory-run';

/*
 * Matching one chain of single hops over the in-memory graph (memory-graph.ts): the
 * MATCH of an in-memory query (memory-query.ts).
 */

export type Direction = 'out' | 'in' | 'both';

export const reverse = (d: Direction): Direction =>
  d === 'out' ? 'in' : d === 'in' ? 'out' : 'both';

/** The relationship types a pattern allows, as a mask by type index; null for any type. */
export function typeMask(g: MemoryGraph, types: readonly string[]): Uint8Array | null {
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

export const ANY_LABEL = -1;
export const NO_NODE = -2;

/** The one entity type labels require (a node has one), ANY_LABEL, or NO_NODE if none can. */
export function labelOf(g: MemoryGraph, labels: readonly string[]): number {
  if (labels.length === 0) {
    return ANY_LABEL;
  }
  if (labels.length > 1) {
    return NO_NODE;
  }
  return g.labelIndex.get(labels[0]!) ?? NO_NODE;
}

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

export interface ChainSpec {
  nodes: NodeSpec[];
  hops: HopSpec[];
}

/** The hops of a chain, with a slot for each variable (repeated node names are checks). */
export function chainSpec(element: PatternElement, scope: Map<string, Slot>): ChainSpec {
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

/**
 * Every match of a chain, depth first without recursion: starting nodes in id order, then
 * each hop's relationships (outgoing, then incoming for an undirected hop) in id order, each
 * relationship at most once per match (Cypher's relationship uniqueness).
 */
export function matchChain(
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
