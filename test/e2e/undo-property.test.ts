import fc from 'fast-check';
import { OntologyClient } from '../support/ontology-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';

type Step =
  | { kind: 'createNode'; type: string; name: string; props: Record<string, string | number> }
  | {
      kind: 'updateNode';
      pick: number;
      name: string;
      retype: string | undefined;
      props: Record<string, number | null>;
    }
  | { kind: 'deleteNode'; pick: number }
  | { kind: 'createEdge'; from: number; to: number; type: string }
  | { kind: 'deleteEdge'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('createNode' as const),
    type: fc.constantFrom('Pump', 'Valve', 'Tank'),
    name: fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== ''),
    props: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(fc.integer(), fc.string())),
  }),
  fc.record({
    kind: fc.constant('updateNode' as const),
    pick: fc.nat(),
    name: fc.constantFrom('x', 'y', 'z'),
    // Sometimes another entity type: the kept per-type counts must follow.
    retype: fc.option(fc.constantFrom('Pump', 'Valve', 'Tank'), { nil: undefined }),
    props: fc.dictionary(fc.constantFrom('a', 'b', 'd'), fc.option(fc.integer(), { nil: null })),
  }),
  fc.record({ kind: fc.constant('deleteNode' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('createEdge' as const),
    from: fc.nat(),
    to: fc.nat(),
    type: fc.constantFrom('LINKS', 'OWNS'),
  }),
  fc.record({ kind: fc.constant('deleteEdge' as const), pick: fc.nat() }),
);

/** Runs one step against the live data; returns false when it had nothing to act on. */
async function run(c: OntologyClient, s: Step): Promise<boolean> {
  const { nodes, edges } = await c.snapshot();
  const pick = <T>(items: T[], i: number): T | undefined => items[i % Math.max(items.length, 1)];
  switch (s.kind) {
    case 'createNode':
      await c.ok('CREATE_NODE', { entityType: s.type, name: s.name, properties: s.props });
      return true;
    case 'updateNode': {
      const node = pick(nodes, s.pick);
      if (!node) {
        return false;
      }
      await c.ok('UPDATE_NODE', {
        id: node.id,
        name: s.name,
        properties: s.props,
        ...(s.retype === undefined ? {} : { entityType: s.retype }),
      });
      return true;
    }
    case 'deleteNode': {
      const node = pick(nodes, s.pick);
      if (!node) {
        return false;
      }
      await c.ok('DELETE_NODE', { id: node.id });
      return true;
    }
    case 'createEdge': {
      const from = pick(nodes, s.from);
      const to = pick(nodes, s.to);
      if (!from || !to) {
        return false;
      }
      await c.ok('CREATE_EDGE', { type: s.type, sourceId: from.id, targetId: to.id });
      return true;
    }
    case 'deleteEdge': {
      const edge = pick(edges, s.pick);
      if (!edge) {
        return false;
      }
      await c.ok('DELETE_EDGE', { id: edge.id });
      return true;
    }
  }
}

/**
 * The totals of lists filtered by type alone (read from kept counts on the embedded store)
 * are the numbers of records of each type.
 */
async function expectTypeTotals(c: OntologyClient): Promise<void> {
  const { nodes, edges } = await c.snapshot();
  const totals = async (path: string, field: string, types: string[]) =>
    Promise.all(
      types.map(async (type) => {
        const res = await c.get(path, { [field]: type, limit: 1 });
        return [type, (res.body.meta as { total: number }).total];
      }),
    );
  const counted = (items: { type?: string; entityType?: string }[], types: string[]) =>
    types.map((type) => [type, items.filter((i) => (i.entityType ?? i.type) === type).length]);
  const nodeTypes = ['Pump', 'Valve', 'Tank'];
  const edgeTypes = ['LINKS', 'OWNS'];
  expect(await totals('/api/queries/nodes', 'entityType', nodeTypes)).toEqual(
    counted(nodes, nodeTypes),
  );
  expect(await totals('/api/queries/edges', 'type', edgeTypes)).toEqual(counted(edges, edgeTypes));
}

describe('property: undoing every command returns the workspace to empty', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());

  // 30 sequences of up to 12 commands, each undone and redone: a minute or more on Neo4j on a
  // busy machine.
  it('holds for random command sequences (and redo-all then restores the content)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
        const c = new OntologyClient(t, ws.apiKey, ws.workspaceId);
        let applied = 0;
        for (const s of steps) {
          if (await run(c, s)) {
            applied += 1;
          }
        }
        const full = await c.snapshot();
        await expectTypeTotals(c);
        for (let i = 0; i < applied; i += 1) {
          const res = await c.exec('UNDO');
          expect(res.status).toBe(200);
        }
        expect((await c.exec('UNDO')).status).toBe(409);
        expect(await c.snapshot()).toEqual({ nodes: [], edges: [] });
        await expectTypeTotals(c);
        for (let i = 0; i < applied; i += 1) {
          expect((await c.exec('REDO')).status).toBe(200);
        }
        expect(await c.snapshot()).toEqual(full);
        await expectTypeTotals(c);
      }),
      { numRuns: 30 },
    );
  }, 180_000);
});
