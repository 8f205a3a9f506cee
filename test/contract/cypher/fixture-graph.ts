import type { GraphEdge, GraphNode, Properties } from '../../../src/domain/graph';

import type { GraphStore } from '../../../src/ports/graph-store';

/**
 * The fixture graph of the Cypher corpus: a small plant (pumps feed valves, valves and
 * tanks flow into tanks, sensors monitor equipment, equipment is located at a site), with a
 * self-loop, an isolated node, list and numeric properties, and timestamps spread over
 * January 2026. Queries are analysed with `CORPUS_NOW` as the current time.
 */
export const CORPUS_NOW = Date.parse('2026-02-01T00:00:00.000Z');

const node = (
  id: string,
  entityType: string,
  name: string,
  properties: Properties,
  createdDay: number,
  updatedDay = createdDay,
): GraphNode => ({
  id,
  entityType,
  name,
  properties,
  version: updatedDay === createdDay ? 1 : 2,
  createdAt: `2026-01-${String(createdDay).padStart(2, '0')}T08:00:00.000Z`,
  updatedAt: `2026-01-${String(updatedDay).padStart(2, '0')}T08:00:00.000Z`,
});

const edge = (
  id: string,
  type: string,
  sourceId: string,
  targetId: string,
  properties: Properties = {},
): GraphEdge => ({
  id,
  type,
  sourceId,
  targetId,
  properties,
  version: 1,
  createdAt: '2026-01-12T09:30:00.000Z',
  updatedAt: '2026-01-12T09:30:00.000Z',
});

export const FIXTURE_NODES: readonly GraphNode[] = [
  node('p1', 'Pump', 'Pump 1', { rpm: 1450, status: 'on', tags: ['critical', 'north'] }, 2, 30),
  node('p2', 'Pump', 'Pump 2', { rpm: 900, status: 'off', tags: ['north'] }, 2),
  node('p3', 'Pump', 'Pump 3', { rpm: 1200, status: 'on' }, 3),
  node('v1', 'Valve', 'Valve 1', { status: 'open', diameter: 50 }, 3, 28),
  node('v2', 'Valve', 'Valve 2', { status: 'closed', diameter: 80, code: '080' }, 4),
  node('t1', 'Tank', 'Tank 1', { capacity: 500, level: 0.75 }, 4),
  node('t2', 'Tank', 'Tank 2', { capacity: 1200, level: 0.2 }, 5),
  node('s1', 'Sensor', 'Sensor 1', { unit: 'bar' }, 5),
  node(
    's2',
    'Sensor',
    'Sensor 2',
    { unit: 'C', active: true, limits: [0, 100], offsets: [0.5, -1.5] },
    6,
    29,
  ),
  node('spare', 'Sensor', 'Spare sensor', {}, 6),
  // A node may have a property named like a relationship's own field.
  node('site', 'Site', 'North site', { region: 'north', type: 'plant' }, 1),
];

export const FIXTURE_EDGES: readonly GraphEdge[] = [
  edge('e01', 'FEEDS', 'p1', 'v1', { flow: 3.5 }),
  edge('e02', 'FEEDS', 'p2', 'v1', { flow: 1.25 }),
  edge('e03', 'FEEDS', 'p3', 'v2'),
  edge('e04', 'FLOWS_TO', 'v1', 't1'),
  edge('e05', 'FLOWS_TO', 'v2', 't2'),
  edge('e06', 'FLOWS_TO', 't1', 't2', { overflow: true }),
  edge('e07', 'MONITORS', 's1', 'p1'),
  edge('e08', 'MONITORS', 's2', 't1'),
  edge('e09', 'LOCATED_AT', 'p1', 'site'),
  edge('e10', 'LOCATED_AT', 'p2', 'site'),
  edge('e11', 'LOCATED_AT', 't1', 'site'),
  edge('e12', 'RECIRCULATES', 't2', 't2'),
];

/**
 * What another workspace holds: the same ids with other contents, so that a query that
 * leaked across workspaces would answer differently.
 */
export const DECOY_NODES: readonly GraphNode[] = [
  node('p1', 'Pump', 'Intruder pump', { rpm: 99999, status: 'on' }, 1),
  node('x1', 'Pump', 'Foreign pump', { rpm: 1, status: 'on' }, 1),
  node('spare', 'Sensor', 'Foreign spare', {}, 1),
];
export const DECOY_EDGES: readonly GraphEdge[] = [edge('e01', 'FEEDS', 'x1', 'p1', { flow: 9 })];

/** Writes a graph into a workspace through the store's port. */
export async function loadGraph(
  store: GraphStore,
  workspaceId: string,
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
): Promise<void> {
  await store.transaction(workspaceId, async ({ graph }) => {
    for (const n of nodes) {
      await graph.insertNode(n);
    }
    for (const e of edges) {
      await graph.insertEdge(e);
    }
  });
}

/** The fixture node with `id`, as a result row shows it. */
export function fixtureNode(id: string): GraphNode {
  const found = FIXTURE_NODES.find((n) => n.id === id);
  if (!found) {
    throw new Error(`no fixture node ${id}`);
  }
  return found;
}

/** The fixture relationship with `id`, as a result row shows it. */
export function fixtureEdge(id: string): GraphEdge {
  const found = FIXTURE_EDGES.find((e) => e.id === id);
  if (!found) {
    throw new Error(`no fixture edge ${id}`);
  }
  return found;
}
