import type { CommandLogEntry, IdempotencyRecord } from '../../../src/ports/command-log';
import type { GraphStore } from '../../../src/ports/graph-store';
import {
  appliedIds,
  at,
  makeEdge,
  makeEntry,
  makeNode,
  newWorkspace,
  type ContractContext,
} from './fixtures';

const ACTOR = 'actor-1';
const OTHER = 'actor-2';

async function append(store: GraphStore, ws: string, entries: readonly CommandLogEntry[]) {
  await store.transaction(ws, async ({ log }) => {
    for (const entry of entries) {
      await log.append(entry);
    }
  });
}

/** Marks the entry undone or applied again, as UNDO and REDO do. */
function setState(
  store: GraphStore,
  ws: string,
  entry: CommandLogEntry,
  state: 'applied' | 'undone',
) {
  return store.transaction(ws, ({ log }) => log.update({ ...entry, state, updatedAt: at(100) }));
}

function heads(store: GraphStore, ws: string, actorId: string) {
  return store.transaction(ws, async ({ log }) => ({
    applied: (await log.lastApplied(actorId))?.id ?? null,
    undone: (await log.lastUndone(actorId))?.id ?? null,
  }));
}

function series(ws: string, actorId: string, n: number): CommandLogEntry[] {
  return Array.from({ length: n }, (_, i) => makeEntry(ws, actorId, { createdAt: at(i) }));
}

/** The per-actor command log and the idempotency records. */
export function commandLogCases(ctx: ContractContext): void {
  it('appends an entry and returns it whole, across transactions', async () => {
    const ws = newWorkspace();
    const [a, b] = [makeNode(), makeNode()];
    const edge = makeEdge(a, b);
    const entry = makeEntry(ws, ACTOR, {
      type: 'DELETE_NODE',
      scopes: ['write:nodes'],
      changes: [
        { kind: 'edge', id: edge.id, before: edge, after: null, currentVersion: null },
        { kind: 'node', id: a.id, before: a, after: null, currentVersion: null },
      ],
      result: { deleted: a.id, edges: 1, nested: { list: [1, 'two', null] } },
    });
    await append(ctx.store, ws, [entry]);
    await ctx.store.transaction(ws, async ({ log }) => {
      expect(await log.lastApplied(ACTOR)).toEqual(entry);
      expect(await log.lastUndone(ACTOR)).toBeNull();
      expect(await log.lastApplied(OTHER)).toBeNull();
    });
  });

  it('keeps a batch entry with several scopes and every change in order', async () => {
    const ws = newWorkspace();
    const [a, b] = [makeNode(), makeNode()];
    const edge = makeEdge(a, b);
    const entry = makeEntry(ws, ACTOR, {
      type: 'BATCH',
      scopes: ['write:nodes', 'write:edges'],
      changes: [
        { kind: 'node', id: a.id, before: null, after: a, currentVersion: 1 },
        { kind: 'node', id: b.id, before: null, after: b, currentVersion: 1 },
        { kind: 'edge', id: edge.id, before: null, after: edge, currentVersion: 1 },
      ],
      result: { commands: 3 },
    });
    await append(ctx.store, ws, [entry]);
    const stored = await ctx.store.transaction(ws, ({ log }) => log.lastApplied(ACTOR));
    expect(stored).toEqual(entry);
  });

  it('lastApplied is the newest applied entry, lastUndone the most recently undone', async () => {
    const ws = newWorkspace();
    const [e1, e2, e3] = [makeEntry(ws, ACTOR), makeEntry(ws, ACTOR), makeEntry(ws, ACTOR)];
    await append(ctx.store, ws, [e1, e2, e3]);
    expect(await heads(ctx.store, ws, ACTOR)).toEqual({ applied: e3.id, undone: null });

    await setState(ctx.store, ws, e3, 'undone');
    expect(await heads(ctx.store, ws, ACTOR)).toEqual({ applied: e2.id, undone: e3.id });
    await setState(ctx.store, ws, e2, 'undone');
    expect(await heads(ctx.store, ws, ACTOR)).toEqual({ applied: e1.id, undone: e2.id });
    await setState(ctx.store, ws, e1, 'undone');
    expect(await heads(ctx.store, ws, ACTOR)).toEqual({ applied: null, undone: e1.id });

    await setState(ctx.store, ws, e1, 'applied');
    expect(await heads(ctx.store, ws, ACTOR)).toEqual({ applied: e1.id, undone: e2.id });
    await setState(ctx.store, ws, e2, 'applied');
    expect(await heads(ctx.store, ws, ACTOR)).toEqual({ applied: e2.id, undone: e3.id });
  });

  it('returns a result that is the record the command wrote (as creates do) whole', async () => {
    const ws = newWorkspace();
    const node = makeNode({ properties: { payload: '{"big":"json"}', tags: ['a', 'b'] } });
    const entry = makeEntry(ws, ACTOR, {
      changes: [{ kind: 'node', id: node.id, before: null, after: node, currentVersion: 1 }],
      result: node,
    });
    await append(ctx.store, ws, [entry]);
    const stored = await ctx.store.transaction(ws, ({ log }) => log.lastApplied(ACTOR));
    expect(stored).toEqual(entry);
    expect(stored?.result).toEqual(node);
    // Undone, with another result, it keeps that one.
    await ctx.store.transaction(ws, ({ log }) =>
      log.update({ ...entry, state: 'undone', result: { undone: node.id } }),
    );
    const undone = await ctx.store.transaction(ws, ({ log }) => log.lastUndone(ACTOR));
    expect(undone?.result).toEqual({ undone: node.id });
  });

  it('countUndone counts that actor’s undone entries only', async () => {
    const ws = newWorkspace();
    const [e1, e2, e3] = [makeEntry(ws, ACTOR), makeEntry(ws, ACTOR), makeEntry(ws, ACTOR)];
    const f1 = makeEntry(ws, OTHER);
    await append(ctx.store, ws, [e1, e2, f1, e3]);
    const count = (actorId: string, workspace = ws) =>
      ctx.store.transaction(workspace, ({ log }) => log.countUndone(actorId));
    expect(await count(ACTOR)).toBe(0);
    await setState(ctx.store, ws, e3, 'undone');
    await setState(ctx.store, ws, e2, 'undone');
    await setState(ctx.store, ws, f1, 'undone');
    expect(await count(ACTOR)).toBe(2);
    expect(await count(OTHER)).toBe(1);
    expect(await count(ACTOR, newWorkspace())).toBe(0);
  });

  it('update saves the new state, changes, result and updatedAt', async () => {
    const ws = newWorkspace();
    const entry = makeEntry(ws, ACTOR);
    await append(ctx.store, ws, [entry]);
    const node = makeNode({ version: 7 });
    const updated: CommandLogEntry = {
      ...entry,
      state: 'undone',
      changes: [{ kind: 'node', id: node.id, before: node, after: null, currentVersion: null }],
      result: { undone: true },
      updatedAt: at(50),
    };
    await ctx.store.transaction(ws, ({ log }) => log.update(updated));
    await ctx.store.transaction(ws, async ({ log }) => {
      expect(await log.lastUndone(ACTOR)).toEqual(updated);
      expect(await log.lastApplied(ACTOR)).toBeNull();
    });
  });

  it('discardUndone forgets only that actor’s undone entries', async () => {
    const ws = newWorkspace();
    const [e1, e2, e3] = [makeEntry(ws, ACTOR), makeEntry(ws, ACTOR), makeEntry(ws, ACTOR)];
    const f1 = makeEntry(ws, OTHER);
    await append(ctx.store, ws, [e1, e2, f1, e3]);
    await setState(ctx.store, ws, e3, 'undone');
    await setState(ctx.store, ws, e2, 'undone');
    await setState(ctx.store, ws, f1, 'undone');

    await ctx.store.transaction(ws, ({ log }) => log.discardUndone(ACTOR));
    expect(await heads(ctx.store, ws, ACTOR)).toEqual({ applied: e1.id, undone: null });
    expect(await heads(ctx.store, ws, OTHER)).toEqual({ applied: null, undone: f1.id });

    const e4 = makeEntry(ws, ACTOR);
    await append(ctx.store, ws, [e4]);
    expect(await appliedIds(ctx.store, ws, ACTOR)).toEqual([e4.id, e1.id]);
  });

  it('trim keeps the newest entries of that actor only', async () => {
    const ws = newWorkspace();
    const mine = series(ws, ACTOR, 5);
    const theirs = series(ws, OTHER, 3);
    // Interleaved, so "newest" must mean the actor's own order.
    const interleaved = mine.flatMap((entry, i) => [entry, ...theirs.slice(i, i + 1)]);
    await append(ctx.store, ws, interleaved);
    const newestFirst = (entries: CommandLogEntry[]) => entries.map((e) => e.id).reverse();

    await ctx.store.transaction(ws, ({ log }) => log.trim(ACTOR, 10));
    expect(await appliedIds(ctx.store, ws, ACTOR)).toEqual(newestFirst(mine));
    await ctx.store.transaction(ws, ({ log }) => log.trim(ACTOR, 2));
    expect(await appliedIds(ctx.store, ws, ACTOR)).toEqual(newestFirst(mine).slice(0, 2));
    expect(await appliedIds(ctx.store, ws, OTHER)).toEqual(newestFirst(theirs));
    await ctx.store.transaction(ws, ({ log }) => log.trim(ACTOR, 0));
    expect(await heads(ctx.store, ws, ACTOR)).toEqual({ applied: null, undone: null });
    expect(await appliedIds(ctx.store, ws, OTHER)).toEqual(newestFirst(theirs));
  });

  it('trim counts undone entries too, keeping the newest whatever their state', async () => {
    const ws = newWorkspace();
    const [e1, e2, e3, e4] = [
      makeEntry(ws, ACTOR),
      makeEntry(ws, ACTOR),
      makeEntry(ws, ACTOR),
      makeEntry(ws, ACTOR),
    ];
    await append(ctx.store, ws, [e1, e2, e3, e4]);
    await setState(ctx.store, ws, e4, 'undone');
    await ctx.store.transaction(ws, ({ log }) => log.trim(ACTOR, 2));
    expect(await heads(ctx.store, ws, ACTOR)).toEqual({ applied: e3.id, undone: e4.id });
    expect(await appliedIds(ctx.store, ws, ACTOR)).toEqual([e3.id]);
  });

  it('keeps each actor’s history apart', async () => {
    const ws = newWorkspace();
    const a1 = makeEntry(ws, ACTOR);
    const b1 = makeEntry(ws, OTHER);
    const a2 = makeEntry(ws, ACTOR);
    const b2 = makeEntry(ws, OTHER);
    await append(ctx.store, ws, [a1, b1, a2, b2]);
    await setState(ctx.store, ws, a2, 'undone');
    expect(await heads(ctx.store, ws, ACTOR)).toEqual({ applied: a1.id, undone: a2.id });
    expect(await heads(ctx.store, ws, OTHER)).toEqual({ applied: b2.id, undone: null });
  });

  describe('idempotency records', () => {
    const record = (overrides: Partial<IdempotencyRecord> = {}): IdempotencyRecord => ({
      actorId: ACTOR,
      key: 'key-1',
      requestHash: 'a'.repeat(64),
      status: 201,
      response: { commandId: 'c1', type: 'CREATE_NODE', result: { id: 'n1', tags: ['x'] } },
      createdAt: '2026-01-01T00:00:00.000Z',
      ...overrides,
    });

    it('saves and returns a record by actor and key', async () => {
      const ws = newWorkspace();
      const saved = record();
      await ctx.store.transaction(ws, ({ log }) => log.saveIdempotency(saved));
      await ctx.store.transaction(ws, async ({ log }) => {
        expect(await log.getIdempotency(ACTOR, 'key-1')).toEqual(saved);
        expect(await log.getIdempotency(ACTOR, 'key-2')).toBeNull();
        expect(await log.getIdempotency(OTHER, 'key-1')).toBeNull();
      });
    });

    it('saving the same actor and key again replaces the record', async () => {
      const ws = newWorkspace();
      const again = record({ requestHash: 'b'.repeat(64), status: 200, createdAt: at(9) });
      await ctx.store.transaction(ws, ({ log }) => log.saveIdempotency(record()));
      await ctx.store.transaction(ws, ({ log }) => log.saveIdempotency(again));
      await ctx.store.transaction(ws, async ({ log }) => {
        expect(await log.getIdempotency(ACTOR, 'key-1')).toEqual(again);
      });
    });

    it('purge removes records created before the given time and counts them', async () => {
      const ws = newWorkspace();
      const old1 = record({ key: 'old-1', createdAt: '2026-01-01T00:00:00.000Z' });
      const old2 = record({ key: 'old-2', actorId: OTHER, createdAt: '2026-01-01T23:59:59.999Z' });
      const edge = record({ key: 'edge', createdAt: '2026-01-02T00:00:00.000Z' });
      const fresh = record({ key: 'fresh', createdAt: '2026-01-03T00:00:00.000Z' });
      await ctx.store.transaction(ws, async ({ log }) => {
        for (const r of [old1, old2, edge, fresh]) {
          await log.saveIdempotency(r);
        }
      });
      const purged = await ctx.store.transaction(ws, ({ log }) =>
        log.purgeIdempotency('2026-01-02T00:00:00.000Z'),
      );
      expect(purged).toBe(2);
      await ctx.store.transaction(ws, async ({ log }) => {
        expect(await log.getIdempotency(ACTOR, 'old-1')).toBeNull();
        expect(await log.getIdempotency(OTHER, 'old-2')).toBeNull();
        expect(await log.getIdempotency(ACTOR, 'edge')).toEqual(edge);
        expect(await log.getIdempotency(ACTOR, 'fresh')).toEqual(fresh);
      });
    });
  });
}
