import { randomUUID } from 'node:crypto';
import type { ImportRecord } from '../../../src/domain/imports';
import type { GraphStore } from '../../../src/ports/graph-store';
import type { ImportStore } from '../../../src/ports/import-store';

/** The store under test and how to remove the workspaces a run used. */
export interface ImportStores {
  imports: ImportStore;
  /** A graph store of the same engine, whose transactions `updateIn` writes in. */
  graph: GraphStore;
  /** Removes these workspaces' records (a shared server keeps everything else). */
  cleanup(workspaceIds: readonly string[]): Promise<void>;
}

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString();

function running(startedAt: string, overrides: Partial<ImportRecord> = {}): ImportRecord {
  return {
    id: randomUUID(),
    actorId: 'key_importer',
    status: 'running',
    nodes: 0,
    edges: 0,
    unchanged: 0,
    lines: 0,
    errors: [],
    validateRecords: true,
    startedAt,
    finishedAt: null,
    ...overrides,
  };
}

/**
 * The behaviour every ImportStore adapter must show. It never assumes an empty store:
 * every test works in fresh random workspaces.
 */
export function importStoreContract(name: string, factory: () => Promise<ImportStores>): void {
  describe(`ImportStore contract: ${name}`, () => {
    let stores: ImportStores;
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

    it('creates a record and reads it back whole', async () => {
      const ws = workspace();
      const record = running(at(0));
      await stores.imports.create(ws, record);
      expect(await stores.imports.get(ws, record.id)).toEqual(record);
    });

    it('keeps whether the import validated its records, through updates', async () => {
      const ws = workspace();
      const asTheyAre = running(at(0), { validateRecords: false });
      await stores.imports.create(ws, asTheyAre);
      const finished: ImportRecord = {
        ...asTheyAre,
        status: 'completed',
        nodes: 3,
        lines: 4,
        finishedAt: at(5),
      };
      await stores.imports.update(ws, finished);
      expect(await stores.imports.get(ws, asTheyAre.id)).toEqual(finished);
      expect((await stores.imports.list(ws, { limit: 10, offset: 0 })).items).toEqual([finished]);
    });

    it('updates progress, status, errors and the end time', async () => {
      const ws = workspace();
      const record = running(at(0));
      await stores.imports.create(ws, record);
      const progress = { ...record, nodes: 1000, edges: 10, unchanged: 3, lines: 1014 };
      await stores.imports.update(ws, progress);
      expect(await stores.imports.get(ws, record.id)).toEqual(progress);
      const failed: ImportRecord = {
        ...progress,
        status: 'failed',
        errors: [{ line: 1015, message: 'is not valid JSON' }],
        finishedAt: at(5),
      };
      await stores.imports.update(ws, failed);
      expect(await stores.imports.get(ws, record.id)).toEqual(failed);
    });

    it('refuses to update a record it does not hold', async () => {
      await expect(stores.imports.update(workspace(), running(at(0)))).rejects.toThrow(/not found/);
    });

    it('lists a workspace’s records newest first, with paging and the total', async () => {
      const ws = workspace();
      const records = [running(at(1)), running(at(3)), running(at(2))];
      for (const record of records) {
        await stores.imports.create(ws, record);
      }
      await stores.imports.create(workspace(), running(at(4)));
      const page = await stores.imports.list(ws, { limit: 2, offset: 0 });
      expect(page.total).toBe(3);
      expect(page.items.map((r) => r.startedAt)).toEqual([at(3), at(2)]);
      const rest = await stores.imports.list(ws, { limit: 2, offset: 2 });
      expect(rest.items.map((r) => r.startedAt)).toEqual([at(1)]);
    });

    it('keeps workspaces apart', async () => {
      const [a, b] = [workspace(), workspace()];
      const record = running(at(0));
      await stores.imports.create(a, record);
      expect(await stores.imports.get(b, record.id)).toBeNull();
      expect((await stores.imports.list(b, { limit: 10, offset: 0 })).total).toBe(0);
      await expect(stores.imports.update(b, { ...record, nodes: 5 })).rejects.toThrow();
      expect(await stores.imports.get(a, record.id)).toEqual(record);
    });

    it('updates a record inside a graph transaction: with it, or not at all', async () => {
      const ws = workspace();
      const record = running(at(0));
      await stores.imports.create(ws, record);
      const finished: ImportRecord = {
        ...record,
        status: 'completed',
        nodes: 2,
        finishedAt: at(9),
      };
      await stores.graph.transaction(ws, (uow) => stores.imports.updateIn(uow, ws, finished));
      expect(await stores.imports.get(ws, record.id)).toEqual(finished);
      await expect(
        stores.graph.transaction(ws, async (uow) => {
          await stores.imports.updateIn(uow, ws, { ...finished, status: 'failed' });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await stores.imports.get(ws, record.id)).toEqual(finished);
      await expect(
        stores.graph.transaction(ws, (uow) => stores.imports.updateIn(uow, ws, running(at(1)))),
      ).rejects.toThrow(/not found/);
    });
  });
}
