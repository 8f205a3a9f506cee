import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../../../src/ports/graph-store';
import { neo4jTarget, purge, recordWorkspaces } from '../../support/neo4j';
import { graphStoreContract } from './graph-store.contract';
import { makeEdge, makeNode, seed } from './fixtures';
import { skipEngine } from '../skips';

const target = neo4jTarget();

if (!target.available) {
  skipEngine('GraphStore', 'neo4j', target.reason);
} else {
  graphStoreContract('neo4j', () => {
    const stores = target.open();
    const touched = new Set<string>();
    return Promise.resolve({
      store: recordWorkspaces(stores.graph, touched),
      cleanup: async () => {
        await purge(stores.graph, touched);
        await stores.close();
      },
    });
  });

  describe('Neo4jGraphStore specifics', () => {
    const stores = target.open();
    const touched = new Set<string>();
    const store = recordWorkspaces(stores.graph, touched);
    afterAll(async () => {
      await purge(stores.graph, touched);
      await stores.close();
    });

    /** Reads what an analyst would see in Neo4j (test-only Cypher, not an adapter statement). */
    async function inspect(workspaceId: string, id: string) {
      return stores.client.read(async (tx) => {
        const result = await tx.run(
          `MATCH (n:Entity {workspaceId: $workspaceId, id: $id})
           RETURN labels(n) AS labels, n.count AS count, n.ratio AS ratio,
             n.createdAt AS createdAt, n.tags AS tags`,
          { workspaceId, id },
        );
        return result.records[0]?.toObject();
      });
    }

    it('stores entities as (:Entity:<Type>) with native properties and DATETIME stamps', async () => {
      const ws = randomUUID();
      const node = makeNode({
        entityType: 'Pump',
        properties: { count: 3, ratio: 0.5, tags: ['a'] },
      });
      await seed(store, ws, [node]);
      const seen = await inspect(ws, node.id);
      expect([...(seen?.labels as string[])].sort()).toEqual(['Entity', 'Pump']);
      expect(String(seen?.count)).toBe('3');
      expect(seen?.ratio).toBe(0.5);
      expect(seen?.tags).toEqual(['a']);
      expect(String(seen?.createdAt)).toMatch(/^2026-01-01T00:00(:00)?(\.0+)?Z$/);
    });

    it('moves the type label when the entity type changes', async () => {
      const ws = randomUUID();
      const node = makeNode({ entityType: 'Pump' });
      await seed(store, ws, [node]);
      await store.transaction(ws, ({ graph }) =>
        graph.replaceNode({ ...node, entityType: 'Valve', version: 2 }, 1),
      );
      expect([...((await inspect(ws, node.id))?.labels as string[])].sort()).toEqual([
        'Entity',
        'Valve',
      ]);
    });

    it('keeps edges as typed relationships between the two entities', async () => {
      const ws = randomUUID();
      const [a, b] = [makeNode(), makeNode()];
      const edge = makeEdge(a, b, { type: 'FEEDS', properties: { flow: 2 } });
      await seed(store, ws, [a, b], [edge]);
      const seen = await stores.client.read(async (tx) => {
        const result = await tx.run(
          `MATCH (:Entity {workspaceId: $ws, id: $a})-[r:FEEDS]->(:Entity {workspaceId: $ws, id: $b})
           RETURN r.id AS id, r.flow AS flow`,
          { ws, a: a.id, b: b.id },
        );
        return result.records.map((r) => r.toObject());
      });
      expect(seen.map((r) => [r.id, String(r.flow)])).toEqual([[edge.id, '2']]);
    });

    it('refuses a unit of work used after its transaction ended', async () => {
      const ws = randomUUID();
      let leaked: UnitOfWork | undefined;
      await store.transaction(ws, (uow) => {
        leaked = uow;
        return Promise.resolve();
      });
      await expect(leaked?.graph.insertNode(makeNode())).rejects.toThrow(/finished/);
      await expect(leaked?.log.lastApplied('actor')).rejects.toThrow(/finished/);
    });
  });
}
