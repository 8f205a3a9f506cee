import type { GraphNode } from '../../../src/domain/graph';
import {
  at,
  makeEdge,
  makeNode,
  newWorkspace,
  seed,
  sortById,
  type ContractContext,
} from './fixtures';

/** Record-level reads and writes: versions, conflicts, duplicates, missing ends. */
export function recordCases(ctx: ContractContext): void {
  describe('nodes', () => {
    it('reads many nodes at once, in the order asked, skipping missing ids', async () => {
      const ws = newWorkspace();
      const [a, b, c] = [makeNode(), makeNode(), makeNode()];
      await seed(ctx.store, ws, [a, b, c]);
      expect(await ctx.store.getNodes(ws, [c.id, 'missing', a.id, b.id])).toEqual([c, a, b]);
      expect(await ctx.store.getNodes(ws, [])).toEqual([]);
    });

    it('stores a node exactly as given, version, timestamps and properties included', async () => {
      const ws = newWorkspace();
      const node = makeNode({
        entityType: 'Pump',
        name: 'Pump ü 1',
        version: 3,
        createdAt: '2026-02-03T04:05:06.789Z',
        updatedAt: '2026-02-04T04:05:06.001Z',
        properties: {
          serial: 'P-1',
          pressure: 1.5,
          count: -2,
          active: false,
          tags: ['a', 'b'],
          readings: [1, 2.5],
          flags: [true, false],
          empty: [],
        },
      });
      await ctx.store.transaction(ws, async ({ graph }) => {
        expect(await graph.insertNode(node)).toEqual({ status: 'ok' });
        expect(await graph.getNode(node.id)).toEqual(node);
      });
      expect(await ctx.store.getNode(ws, node.id)).toEqual(node);
    });

    it('stores property keys named like Object members (__proto__, constructor) as data', async () => {
      const ws = newWorkspace();
      // From JSON text, as the API receives them: a literal `{ __proto__: ... }` sets a prototype.
      const properties = JSON.parse('{"__proto__":"x","constructor":"c","prototype":[1]}');
      const node = makeNode({ properties });
      await seed(ctx.store, ws, [node]);
      const stored = await ctx.store.getNode(ws, node.id);
      const sorted = (map: object) => Object.entries(map).sort(([a], [b]) => (a < b ? -1 : 1));
      expect(sorted(stored?.properties ?? {})).toEqual([
        ['__proto__', 'x'],
        ['constructor', 'c'],
        ['prototype', [1]],
      ]);
    });

    it('returns null for an unknown id', async () => {
      const ws = newWorkspace();
      expect(await ctx.store.getNode(ws, 'no-such-node')).toBeNull();
      await ctx.store.transaction(ws, async ({ graph }) => {
        expect(await graph.getNode('no-such-node')).toBeNull();
      });
    });

    it('reports exists for a duplicate id and keeps the first node', async () => {
      const ws = newWorkspace();
      const node = makeNode({ name: 'first' });
      await seed(ctx.store, ws, [node]);
      const result = await ctx.store.transaction(ws, ({ graph }) =>
        graph.insertNode({ ...node, name: 'second' }),
      );
      expect(result).toEqual({ status: 'exists' });
      expect((await ctx.store.getNode(ws, node.id))?.name).toBe('first');
    });

    it('replaces a node whose version matches and returns the new record', async () => {
      const ws = newWorkspace();
      const node = makeNode({ properties: { a: 1 } });
      await seed(ctx.store, ws, [node]);
      const next: GraphNode = {
        ...node,
        name: 'renamed',
        entityType: 'Valve',
        properties: { b: 'two' },
        version: 2,
        updatedAt: at(5),
      };
      const result = await ctx.store.transaction(ws, ({ graph }) => graph.replaceNode(next, 1));
      expect(result).toEqual({ status: 'ok', record: next });
      expect(await ctx.store.getNode(ws, node.id)).toEqual(next);
    });

    it('reports conflict with the current version on a stale version, changing nothing', async () => {
      const ws = newWorkspace();
      const node = makeNode({ version: 4 });
      await seed(ctx.store, ws, [node]);
      const result = await ctx.store.transaction(ws, ({ graph }) =>
        graph.replaceNode({ ...node, name: 'late', version: 4 }, 3),
      );
      expect(result).toEqual({ status: 'conflict', currentVersion: 4 });
      expect(await ctx.store.getNode(ws, node.id)).toEqual(node);
    });

    it('reports missing when replacing an unknown node, creating nothing', async () => {
      const ws = newWorkspace();
      const node = makeNode();
      const result = await ctx.store.transaction(ws, ({ graph }) => graph.replaceNode(node, 1));
      expect(result).toEqual({ status: 'missing' });
      expect(await ctx.store.getNode(ws, node.id)).toBeNull();
    });

    it('deletes a node with or without an expected version and returns what it deleted', async () => {
      const ws = newWorkspace();
      const a = makeNode({ version: 2 });
      const b = makeNode();
      await seed(ctx.store, ws, [a, b]);
      await ctx.store.transaction(ws, async ({ graph }) => {
        expect(await graph.deleteNode(a.id, 2)).toEqual({ status: 'ok', record: a });
        expect(await graph.deleteNode(b.id)).toEqual({ status: 'ok', record: b });
        expect(await graph.getNode(a.id)).toBeNull();
      });
      expect(await ctx.store.getNode(ws, a.id)).toBeNull();
      expect(await ctx.store.getNode(ws, b.id)).toBeNull();
    });

    it('reports conflict or missing on delete, keeping the node', async () => {
      const ws = newWorkspace();
      const node = makeNode({ version: 2 });
      await seed(ctx.store, ws, [node]);
      await ctx.store.transaction(ws, async ({ graph }) => {
        expect(await graph.deleteNode(node.id, 1)).toEqual({
          status: 'conflict',
          currentVersion: 2,
        });
        expect(await graph.deleteNode('no-such-node')).toEqual({ status: 'missing' });
        expect(await graph.deleteNode('no-such-node', 1)).toEqual({ status: 'missing' });
      });
      expect(await ctx.store.getNode(ws, node.id)).toEqual(node);
    });

    it('refuses to delete a node that still has edges; deleting the edges first works', async () => {
      const ws = newWorkspace();
      const a = makeNode();
      const b = makeNode();
      const edge = makeEdge(a, b);
      await seed(ctx.store, ws, [a, b], [edge]);
      for (const id of [a.id, b.id]) {
        // Not `rejects.toThrow()`: on SQLite the error may be an instance of another jest
        // context's Error class (see system-stores.contract.ts).
        const outcome = await ctx.store
          .transaction(ws, ({ graph }) => graph.deleteNode(id))
          .then(
            () => 'resolved',
            () => 'rejected',
          );
        expect(outcome).toBe('rejected');
      }
      expect(await ctx.store.getNode(ws, a.id)).toEqual(a);
      expect(await ctx.store.getEdge(ws, edge.id)).toEqual(edge);

      await ctx.store.transaction(ws, async ({ graph }) => {
        expect((await graph.deleteEdge(edge.id)).status).toBe('ok');
        expect((await graph.deleteNode(a.id)).status).toBe('ok');
      });
      expect(await ctx.store.getNode(ws, a.id)).toBeNull();
      expect(await ctx.store.getNode(ws, b.id)).toEqual(b);
    });
  });

  describe('edges', () => {
    it('stores an edge exactly as given', async () => {
      const ws = newWorkspace();
      const a = makeNode();
      const b = makeNode();
      const edge = makeEdge(a, b, {
        type: 'FEEDS',
        version: 2,
        properties: { flow: 3.5, labels: ['x'] },
        createdAt: at(1),
        updatedAt: at(2),
      });
      await seed(ctx.store, ws, [a, b]);
      await ctx.store.transaction(ws, async ({ graph }) => {
        expect(await graph.insertEdge(edge)).toEqual({ status: 'ok' });
        expect(await graph.getEdge(edge.id)).toEqual(edge);
      });
      expect(await ctx.store.getEdge(ws, edge.id)).toEqual(edge);
      expect(await ctx.store.getEdge(ws, 'no-such-edge')).toBeNull();
    });

    it('reports exists for a duplicate id and keeps the first edge', async () => {
      const ws = newWorkspace();
      const a = makeNode();
      const b = makeNode();
      const edge = makeEdge(a, b, { type: 'FIRST' });
      await seed(ctx.store, ws, [a, b], [edge]);
      const result = await ctx.store.transaction(ws, ({ graph }) =>
        graph.insertEdge({ ...edge, type: 'SECOND', sourceId: b.id, targetId: a.id }),
      );
      expect(result).toEqual({ status: 'exists' });
      expect(await ctx.store.getEdge(ws, edge.id)).toEqual(edge);
    });

    it('reports which end is missing, the source first, and inserts nothing', async () => {
      const ws = newWorkspace();
      const present = makeNode();
      const absent = makeNode();
      await seed(ctx.store, ws, [present]);
      const noSource = makeEdge(absent, present);
      const noTarget = makeEdge(present, absent);
      const neither = makeEdge(absent, makeNode());
      await ctx.store.transaction(ws, async ({ graph }) => {
        expect(await graph.insertEdge(noSource)).toEqual({ status: 'missing_end', end: 'source' });
        expect(await graph.insertEdge(noTarget)).toEqual({ status: 'missing_end', end: 'target' });
        expect(await graph.insertEdge(neither)).toEqual({ status: 'missing_end', end: 'source' });
      });
      for (const edge of [noSource, noTarget, neither]) {
        expect(await ctx.store.getEdge(ws, edge.id)).toBeNull();
      }
    });

    it('deletes an edge by version, reporting conflict and missing', async () => {
      const ws = newWorkspace();
      const a = makeNode();
      const b = makeNode();
      const first = makeEdge(a, b, { version: 3 });
      const second = makeEdge(b, a);
      await seed(ctx.store, ws, [a, b], [first, second]);
      await ctx.store.transaction(ws, async ({ graph }) => {
        expect(await graph.deleteEdge(first.id, 2)).toEqual({
          status: 'conflict',
          currentVersion: 3,
        });
        expect(await graph.deleteEdge(first.id, 3)).toEqual({ status: 'ok', record: first });
        expect(await graph.deleteEdge(first.id)).toEqual({ status: 'missing' });
        expect(await graph.deleteEdge(second.id)).toEqual({ status: 'ok', record: second });
      });
      expect(await ctx.store.getEdge(ws, first.id)).toBeNull();
      expect(await ctx.store.getEdge(ws, second.id)).toBeNull();
      expect(await ctx.store.getNode(ws, a.id)).toEqual(a);
    });

    it('edgesOfNode returns every edge at either end, a self-loop once', async () => {
      const ws = newWorkspace();
      const [a, b, c] = [makeNode(), makeNode(), makeNode()];
      const out = makeEdge(a, b);
      const into = makeEdge(c, a, { type: 'OTHER' });
      const loop = makeEdge(a, a);
      const unrelated = makeEdge(b, c);
      await seed(ctx.store, ws, [a, b, c], [out, into, loop, unrelated]);
      await ctx.store.transaction(ws, async ({ graph }) => {
        const edges = await graph.edgesOfNode(a.id);
        expect(sortById(edges)).toEqual(sortById([out, into, loop]));
        expect(await graph.edgesOfNode(makeNode().id)).toEqual([]);
      });
    });
  });

  describe('visibility', () => {
    it('a transaction reads its own writes; store reads see them only once committed', async () => {
      const ws = newWorkspace();
      const a = makeNode();
      const b = makeNode();
      const edge = makeEdge(a, b);
      await ctx.store.transaction(ws, async ({ graph }) => {
        await graph.insertNode(a);
        await graph.insertNode(b);
        await graph.insertEdge(edge);
        expect(await graph.getNode(a.id)).toEqual(a);
        expect(await graph.getEdge(edge.id)).toEqual(edge);
        expect(await graph.edgesOfNode(a.id)).toEqual([edge]);
        expect(await ctx.store.getNode(ws, a.id)).toBeNull();
        expect(await ctx.store.getEdge(ws, edge.id)).toBeNull();
      });
      expect(await ctx.store.getNode(ws, a.id)).toEqual(a);
      expect(await ctx.store.getEdge(ws, edge.id)).toEqual(edge);
    });

    it('a transaction returns what its callback returned', async () => {
      const ws = newWorkspace();
      await expect(ctx.store.transaction(ws, () => Promise.resolve({ n: 42 }))).resolves.toEqual({
        n: 42,
      });
    });
  });
}
