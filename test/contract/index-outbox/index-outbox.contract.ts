import type { GraphStore } from '../../../src/ports/graph-store';
import type { IndexOutbox, OutboxEntry } from '../../../src/ports/index-outbox';
import { makeEdge, makeNode, newWorkspace, seed } from '../graph-store/fixtures';

interface Subject {
  graph: GraphStore;
  outbox: IndexOutbox;
}

/**
 * The behaviour every IndexOutbox adapter must show, with the graph store of the same
 * engine (its writer fills the outbox in the transaction of each node change). Runs on a
 * shared server too: every test works in its own workspaces, and `peek` results are
 * narrowed to them.
 */
export function indexOutboxContract(
  name: string,
  factory: () => Promise<Subject & { cleanup: () => Promise<void> }>,
): void {
  describe(`IndexOutbox contract: ${name}`, () => {
    const s = {} as Subject;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const created = await factory();
      s.graph = created.graph;
      s.outbox = created.outbox;
      cleanup = created.cleanup;
    });
    afterAll(async () => {
      await cleanup?.();
    });

    /** This workspace's entries among the oldest ones (the whole outbox in a test run). */
    const entriesOf = async (workspaceId: string): Promise<OutboxEntry[]> =>
      (await s.outbox.peek(10_000)).filter((e) => e.workspaceId === workspaceId);
    const drain = async (workspaceId: string) => s.outbox.complete(await entriesOf(workspaceId));

    it('a node insert enqueues the node in its transaction', async () => {
      const ws = newWorkspace();
      const node = makeNode();
      await seed(s.graph, ws, [node]);
      const [entry, ...rest] = await entriesOf(ws);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({ workspaceId: ws, nodeId: node.id });
      expect(Number.isSafeInteger(entry?.seq)).toBe(true);
      expect(Number.isNaN(Date.parse(entry?.enqueuedAt ?? ''))).toBe(false);
      expect(await s.outbox.pending(ws)).toBe(1);
    });

    it('a newer change replaces the entry with a larger seq; complete skips a stale one', async () => {
      const ws = newWorkspace();
      const node = makeNode();
      await seed(s.graph, ws, [node]);
      const [first] = await entriesOf(ws);
      await s.graph.transaction(ws, async ({ graph }) => {
        await graph.replaceNode({ ...node, name: 'renamed', version: 2 }, 1);
      });
      const [second, ...rest] = await entriesOf(ws);
      expect(rest).toEqual([]);
      expect(second?.seq).toBeGreaterThan(first?.seq ?? Infinity);
      await s.outbox.complete(first ? [first] : []);
      expect(await s.outbox.pending(ws)).toBe(1);
      await s.outbox.complete(second ? [second] : []);
      expect(await s.outbox.pending(ws)).toBe(0);
      expect(await entriesOf(ws)).toEqual([]);
    });

    it('a node delete enqueues the node; edge changes do not enqueue', async () => {
      const ws = newWorkspace();
      const [a, b] = [makeNode(), makeNode()];
      await seed(s.graph, ws, [a, b]);
      await drain(ws);
      const edge = makeEdge(a, b);
      await seed(s.graph, ws, [], [edge]);
      expect(await s.outbox.pending(ws)).toBe(0);
      await s.graph.transaction(ws, async ({ graph }) => {
        await graph.deleteEdge(edge.id);
        await graph.deleteNode(b.id);
      });
      expect((await entriesOf(ws)).map((e) => e.nodeId)).toEqual([b.id]);
    });

    it('a rolled-back transaction enqueues nothing', async () => {
      const ws = newWorkspace();
      await expect(
        s.graph.transaction(ws, async ({ graph }) => {
          await graph.insertNode(makeNode());
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await s.outbox.pending(ws)).toBe(0);
      expect(await entriesOf(ws)).toEqual([]);
    });

    it('peek returns the oldest entries first, at most the limit, and removes nothing', async () => {
      const ws = newWorkspace();
      const nodes = [makeNode(), makeNode(), makeNode()];
      for (const node of nodes) {
        await seed(s.graph, ws, [node]);
      }
      const entries = await entriesOf(ws);
      expect(entries.map((e) => e.nodeId)).toEqual(nodes.map((n) => n.id));
      const seqs = entries.map((e) => e.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect((await s.outbox.peek(2)).length).toBeLessThanOrEqual(2);
      expect(await s.outbox.pending(ws)).toBe(3);
    });

    it('a bulk insert enqueues each created node with its own seq, in order, none twice', async () => {
      const ws = newWorkspace();
      const [existing, ...nodes] = Array.from({ length: 40 }, () => makeNode());
      await seed(s.graph, ws, [existing!]);
      await drain(ws);
      await s.graph.transaction(ws, ({ graph }) => graph.insertNodes([...nodes, existing!]));
      const entries = await entriesOf(ws);
      expect(entries.map((e) => e.nodeId)).toEqual(nodes.map((n) => n.id));
      // Distinct seqs: paging by seq (peek after the last one seen) reaches every entry.
      const seqs = entries.map((e) => e.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
      const tenth = (await s.outbox.peek(10_000, seqs[9])).filter((e) => e.workspaceId === ws);
      expect(tenth.map((e) => e.nodeId)).toEqual(nodes.slice(10).map((n) => n.id));
    });

    it('peek after a seq returns only newer entries, oldest first', async () => {
      const ws = newWorkspace();
      const nodes = [makeNode(), makeNode(), makeNode()];
      for (const node of nodes) {
        await seed(s.graph, ws, [node]);
      }
      const [first, second, third] = await entriesOf(ws);
      const newer = (await s.outbox.peek(10_000, first?.seq)).filter((e) => e.workspaceId === ws);
      expect(newer.map((e) => e.nodeId)).toEqual([second?.nodeId, third?.nodeId]);
      const last = (await s.outbox.peek(10_000, third?.seq)).filter((e) => e.workspaceId === ws);
      expect(last).toEqual([]);
      // A change of the first node moves its entry past the cursor.
      await s.graph.transaction(ws, async ({ graph }) => {
        await graph.replaceNode({ ...nodes[0]!, name: 'renamed', version: 2 }, 1);
      });
      const moved = (await s.outbox.peek(10_000, third?.seq)).filter((e) => e.workspaceId === ws);
      expect(moved.map((e) => e.nodeId)).toEqual([nodes[0]!.id]);
    });

    it('pendingAll counts the entries of every workspace', async () => {
      const [ws, other] = [newWorkspace(), newWorkspace()];
      const before = await s.outbox.pendingAll();
      await seed(s.graph, ws, [makeNode(), makeNode()]);
      await seed(s.graph, other, [makeNode()]);
      expect(await s.outbox.pendingAll()).toBe(before + 3);
      await drain(ws);
      expect(await s.outbox.pendingAll()).toBe(before + 1);
    });

    it('enqueueWorkspace enqueues every node of that workspace only', async () => {
      const ws = newWorkspace();
      const other = newWorkspace();
      const nodes = [makeNode(), makeNode(), makeNode()];
      await seed(s.graph, ws, nodes);
      await seed(s.graph, other, [makeNode()]);
      await drain(ws);
      await drain(other);
      expect(await s.outbox.enqueueWorkspace(ws)).toBe(3);
      expect(await s.outbox.pending(ws)).toBe(3);
      expect(await s.outbox.pending(other)).toBe(0);
      expect((await entriesOf(ws)).map((e) => e.nodeId).sort()).toEqual(
        nodes.map((n) => n.id).sort(),
      );
      expect(await s.outbox.enqueueWorkspace(newWorkspace())).toBe(0);
    });

    it('pending stays the number of entries through rollbacks, re-enqueues and deletes', async () => {
      const ws = newWorkspace();
      const [a, b, c] = [makeNode(), makeNode(), makeNode()];
      await seed(s.graph, ws, [a, b]);
      const exact = async () => {
        expect(await s.outbox.pending(ws)).toBe((await entriesOf(ws)).length);
      };
      // A transaction that fails takes its entries (and their count) back with it.
      await expect(
        s.graph.transaction(ws, async ({ graph }) => {
          await graph.insertNode(c);
          await graph.replaceNode({ ...a, name: 'renamed', version: 2 }, 1);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await s.outbox.pending(ws)).toBe(2);
      await exact();
      // Pending nodes changed again, and enqueued again, are still one entry each.
      await s.graph.transaction(ws, async ({ graph }) => {
        await graph.replaceNode({ ...a, name: 'renamed', version: 2 }, 1);
        await graph.insertNode(c);
      });
      expect(await s.outbox.enqueueWorkspace(ws)).toBe(3);
      expect(await s.outbox.pending(ws)).toBe(3);
      await exact();
      await drain(ws);
      expect(await s.outbox.pending(ws)).toBe(0);
      // A delete enqueues the node (its vector must go), completed like any other entry.
      await s.graph.transaction(ws, async ({ graph }) => {
        await graph.deleteNode(b.id);
      });
      expect(await s.outbox.pending(ws)).toBe(1);
      await exact();
    });

    it('keeps workspaces apart: the same node id in two workspaces is two entries', async () => {
      const [ws1, ws2] = [newWorkspace(), newWorkspace()];
      const node = makeNode();
      await seed(s.graph, ws1, [node]);
      await seed(s.graph, ws2, [node]);
      const [one] = await entriesOf(ws1);
      expect(await s.outbox.pending(ws2)).toBe(1);
      await s.outbox.complete(one ? [one] : []);
      expect(await s.outbox.pending(ws1)).toBe(0);
      expect(await s.outbox.pending(ws2)).toBe(1);
    });
  });
}
