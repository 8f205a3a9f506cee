import { randomUUID } from 'node:crypto';
import type { GraphEdge, GraphNode } from '../../../src/domain/graph';
import type { CommandLogEntry } from '../../../src/ports/command-log';
import type { GraphStore, UnitOfWork } from '../../../src/ports/graph-store';

/** The store under test; set in `beforeAll`, so sections read it inside their tests. */
export interface ContractContext {
  store: GraphStore;
}

/** A fresh workspace id: tests isolate by workspace, so they also run on a shared database. */
export function newWorkspace(): string {
  return randomUUID();
}

const EPOCH = Date.UTC(2026, 0, 1);

/** ISO-8601 UTC time `seconds` after a fixed epoch; equal inputs give equal timestamps. */
export function at(seconds: number): string {
  return new Date(EPOCH + seconds * 1000).toISOString();
}

/** A node with defaults; tests override what they look at. */
export function makeNode(overrides: Partial<GraphNode> = {}): GraphNode {
  return {
    id: randomUUID(),
    entityType: 'Sensor',
    name: 'node',
    properties: {},
    version: 1,
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
}

/** An edge from `source` to `target` with defaults. */
export function makeEdge(
  source: GraphNode,
  target: GraphNode,
  overrides: Partial<GraphEdge> = {},
): GraphEdge {
  return {
    id: randomUUID(),
    type: 'CONNECTS',
    sourceId: source.id,
    targetId: target.id,
    properties: {},
    version: 1,
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
}

/** Inserts nodes then edges in one transaction, failing loudly if any insert is refused. */
export async function seed(
  store: GraphStore,
  workspaceId: string,
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[] = [],
): Promise<void> {
  await store.transaction(workspaceId, async ({ graph }) => {
    for (const node of nodes) {
      const result = await graph.insertNode(node);
      if (result.status !== 'ok') {
        throw new Error(`seed: node ${node.id} ${result.status}`);
      }
    }
    for (const edge of edges) {
      const result = await graph.insertEdge(edge);
      if (result.status !== 'ok') {
        throw new Error(`seed: edge ${edge.id} ${JSON.stringify(result)}`);
      }
    }
  });
}

class Rollback extends Error {}

/**
 * Runs `work` in a transaction and rolls it back, returning what `work` returned: lets a
 * test inspect the log through state-changing calls without changing it.
 */
export async function peek<T>(
  store: GraphStore,
  workspaceId: string,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  let value: { result: T } | undefined;
  try {
    await store.transaction(workspaceId, async (uow) => {
      value = { result: await work(uow) };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) {
      throw error;
    }
  }
  if (!value) {
    throw new Error('peek: the transaction did not run');
  }
  return value.result;
}

/** A command-log entry creating a node, as a handler would append it. */
export function makeEntry(
  workspaceId: string,
  actorId: string,
  overrides: Partial<CommandLogEntry> = {},
): CommandLogEntry {
  const node = makeNode({ properties: { serial: 'A-1', tags: ['x', 'y'] } });
  return {
    id: randomUUID(),
    workspaceId,
    actorId,
    type: 'CREATE_NODE',
    scopes: ['write:nodes'],
    state: 'applied',
    changes: [{ kind: 'node', id: node.id, before: null, after: node, currentVersion: 1 }],
    result: { node },
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
}

/**
 * The ids of the actor's applied entries, newest first, found by undoing them one by one
 * (the port has no list method) inside a transaction that is rolled back.
 */
export function appliedIds(store: GraphStore, workspaceId: string, actorId: string) {
  return peek(store, workspaceId, async ({ log }) => {
    const ids: string[] = [];
    for (
      let entry = await log.lastApplied(actorId);
      entry;
      entry = await log.lastApplied(actorId)
    ) {
      ids.push(entry.id);
      await log.update({ ...entry, state: 'undone' });
    }
    return ids;
  });
}

/** Compares strings by UTF-16 code units, as the contract's ASCII data sorts in every engine. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A copy sorted by id, for comparing results whose order the port leaves open. */
export function sortById<T extends { id: string }>(items: readonly T[]): T[] {
  return [...items].sort((x, y) => compareStrings(x.id, y.id));
}

/** `items[i]`, cycling: test data built from small pools of values. */
export function pick<T>(items: readonly T[], i: number): T {
  const item = items[i % items.length];
  if (item === undefined) {
    throw new Error('pick: empty pool');
  }
  return item;
}
