import { randomUUID } from 'node:crypto';
import type { LiveDataSource } from '../../../src/domain/live-data';
import type { GraphStore } from '../../../src/ports/graph-store';
import type { LiveDataSourceStore } from '../../../src/ports/live-data-source-store';

/** The store under test and how to remove the workspaces a run used. */
export interface LiveDataSourceStores {
  sources: LiveDataSourceStore;
  /** A graph store of the same engine, whose transactions `createIn` writes in. */
  graph: GraphStore;
  /** Removes these workspaces' sources (a shared server keeps everything else). */
  cleanup(workspaceIds: readonly string[]): Promise<void>;
}

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString();

/**
 * The behaviour every LiveDataSourceStore adapter must show. It never assumes an empty
 * store: every test works in fresh random workspaces.
 */
export function liveDataSourceStoreContract(
  name: string,
  factory: () => Promise<LiveDataSourceStores>,
): void {
  describe(`LiveDataSourceStore contract: ${name}`, () => {
    let stores: LiveDataSourceStores;
    const used: string[] = [];

    beforeAll(async () => {
      stores = await factory();
    });
    afterAll(async () => {
      await stores?.cleanup(used);
    });

    function workspace(): string {
      const id = randomUUID();
      used.push(id);
      return id;
    }

    async function source(
      workspaceId: string,
      overrides: Partial<LiveDataSource> = {},
    ): Promise<LiveDataSource> {
      const s: LiveDataSource = {
        id: randomUUID(),
        name: 'Pressure',
        unit: null,
        description: null,
        entityId: null,
        createdAt: at(0),
        ...overrides,
      };
      await stores.sources.create(workspaceId, s);
      return s;
    }

    it('stores a source as given and finds it by id, only in its workspace', async () => {
      const ws = workspace();
      const other = workspace();
      const full = await source(ws, {
        name: 'Flow ü',
        unit: 'm³/h',
        description: 'inlet',
        entityId: 'pump-1',
        createdAt: '2026-03-04T05:06:07.089Z',
      });
      const bare = await source(ws);
      expect(await stores.sources.get(ws, full.id)).toEqual(full);
      expect(await stores.sources.get(ws, bare.id)).toEqual(bare);
      expect(await stores.sources.get(other, full.id)).toBeNull();
      expect(await stores.sources.get(ws, randomUUID())).toBeNull();
    });

    it('gets many: those that exist in the workspace', async () => {
      const ws = workspace();
      const other = workspace();
      const a = await source(ws, { name: 'a' });
      const b = await source(ws, { name: 'b' });
      const foreign = await source(other, { name: 'c' });
      const found = await stores.sources.getMany(ws, [a.id, foreign.id, randomUUID(), b.id]);
      expect([...found].sort((x, y) => x.name.localeCompare(y.name))).toEqual([a, b]);
      expect(await stores.sources.getMany(ws, [])).toEqual([]);
    });

    it('lists oldest first (createdAt, then id), paged, with the total', async () => {
      const ws = workspace();
      const late = await source(ws, { createdAt: at(20) });
      const early = await source(ws, { createdAt: at(10) });
      const tieB = await source(ws, { id: `b-${randomUUID()}`, createdAt: at(15) });
      const tieA = await source(ws, { id: `a-${randomUUID()}`, createdAt: at(15) });
      await source(workspace(), { createdAt: at(1) });
      const all = await stores.sources.list(ws, {}, { offset: 0, limit: 10 });
      expect(all).toEqual({ items: [early, tieA, tieB, late], total: 4 });
      expect(await stores.sources.list(ws, {}, { offset: 1, limit: 2 })).toEqual({
        items: [tieA, tieB],
        total: 4,
      });
      expect(await stores.sources.list(ws, {}, { offset: 4, limit: 2 })).toEqual({
        items: [],
        total: 4,
      });
    });

    it('filters the list by the linked entity', async () => {
      const ws = workspace();
      const one = await source(ws, { entityId: 'pump-1', createdAt: at(1) });
      await source(ws, { entityId: 'pump-2', createdAt: at(2) });
      await source(ws, { createdAt: at(3) });
      const two = await source(ws, { entityId: 'pump-1', createdAt: at(4) });
      expect(
        await stores.sources.list(ws, { entityId: 'pump-1' }, { offset: 0, limit: 10 }),
      ).toEqual({ items: [one, two], total: 2 });
      expect(await stores.sources.list(ws, { entityId: 'none' }, { offset: 0, limit: 10 })).toEqual(
        { items: [], total: 0 },
      );
      expect((await stores.sources.list(ws, {}, { offset: 0, limit: 10 })).total).toBe(4);
    });

    it('creates a source inside a graph transaction: with it, or not at all', async () => {
      const ws = workspace();
      const kept: LiveDataSource = {
        id: randomUUID(),
        name: 'in a transaction',
        unit: null,
        description: null,
        entityId: null,
        createdAt: at(1),
      };
      await stores.graph.transaction(ws, (uow) => stores.sources.createIn(uow, ws, kept));
      expect(await stores.sources.get(ws, kept.id)).toEqual(kept);
      const lost = { ...kept, id: randomUUID() };
      await expect(
        stores.graph.transaction(ws, async (uow) => {
          await stores.sources.createIn(uow, ws, lost);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await stores.sources.get(ws, lost.id)).toBeNull();
      // A unit of work of another workspace is a wiring error, not a write elsewhere.
      await expect(
        stores.graph.transaction(workspace(), (uow) =>
          stores.sources.createIn(uow, ws, { ...kept, id: randomUUID() }),
        ),
      ).rejects.toThrow(/another workspace/);
    });
  });
}
