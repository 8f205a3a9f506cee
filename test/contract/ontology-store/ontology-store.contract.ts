import { randomUUID } from 'node:crypto';
import type { StoredType } from '../../../src/domain/ontology';
import type { GraphStore } from '../../../src/ports/graph-store';
import type { OntologyStore } from '../../../src/ports/ontology-store';

/**
 * The stores under test, from one engine: the graph store whose transactions write the
 * ontology (`UnitOfWork.ontology`) and the ontology store that reads it back.
 */
export interface OntologyStoresUnderTest {
  graph: GraphStore;
  ontology: OntologyStore;
  cleanup(): Promise<void>;
}

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString();

class Rollback extends Error {}

/** An entity type whose definition uses every kind of field a definition can hold. */
const pump: StoredType = {
  kind: 'entity',
  name: 'Pump',
  definition: {
    description: 'Pompe à eau — 水泵',
    titleProperty: 'serial',
    properties: {
      serial: { type: 'string', required: true, unique: true, pattern: '^P-[0-9]{3}$' },
      rpm: { type: 'integer', min: 0, max: 3600 },
      mode: { type: 'string', enum: ['auto', 'manual'] },
      installed: { type: 'date', min: '2000-01-01' },
      tags: { type: 'string[]', maxLength: 8, description: 'free labels' },
      spec: { type: 'json' },
    },
    additionalProperties: false,
  },
  version: 3,
  createdAt: at(0),
  updatedAt: at(30),
};

/** Sorts after `Pump` in byte order (a locale would put it first). */
const lockKeeper: StoredType = {
  kind: 'entity',
  name: 'lockKeeper',
  definition: { properties: {}, additionalProperties: true },
  version: 1,
  createdAt: at(1),
  updatedAt: at(1),
};

const feeds: StoredType = {
  kind: 'relationship',
  name: 'FEEDS',
  definition: {
    source: ['Pump'],
    target: 'any',
    cardinality: { source: 'one', target: 'many' },
    properties: { flow: { type: 'number', min: 0 } },
    additionalProperties: false,
  },
  version: 1,
  createdAt: at(2),
  updatedAt: at(2),
};

/**
 * The behaviour every engine's OntologyStore must show (docs/ontology.md, "Types"): it
 * reads a workspace's committed ontology, whole and exactly as written, types by kind then
 * name; never a transaction's uncommitted or rolled-back writes, nor another workspace's.
 * Every test works in its own random workspace, so the suite also runs on a shared server.
 */
export function ontologyStoreContract(
  name: string,
  factory: () => Promise<OntologyStoresUnderTest>,
): void {
  describe(`OntologyStore contract: ${name}`, () => {
    let s: OntologyStoresUnderTest;
    beforeAll(async () => {
      s = await factory();
    });
    afterAll(() => s.cleanup());

    it('reads a workspace that never changed its ontology as no settings and no types', async () => {
      expect(await s.ontology.read(randomUUID())).toEqual({ settings: null, types: [] });
    });

    it('reads the committed types exactly as written, by kind then name, with the settings', async () => {
      const ws = randomUUID();
      await s.graph.transaction(ws, async ({ ontology }) => {
        await ontology.lockSettings();
        for (const type of [feeds, lockKeeper, pump]) {
          await ontology.putType(type);
        }
        await ontology.putSettings({ strictOntology: true, revision: 3, updatedAt: at(30) });
      });
      expect(await s.ontology.read(ws)).toEqual({
        settings: { strictOntology: true, revision: 3, updatedAt: at(30) },
        types: [pump, lockKeeper, feeds],
      });

      await s.graph.transaction(ws, async ({ ontology }) => {
        await ontology.lockSettings();
        await ontology.putType({ ...lockKeeper, version: 2, updatedAt: at(40) });
        await ontology.deleteType('entity', 'Pump');
        await ontology.putSettings({ strictOntology: false, revision: 5, updatedAt: at(40) });
      });
      expect(await s.ontology.read(ws)).toEqual({
        settings: { strictOntology: false, revision: 5, updatedAt: at(40) },
        types: [{ ...lockKeeper, version: 2, updatedAt: at(40) }, feeds],
      });
    });

    it('keeps each workspace to its own ontology', async () => {
      const [a, b] = [randomUUID(), randomUUID()];
      await s.graph.transaction(a, async ({ ontology }) => {
        await ontology.putType(pump);
        await ontology.putSettings({ strictOntology: true, revision: 1, updatedAt: at(1) });
      });
      await s.graph.transaction(b, ({ ontology }) => ontology.putType(feeds));
      expect(await s.ontology.read(a)).toEqual({
        settings: { strictOntology: true, revision: 1, updatedAt: at(1) },
        types: [pump],
      });
      expect(await s.ontology.read(b)).toEqual({ settings: null, types: [feeds] });
    });

    it('reads settings taken only for their lock as no settings', async () => {
      // A change that locked the ontology and then wrote nothing (say, a delete of a type
      // that did not exist) leaves the workspace as it was.
      const ws = randomUUID();
      await s.graph.transaction(ws, async ({ ontology }) => {
        expect(await ontology.lockSettings()).toBeNull();
      });
      expect(await s.ontology.read(ws)).toEqual({ settings: null, types: [] });
    });

    it('never reads the writes of a transaction still open, nor of one rolled back', async () => {
      const ws = randomUUID();
      await s.graph.transaction(ws, async ({ ontology }) => {
        await ontology.putType(lockKeeper);
        await ontology.putSettings({ strictOntology: false, revision: 1, updatedAt: at(1) });
      });
      const committed = {
        settings: { strictOntology: false, revision: 1, updatedAt: at(1) },
        types: [lockKeeper],
      };
      let seenInside: unknown;
      await s.graph.transaction(ws, async ({ ontology }) => {
        await ontology.lockSettings();
        await ontology.putType(pump);
        await ontology.deleteType('entity', 'lockKeeper');
        await ontology.putSettings({ strictOntology: true, revision: 2, updatedAt: at(2) });
        seenInside = await s.ontology.read(ws);
      });
      expect(seenInside).toEqual(committed);

      await expect(
        s.graph.transaction(ws, async ({ ontology }) => {
          await ontology.lockSettings();
          await ontology.putType(feeds);
          await ontology.putSettings({ strictOntology: false, revision: 3, updatedAt: at(3) });
          throw new Rollback();
        }),
      ).rejects.toBeInstanceOf(Rollback);
      expect(await s.ontology.read(ws)).toEqual({
        settings: { strictOntology: true, revision: 2, updatedAt: at(2) },
        types: [pump],
      });
    });
  });
}
