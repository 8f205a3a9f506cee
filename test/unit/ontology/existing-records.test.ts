import type { GraphNode } from '../../../src/domain/graph';
import type { CompiledType } from '../../../src/ontology/compiled-schema';
import { scanNodes } from '../../../src/ontology/existing-records';
import type { UnitOfWork } from '../../../src/ports/graph-store';

/** `count` nodes of type T, ids in order, each holding `serial`. */
function nodes(count: number, serial: (i: number) => string): GraphNode[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `n${String(i).padStart(5, '0')}`,
    entityType: 'T',
    name: `n${i}`,
    properties: { serial: serial(i) },
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }));
}

/** A unit of work over `all`, with a unique index in a map; `pages` counts page reads. */
function unitOver(all: GraphNode[]) {
  const held = new Map<string, string>();
  const reads = { pages: 0 };
  const uow = {
    graph: {
      nodesOfType: (_type: string, after: string | null, limit: number) => {
        reads.pages += 1;
        return Promise.resolve(all.filter((n) => after === null || n.id > after).slice(0, limit));
      },
    },
    ontology: {
      clearUnique: () => Promise.resolve(held.clear()),
      claimUnique: (claim: { value: unknown; recordId: string }) => {
        const key = JSON.stringify(claim.value);
        if (!held.has(key)) {
          held.set(key, claim.recordId);
        }
        return Promise.resolve(held.get(key)!);
      },
    },
  } as unknown as UnitOfWork;
  return { uow, reads };
}

/** Type T: `serial` unique; any record with a serial starting with "bad" breaks it. */
const type = {
  stored: { name: 'T' },
  checkProperties: (properties: Record<string, unknown>, issues: unknown[]) => {
    if (String(properties.serial).startsWith('bad')) {
      issues.push({ path: 'properties.serial', message: 'is bad' });
    }
  },
  uniqueKeys: (properties: Record<string, unknown>) => [
    { property: 'serial', value: properties.serial },
  ],
} as unknown as CompiledType;

describe('scanNodes (a type change checking the records in place)', () => {
  it('counts values a unique property would share even when nothing else is reported', async () => {
    const all = nodes(7, (i) => (i === 6 ? 's0' : i === 3 ? 'bad' : `s${i}`));
    const { uow } = unitOver(all);
    const quiet = await scanNodes(uow, type, { report: false, rebuildUnique: true });
    expect(quiet.violations).toBe(1);
    expect(quiet.sample).toEqual([
      {
        kind: 'node',
        id: 'n00006',
        issues: [{ path: 'properties.serial', message: expect.stringContaining('n00000') }],
      },
    ]);
    const full = await scanNodes(uow, type, { report: true, rebuildUnique: true });
    expect(full.violations).toBe(2);
  });

  it('lets the event loop run between two pages of records', async () => {
    const all = nodes(1200, (i) => `s${i}`);
    const { uow, reads } = unitOver(all);
    let ranAtPage = -1;
    setImmediate(() => {
      ranAtPage = reads.pages;
    });
    const report = await scanNodes(uow, type, { report: true, rebuildUnique: false });
    expect(report.violations).toBe(0);
    expect(reads.pages).toBe(3);
    // The callback queued before the scan ran while the scan was under way, not after it.
    expect(ranAtPage).toBeGreaterThanOrEqual(1);
    expect(ranAtPage).toBeLessThan(3);
  });
});
