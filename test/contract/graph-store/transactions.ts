import {
  makeEdge,
  makeEntry,
  makeNode,
  newWorkspace,
  seed,
  type ContractContext,
} from './fixtures';

class Boom extends Error {}

/** Atomicity and the serialisation of conditional writes. */
export function transactionCases(ctx: ContractContext): void {
  it('a transaction that throws leaves nothing written, command log included', async () => {
    const ws = newWorkspace();
    const kept = makeNode({ name: 'kept' });
    await seed(ctx.store, ws, [kept]);
    const added = makeNode();
    const edge = makeEdge(kept, added);
    const boom = new Boom('boom');
    await expect(
      ctx.store.transaction(ws, async ({ graph, log }) => {
        expect((await graph.insertNode(added)).status).toBe('ok');
        expect((await graph.insertEdge(edge)).status).toBe('ok');
        expect((await graph.replaceNode({ ...kept, name: 'changed', version: 2 }, 1)).status).toBe(
          'ok',
        );
        await log.append(makeEntry(ws, 'actor'));
        await log.saveIdempotency({
          actorId: 'actor',
          key: 'k',
          requestHash: 'h',
          status: 201,
          response: {},
          createdAt: '2026-01-01T00:00:00.000Z',
        });
        throw boom;
      }),
    ).rejects.toBe(boom);

    expect(await ctx.store.getNode(ws, added.id)).toBeNull();
    expect(await ctx.store.getEdge(ws, edge.id)).toBeNull();
    expect(await ctx.store.getNode(ws, kept.id)).toEqual(kept);
    await ctx.store.transaction(ws, async ({ log }) => {
      expect(await log.lastApplied('actor')).toBeNull();
      expect(await log.getIdempotency('actor', 'k')).toBeNull();
    });
  });

  it('a store stays usable after a rolled-back transaction', async () => {
    const ws = newWorkspace();
    await expect(ctx.store.transaction(ws, () => Promise.reject(new Boom('x')))).rejects.toThrow(
      Boom,
    );
    const node = makeNode();
    await seed(ctx.store, ws, [node]);
    expect(await ctx.store.getNode(ws, node.id)).toEqual(node);
  });

  it('of N concurrent replaces with the same expected version exactly one succeeds', async () => {
    const ws = newWorkspace();
    const node = makeNode();
    await seed(ctx.store, ws, [node]);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        // Every writer read version 1 before any of them wrote, as concurrent requests do.
        ctx.store.transaction(ws, ({ graph }) =>
          graph.replaceNode({ ...node, name: `writer-${i}`, version: 2 }, 1),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'ok');
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 'ok')) {
      expect(r).toEqual({ status: 'conflict', currentVersion: 2 });
    }
    const stored = await ctx.store.getNode(ws, node.id);
    expect(stored?.version).toBe(2);
    expect(ok[0]?.status === 'ok' && ok[0].record.name).toBe(stored?.name);
  });

  it('of N concurrent inserts with the same id exactly one succeeds', async () => {
    const ws = newWorkspace();
    // Several rounds: the writers race past each other's look-up only now and then.
    for (let round = 0; round < 8; round += 1) {
      const node = makeNode();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          ctx.store.transaction(ws, ({ graph }) => graph.insertNode({ ...node, name: `n${i}` })),
        ),
      );
      expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'exists')).toHaveLength(5);
      expect((await ctx.store.getNode(ws, node.id))?.name).toMatch(/^n[0-5]$/);
    }
  });

  it('of N concurrent edge inserts with the same id exactly one succeeds', async () => {
    const ws = newWorkspace();
    const [a, b] = [makeNode(), makeNode()];
    await seed(ctx.store, ws, [a, b]);
    for (let round = 0; round < 8; round += 1) {
      const edge = makeEdge(a, b);
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          ctx.store.transaction(ws, ({ graph }) => graph.insertEdge(edge)),
        ),
      );
      expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'exists')).toHaveLength(5);
    }
  });

  it('concurrent transactions of different workspaces all commit', async () => {
    const workspaces = Array.from({ length: 5 }, () => newWorkspace());
    const node = makeNode();
    await Promise.all(workspaces.map((ws) => seed(ctx.store, ws, [node])));
    for (const ws of workspaces) {
      expect(await ctx.store.getNode(ws, node.id)).toEqual(node);
    }
  });
}
