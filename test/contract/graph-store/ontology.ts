import type { StoredType, UniqueValue } from '../../../src/domain/ontology';
import { at, makeEdge, makeNode, newWorkspace, seed, type ContractContext } from './fixtures';

class Boom extends Error {}

const pump = (version = 1): StoredType => ({
  kind: 'entity',
  name: 'Pump',
  definition: {
    properties: { serial: { type: 'string', unique: true } },
    additionalProperties: true,
  },
  version,
  createdAt: at(0),
  updatedAt: at(version),
});

const feeds: StoredType = {
  kind: 'relationship',
  name: 'FEEDS',
  definition: {
    source: ['Pump'],
    target: 'any',
    cardinality: { source: 'one', target: 'many' },
    properties: {},
    additionalProperties: false,
  },
  version: 1,
  createdAt: at(0),
  updatedAt: at(0),
};

const value = (recordId: string, v = '"S-1"'): UniqueValue => ({
  kind: 'node',
  typeName: 'Pump',
  property: 'serial',
  value: v,
  recordId,
});

/**
 * The ontology inside a graph transaction (`UnitOfWork.ontology`) and the type scans the
 * ontology's checks use (docs/ontology.md, "Types"): the same behaviour on every engine.
 */
export function ontologyCases(ctx: ContractContext): void {
  it('keeps types and settings per workspace, written with the transaction', async () => {
    const ws = newWorkspace();
    const other = newWorkspace();
    await ctx.store.transaction(ws, async ({ ontology }) => {
      expect(await ontology.settings()).toBeNull();
      expect(await ontology.lockSettings()).toBeNull();
      await ontology.putType(feeds);
      await ontology.putType(pump());
      await ontology.putSettings({ strictOntology: true, revision: 1, updatedAt: at(1) });
    });
    await ctx.store.transaction(ws, async ({ ontology }) => {
      expect(await ontology.listTypes()).toEqual([pump(), feeds]);
      expect(await ontology.settings()).toEqual({
        strictOntology: true,
        revision: 1,
        updatedAt: at(1),
      });
      await ontology.putType(pump(2));
      expect(await ontology.listTypes()).toEqual([pump(2), feeds]);
      expect(await ontology.deleteType('relationship', 'FEEDS')).toBe(true);
      expect(await ontology.deleteType('relationship', 'FEEDS')).toBe(false);
    });
    await ctx.store.transaction(other, async ({ ontology }) => {
      expect(await ontology.listTypes()).toEqual([]);
      expect(await ontology.settings()).toBeNull();
    });
  });

  it('rolls type changes back with the transaction', async () => {
    const ws = newWorkspace();
    await expect(
      ctx.store.transaction(ws, async ({ ontology }) => {
        await ontology.putType(pump());
        await ontology.claimUnique(value('a'));
        throw new Boom();
      }),
    ).rejects.toBeInstanceOf(Boom);
    await ctx.store.transaction(ws, async ({ ontology }) => {
      expect(await ontology.listTypes()).toEqual([]);
      expect(await ontology.claimUnique(value('b'))).toBe('b');
    });
  });

  it('claims a unique value once: the holder keeps it until it releases it', async () => {
    const ws = newWorkspace();
    await ctx.store.transaction(ws, async ({ ontology }) => {
      expect(await ontology.claimUnique(value('a'))).toBe('a');
      expect(await ontology.claimUnique(value('a'))).toBe('a');
      expect(await ontology.claimUnique(value('b'))).toBe('a');
      // Another value, property or type is another key.
      expect(await ontology.claimUnique(value('b', '"S-2"'))).toBe('b');
      expect(await ontology.claimUnique({ ...value('b'), typeName: 'Tank' })).toBe('b');
      await ontology.releaseUnique(value('b'));
      expect(await ontology.claimUnique(value('c'))).toBe('a');
      await ontology.releaseUnique(value('a'));
      expect(await ontology.claimUnique(value('c'))).toBe('c');
      await ontology.clearUnique('node', 'Pump');
      expect(await ontology.claimUnique(value('d'))).toBe('d');
      expect(await ontology.claimUnique({ ...value('e'), typeName: 'Tank' })).toBe('b');
    });
    // Another workspace has its own values.
    await ctx.store.transaction(newWorkspace(), async ({ ontology }) => {
      expect(await ontology.claimUnique(value('z'))).toBe('z');
    });
  });

  it('of concurrent claims of one value, exactly one holds it', async () => {
    const ws = newWorkspace();
    const holders = await Promise.all(
      ['a', 'b', 'c', 'd'].map((id) =>
        ctx.store.transaction(ws, ({ ontology }) => ontology.claimUnique(value(id))),
      ),
    );
    const winner = holders.find((h, i) => h === ['a', 'b', 'c', 'd'][i]);
    expect(winner).toBeDefined();
    expect(holders).toEqual([winner, winner, winner, winner]);
  });

  it('serialises concurrent changes on the settings lock: each sees the revision before it', async () => {
    const ws = newWorkspace();
    const seen = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.store.transaction(ws, async ({ ontology }) => {
          const revision = (await ontology.lockSettings())?.revision ?? 0;
          await ontology.putType(pump(revision + 1));
          await ontology.putSettings({
            strictOntology: false,
            revision: revision + 1,
            updatedAt: at(revision + 1),
          });
          return revision;
        }),
      ),
    );
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    await ctx.store.transaction(ws, async ({ ontology }) => {
      expect(await ontology.settings()).toEqual({
        strictOntology: false,
        revision: 8,
        updatedAt: at(8),
      });
      expect(await ontology.listTypes()).toEqual([pump(8)]);
    });
  });

  it('scans, counts and counts at an end the records of a type', async () => {
    const ws = newWorkspace();
    const pumps = ['p1', 'p2', 'p3'].map((id) => makeNode({ id, entityType: 'Pump' }));
    const tank = makeNode({ id: 't1', entityType: 'Tank' });
    const edges = pumps.map((p, i) =>
      makeEdge(p, tank, { id: `e${i}`, type: i === 2 ? 'DRAINS' : 'FEEDS' }),
    );
    await seed(ctx.store, ws, [...pumps, tank], edges);
    await ctx.store.transaction(ws, async ({ graph }) => {
      expect((await graph.nodesOfType('Pump', null, 2)).map((n) => n.id)).toEqual(['p1', 'p2']);
      expect((await graph.nodesOfType('Pump', 'p2', 2)).map((n) => n.id)).toEqual(['p3']);
      expect((await graph.edgesOfType('FEEDS', null, 10)).map((e) => e.id)).toEqual(['e0', 'e1']);
      expect(await graph.typeCounts('node')).toEqual([
        { type: 'Pump', count: 3 },
        { type: 'Tank', count: 1 },
      ]);
      expect(await graph.typeCounts('edge')).toEqual([
        { type: 'DRAINS', count: 1 },
        { type: 'FEEDS', count: 2 },
      ]);
      expect(await graph.countEdgesAt('t1', 'target', 'FEEDS')).toBe(2);
      expect(await graph.countEdgesAt('t1', 'source', 'FEEDS')).toBe(0);
      expect(await graph.countEdgesAt('p1', 'source', 'FEEDS')).toBe(1);
    });
  });

  it('counts the records of each type with the writes of its own transaction', async () => {
    const ws = newWorkspace();
    const pump = makeNode({ id: 'p1', entityType: 'Pump' });
    const tank = makeNode({ id: 't1', entityType: 'Tank' });
    await seed(ctx.store, ws, [pump, tank], [makeEdge(pump, tank, { id: 'e1', type: 'FEEDS' })]);
    await ctx.store.transaction(ws, async ({ graph }) => {
      await graph.insertNode(makeNode({ id: 'p2', entityType: 'Pump' }));
      // Types are listed in byte order: lower case after upper case (a locale puts it first).
      await graph.insertNode(makeNode({ id: 'l1', entityType: 'lockKeeper' }));
      await graph.replaceNode({ ...tank, entityType: 'Pump', version: 2 }, 1);
      await graph.deleteEdge('e1');
      await graph.insertEdge(makeEdge(pump, pump, { id: 'e2', type: 'LOOPS' }));
      expect(await graph.typeCounts('node')).toEqual([
        { type: 'Pump', count: 3 },
        { type: 'lockKeeper', count: 1 },
      ]);
      expect(await graph.typeCounts('edge')).toEqual([{ type: 'LOOPS', count: 1 }]);
    });
    await ctx.store.transaction(ws, async ({ graph }) => {
      expect(await graph.typeCounts('node')).toEqual([
        { type: 'Pump', count: 3 },
        { type: 'lockKeeper', count: 1 },
      ]);
    });
  });
}
