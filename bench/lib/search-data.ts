import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../src/adapters/sqlite/graph-store';
import type { GraphEdge, GraphNode } from '../../src/domain/graph';
import { seededRandom } from '../../test/support/seeded-random';

/**
 * The search benchmark's data: an industrial and business ontology with varied texts (so
 * the vectors spread like real ones), a few edges per node (so hybrid search has
 * neighbours), and thousands of distinct queries (varied, as real searches are).
 * Everything is derived from a seeded generator: two runs build the same data.
 */

export { seededRandom };

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;

const ENTITY_TYPES = [
  'Pump',
  'Valve',
  'Sensor',
  'Motor',
  'Tank',
  'Compressor',
  'Boiler',
  'Conveyor',
  'Invoice',
  'Customer',
  'Supplier',
  'Contract',
  'Ticket',
  'Employee',
  'Room',
  'Vehicle',
  'Order',
  'Product',
  'Meeting',
  'Report',
  'Generator',
  'Filter',
  'Camera',
  'Alarm',
  'Project',
];
const ADJECTIVES = [
  'main',
  'backup',
  'north',
  'south',
  'old',
  'new',
  'high-pressure',
  'spare',
  'portable',
  'automatic',
  'manual',
  'large',
  'small',
  'urgent',
  'quarterly',
  'annual',
  'temporary',
  'electric',
  'hydraulic',
  'digital',
  'outdoor',
  'indoor',
  'primary',
  'secondary',
];
const VERBS = [
  'moves',
  'stores',
  'measures',
  'heats',
  'cools',
  'records',
  'bills',
  'schedules',
  'filters',
  'monitors',
  'protects',
  'transports',
  'mixes',
  'dries',
  'cleans',
  'lifts',
  'packs',
  'sorts',
  'tracks',
  'approves',
  'reports',
  'inspects',
  'repairs',
  'supplies',
  'delivers',
  'plans',
];
const OBJECTS = [
  'cooling water',
  'diesel fuel',
  'steam',
  'compressed air',
  'monthly payments',
  'spare parts',
  'customer orders',
  'raw materials',
  'waste water',
  'frozen goods',
  'electric power',
  'temperature readings',
  'safety incidents',
  'shipping labels',
  'invoices from vendors',
  'pallets of bottles',
  'chemical dosing',
  'visitor badges',
  'network traffic',
  'grain',
  'metal sheets',
  'cardboard boxes',
  'lubricating oil',
  'drinking water',
  'exhaust gases',
];
const PLACES = [
  'the boiler house',
  'warehouse 3',
  'the head office',
  'line 2',
  'the harbour',
  'the lab',
  'the loading dock',
  'the cold store',
  'building B',
  'the north plant',
  'the canteen',
  'the server room',
  'the paint shop',
  'the parking lot',
  'the packaging hall',
  'site 7',
];
const CONCERNS = [
  'needs inspection every month',
  'was replaced last year',
  'is shared by two teams',
  'runs around the clock',
  'is under warranty',
  'reports to the control room',
  'is critical for production',
  'has a known leak',
  'is due for renewal',
  'was audited',
];
const QUERY_STARTS = [
  'something that',
  'a machine that',
  'equipment which',
  'the thing that',
  'which asset',
  'show me what',
  'anything that',
  'find the unit that',
  'who',
  'what',
];
const QUERY_VERBS = [
  'pushes',
  'keeps',
  'checks',
  'warms',
  'chills',
  'logs',
  'charges for',
  'organises',
  'purifies',
  'watches',
  'guards',
  'carries',
  'blends',
  'dehydrates',
  'washes',
  'raises',
  'wraps',
  'ranks',
  'follows',
  'signs off',
  'summarises',
  'examines',
  'fixes',
  'provides',
  'brings',
  'prepares',
];
const QUERY_OBJECTS = [
  'liquid for cooling',
  'fuel for engines',
  'hot vapour',
  'pressurised air',
  'payments',
  'replacement components',
  'purchases by clients',
  'inputs for production',
  'dirty water',
  'chilled food',
  'electricity',
  'heat measurements',
  'accidents',
  'parcel tags',
  'supplier bills',
  'bottles on pallets',
  'chemicals',
  'guest passes',
  'data traffic',
  'cereal',
  'steel plates',
  'packaging',
  'oil',
  'tap water',
  'fumes',
];
const QUERY_PLACES = [
  'near the furnace',
  'in the storage hall',
  'at headquarters',
  'on the production line',
  'by the sea',
  'in the laboratory',
  'at the dock',
  'in the freezer',
  'in the second building',
  'at the northern factory',
  'in the dining room',
  'in the data centre',
  '',
  '',
  '',
];

/** The benchmark's node number `i` (id random, text seeded by `i`). */
export function benchNode(i: number, at: string): GraphNode {
  const random = seededRandom(i * 7919 + 17);
  const type = ENTITY_TYPES[i % ENTITY_TYPES.length]!;
  return {
    id: randomUUID(),
    entityType: type,
    name: `${pick(random, ADJECTIVES)} ${type.toLowerCase()} ${i}`,
    properties: {
      description: `${pick(random, VERBS)} ${pick(random, OBJECTS)} in ${pick(random, PLACES)}`,
      notes: `${pick(random, ADJECTIVES)} unit that ${pick(random, CONCERNS)}`,
      serial: i,
    },
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
}

/** `count` distinct search queries, paraphrasing the node texts with other words. */
export function benchQueries(count: number, seed = 4242): string[] {
  const random = seededRandom(seed);
  const queries = new Set<string>();
  for (let attempts = 0; queries.size < count && attempts < count * 20; attempts += 1) {
    const place = pick(random, QUERY_PLACES);
    queries.add(
      `${pick(random, QUERY_STARTS)} ${pick(random, QUERY_VERBS)} ${pick(random, QUERY_OBJECTS)}${
        place ? ` ${place}` : ''
      }`,
    );
  }
  return [...queries];
}

/**
 * Seeds `count` nodes into `workspaceId` through the service's own adapter (the outbox
 * triggers enqueue each), in transactions of `chunk`, plus two edges per node (FEEDS to the
 * next node, PART_OF to a seeded other one). Returns the node ids and the milliseconds taken.
 */
export async function seedGraph(
  dbFile: string,
  workspaceId: string,
  count: number,
  options: { first?: number; chunk?: number } = {},
): Promise<{ ids: string[]; ms: number }> {
  const first = options.first ?? 0;
  const chunk = options.chunk ?? 2000;
  const db = openDatabase({ filename: dbFile });
  const store = new SqliteGraphStore(db);
  const start = performance.now();
  const ids: string[] = [];
  const base = Date.UTC(2025, 0, 1);
  try {
    for (let from = 0; from < count; from += chunk) {
      const to = Math.min(from + chunk, count);
      await store.transaction(workspaceId, async (uow) => {
        for (let i = from; i < to; i += 1) {
          const node = benchNode(first + i, new Date(base + i * 1000).toISOString());
          const result = await uow.graph.insertNode(node);
          if (result.status !== 'ok') {
            throw new Error(`seeding node ${i}: ${result.status}`);
          }
          ids.push(node.id);
        }
      });
    }
    const random = seededRandom(99);
    const at = new Date(base).toISOString();
    for (let from = 0; from < count; from += chunk) {
      const to = Math.min(from + chunk, count);
      await store.transaction(workspaceId, async (uow) => {
        for (let i = from; i < to; i += 1) {
          const edges: GraphEdge[] = [
            edge('FEEDS', ids[i]!, ids[(i + 1) % count]!, at),
            edge('PART_OF', ids[i]!, ids[Math.floor(random() * count)]!, at),
          ];
          for (const e of edges) {
            if (e.sourceId !== e.targetId) {
              await uow.graph.insertEdge(e);
            }
          }
        }
      });
    }
  } finally {
    db.close();
  }
  return { ids, ms: performance.now() - start };
}

function edge(type: string, sourceId: string, targetId: string, at: string): GraphEdge {
  return {
    id: randomUUID(),
    type,
    sourceId,
    targetId,
    properties: {},
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
}
