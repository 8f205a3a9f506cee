import {
  appliedIds,
  makeEdge,
  makeEntry,
  makeNode,
  newWorkspace,
  seed,
  type ContractContext,
} from './fixtures';

const PAGE = { limit: 100, offset: 0 };

/** A record of workspace B is missing for workspace A, in every read, write and log call. */
export function isolationCases(ctx: ContractContext): void {
  async function twoWorkspaces() {
    const wsA = newWorkspace();
    const wsB = newWorkspace();
    const a = makeNode({ name: 'shared', entityType: 'Thing' });
    const b1 = makeNode({ name: 'shared', entityType: 'Thing' });
    const b2 = makeNode({ name: 'shared', entityType: 'Thing' });
    const edgeB = makeEdge(b1, b2, { type: 'LINKS' });
    await seed(ctx.store, wsA, [a]);
    await seed(ctx.store, wsB, [b1, b2], [edgeB]);
    return { wsA, wsB, a, b1, b2, edgeB };
  }

  it('store reads of workspace A never return records of workspace B', async () => {
    const { wsA, a, b1, b2, edgeB } = await twoWorkspaces();
    const { store } = ctx;
    expect(await store.getNode(wsA, b1.id)).toBeNull();
    expect(await store.getNodes(wsA, [b1.id, a.id, b2.id])).toEqual([a]);
    expect(await store.getEdge(wsA, edgeB.id)).toBeNull();
    expect(await store.listNodes(wsA, {}, [], PAGE)).toEqual({ items: [a], total: 1 });
    expect(await store.listNodes(wsA, { name: 'shared', entityType: 'Thing' }, [], PAGE)).toEqual({
      items: [a],
      total: 1,
    });
    expect(await store.listEdges(wsA, {}, [], PAGE)).toEqual({ items: [], total: 0 });
    for (const filter of [{ nodeId: b1.id }, { sourceId: b1.id }, { type: 'LINKS' }]) {
      expect(await store.listEdges(wsA, filter, [], PAGE)).toEqual({ items: [], total: 0 });
    }
    const options = { depth: 3, direction: 'both' as const, types: [], maxNodes: 500 };
    expect(await store.neighborhood(wsA, b1.id, options)).toBeNull();
    expect(await store.neighborhood(wsA, a.id, options)).toEqual({
      nodes: [a],
      edges: [],
      truncated: false,
    });
  });

  it('writes in workspace A treat records of workspace B as missing and leave them', async () => {
    const { wsA, wsB, a, b1, b2, edgeB } = await twoWorkspaces();
    await ctx.store.transaction(wsA, async ({ graph }) => {
      expect(await graph.getNode(b1.id)).toBeNull();
      expect(await graph.getEdge(edgeB.id)).toBeNull();
      expect(await graph.edgesOfNode(b1.id)).toEqual([]);
      expect(await graph.replaceNode({ ...b1, name: 'hijacked', version: 2 }, 1)).toEqual({
        status: 'missing',
      });
      expect(await graph.deleteEdge(edgeB.id)).toEqual({ status: 'missing' });
      expect(await graph.deleteEdge(edgeB.id, 1)).toEqual({ status: 'missing' });
      expect(await graph.deleteNode(b2.id)).toEqual({ status: 'missing' });
      expect(await graph.deleteNode(b2.id, 1)).toEqual({ status: 'missing' });
      expect(await graph.insertEdge(makeEdge(a, b1))).toEqual({
        status: 'missing_end',
        end: 'target',
      });
      expect(await graph.insertEdge(makeEdge(b1, a))).toEqual({
        status: 'missing_end',
        end: 'source',
      });
    });
    expect(await ctx.store.getNode(wsB, b1.id)).toEqual(b1);
    expect(await ctx.store.getNode(wsB, b2.id)).toEqual(b2);
    expect(await ctx.store.getEdge(wsB, edgeB.id)).toEqual(edgeB);
    expect((await ctx.store.listEdges(wsB, {}, [], PAGE)).total).toBe(1);
  });

  it('the same node and edge ids can exist in two workspaces independently', async () => {
    const wsA = newWorkspace();
    const wsB = newWorkspace();
    const inA = [makeNode({ name: 'a-source' }), makeNode({ name: 'a-target' })] as const;
    const inB = [
      { ...inA[0], name: 'b-source', entityType: 'Other' },
      { ...inA[1], name: 'b-target' },
    ] as const;
    const edgeA = makeEdge(inA[0], inA[1], { type: 'A_TYPE' });
    const edgeB = { ...edgeA, type: 'B_TYPE' };
    await seed(ctx.store, wsA, inA, [edgeA]);
    await seed(ctx.store, wsB, inB, [edgeB]);
    expect(await ctx.store.getNode(wsA, inA[0].id)).toEqual(inA[0]);
    expect(await ctx.store.getNode(wsB, inA[0].id)).toEqual(inB[0]);
    expect(await ctx.store.getEdge(wsB, edgeA.id)).toEqual(edgeB);

    await ctx.store.transaction(wsA, async ({ graph }) => {
      const renamed = { ...inA[1], name: 'renamed', version: 2 };
      expect((await graph.replaceNode(renamed, 1)).status).toBe('ok');
      expect((await graph.deleteEdge(edgeA.id)).status).toBe('ok');
      expect((await graph.deleteNode(inA[0].id)).status).toBe('ok');
    });
    expect(await ctx.store.getNode(wsA, inA[0].id)).toBeNull();
    expect(await ctx.store.getNode(wsB, inB[0].id)).toEqual(inB[0]);
    expect(await ctx.store.getNode(wsB, inB[1].id)).toEqual(inB[1]);
    expect(await ctx.store.getEdge(wsB, edgeB.id)).toEqual(edgeB);
  });

  it('the command log and idempotency records of workspace B are invisible to A', async () => {
    const wsA = newWorkspace();
    const wsB = newWorkspace();
    const actor = 'actor-1';
    const applied = makeEntry(wsB, actor);
    const undone = makeEntry(wsB, actor, { state: 'undone' });
    const record = {
      actorId: actor,
      key: 'key-1',
      requestHash: 'hash',
      status: 201,
      response: { ok: true },
      createdAt: '2020-01-01T00:00:00.000Z',
    };
    await ctx.store.transaction(wsB, async ({ log }) => {
      await log.append(applied);
      await log.append(undone);
      await log.saveIdempotency(record);
    });

    await ctx.store.transaction(wsA, async ({ log }) => {
      expect(await log.lastApplied(actor)).toBeNull();
      expect(await log.lastUndone(actor)).toBeNull();
      expect(await log.getIdempotency(actor, record.key)).toBeNull();
      await log.discardUndone(actor);
      await log.trim(actor, 0);
      expect(await log.purgeIdempotency('2030-01-01T00:00:00.000Z')).toBe(0);
    });
    // Whether updating an unknown entry throws is the adapter's choice; it must not reach B.
    await ctx.store
      .transaction(wsA, ({ log }) => log.update({ ...applied, workspaceId: wsA, state: 'undone' }))
      .catch(() => undefined);

    await ctx.store.transaction(wsB, async ({ log }) => {
      expect(await log.lastApplied(actor)).toEqual(applied);
      expect(await log.lastUndone(actor)).toEqual(undone);
      expect(await log.getIdempotency(actor, record.key)).toEqual(record);
    });
    expect(await appliedIds(ctx.store, wsA, actor)).toEqual([]);
  });
}
