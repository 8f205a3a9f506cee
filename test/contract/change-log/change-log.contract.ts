import { randomUUID } from 'node:crypto';
import type { NewChangeEvent } from '../../../src/domain/change-events';
import type { GraphNode } from '../../../src/domain/graph';
import type { ChangeLogRead, ChangeLogStore } from '../../../src/ports/change-log';
import type { GraphStore } from '../../../src/ports/graph-store';

/** The reads below: the first ten events of a log, unfiltered, examining up to 100. */
export const FIRST_PAGE: ChangeLogRead = { after: 0, filter: {}, limit: 10, scanLimit: 100 };

/** The stores under test, on one engine, and how to remove what a run wrote. */
export interface ChangeLogStores {
  graph: GraphStore;
  changeLog: ChangeLogStore;
  /** Removes these workspaces' records (a shared server keeps everything else). */
  cleanup(workspaceIds: readonly string[]): Promise<void>;
}

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString();

/** A `node.created` event of `subjectId`, with `overrides`. */
export function event(subjectId: string, overrides: Partial<NewChangeEvent> = {}): NewChangeEvent {
  return {
    id: `evt_${randomUUID()}`,
    type: 'node.created',
    occurredAt: at(0),
    actor: { kind: 'apiKey', id: 'key_contract' },
    cause: { commandId: randomUUID() },
    subjectType: 'Pump',
    subjectId,
    data: { before: null, after: { id: subjectId, name: 'ü "quoted" 🚀' } },
    ...overrides,
  };
}

function node(id: string): GraphNode {
  return {
    id,
    entityType: 'Pump',
    name: id,
    properties: {},
    version: 1,
    createdAt: at(0),
    updatedAt: at(0),
  };
}

/**
 * The behaviour every change-log adapter must show (docs/events.md): events appended in a
 * graph transaction commit with it or not at all, numbered per workspace without gaps in
 * commit order, read back by cursor and filter, and trimmed by age with the horizon moved.
 * It never assumes an empty store: every test works in fresh random workspaces.
 */
export function changeLogContract(name: string, factory: () => Promise<ChangeLogStores>): void {
  describe(`ChangeLog contract: ${name}`, () => {
    let stores: ChangeLogStores;
    const used: string[] = [];
    const workspace = () => {
      const id = randomUUID();
      used.push(id);
      return id;
    };
    const append = (ws: string, events: NewChangeEvent[], withNode?: GraphNode) =>
      stores.graph.transaction(ws, async (uow) => {
        if (withNode) {
          await uow.graph.insertNode(withNode);
        }
        return uow.changes.append(events);
      });

    beforeAll(async () => {
      stores = await factory();
    });
    afterAll(async () => {
      await stores.cleanup(used);
    });

    it('numbers events from 1 per workspace, without gaps, and reads them back whole', async () => {
      const ws = workspace();
      const other = workspace();
      expect(await stores.changeLog.bounds(ws)).toEqual({ head: 0, horizon: 0 });
      expect(await append(ws, [event('a'), event('b')])).toBe(2);
      expect(await append(other, [event('x')])).toBe(1);
      const third = event('c', {
        type: 'node.updated',
        subjectTypeBefore: 'Valve',
        cause: { commandId: 'c1', undoOf: 'c0' },
        data: { before: { v: 1 }, after: { v: 2 }, changedKeys: ['v'] },
      });
      expect(await append(ws, [third])).toBe(3);
      const page = await stores.changeLog.read(ws, FIRST_PAGE);
      expect(page.events.map((e) => [e.seq, e.subjectId])).toEqual([
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ]);
      expect(page).toMatchObject({ cursor: 3, more: false });
      expect(page.events[2]).toEqual({ ...third, workspaceId: ws, seq: 3 });
      expect(page.events[0]?.data).toEqual({
        before: null,
        after: { id: 'a', name: 'ü "quoted" 🚀' },
      });
      expect(await stores.changeLog.bounds(ws)).toEqual({ head: 3, horizon: 0 });
      // Another workspace's events never show.
      expect(
        (await stores.changeLog.read(other, FIRST_PAGE)).events.map((e) => e.subjectId),
      ).toEqual(['x']);
    });

    it('appends nothing when the transaction rolls back, and reuses no number', async () => {
      const ws = workspace();
      await append(ws, [event('kept')]);
      await expect(
        stores.graph.transaction(ws, async (uow) => {
          await uow.graph.insertNode(node('rolled-back'));
          await uow.changes.append([event('lost')]);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await stores.graph.getNode(ws, 'rolled-back')).toBeNull();
      await append(ws, [event('next')]);
      const page = await stores.changeLog.read(ws, FIRST_PAGE);
      expect(page.events.map((e) => [e.seq, e.subjectId])).toEqual([
        [1, 'kept'],
        [2, 'next'],
      ]);
    });

    it('commits events with the records of their transaction', async () => {
      const ws = workspace();
      await append(ws, [event('n1')], node('n1'));
      expect(await stores.graph.getNode(ws, 'n1')).not.toBeNull();
      expect((await stores.changeLog.read(ws, FIRST_PAGE)).events).toHaveLength(1);
    });

    it('numbers concurrent transactions of one workspace in commit order, once each', async () => {
      const ws = workspace();
      const heads = await Promise.all(
        Array.from({ length: 12 }, (_, i) => append(ws, [event(`c${i}`), event(`d${i}`)])),
      );
      expect([...heads].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 12 }, (_, i) => 2 * (i + 1)),
      );
      const page = await stores.changeLog.read(ws, { ...FIRST_PAGE, limit: 100 });
      expect(page.events.map((e) => e.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
      // Each transaction's two events are adjacent: nothing interleaved them.
      for (let i = 0; i < 24; i += 2) {
        expect(page.events[i]?.subjectId.slice(1)).toBe(page.events[i + 1]?.subjectId.slice(1));
      }
    });

    it('reads after a cursor, at most limit events, and says whether more follow', async () => {
      const ws = workspace();
      await append(
        ws,
        Array.from({ length: 5 }, (_, i) => event(`e${i + 1}`)),
      );
      const first = await stores.changeLog.read(ws, { ...FIRST_PAGE, limit: 2 });
      expect(first.events.map((e) => e.seq)).toEqual([1, 2]);
      expect(first).toMatchObject({ cursor: 2, more: true });
      const rest = await stores.changeLog.read(ws, { ...FIRST_PAGE, after: first.cursor });
      expect(rest.events.map((e) => e.seq)).toEqual([3, 4, 5]);
      expect(rest).toMatchObject({ cursor: 5, more: false });
      expect(await stores.changeLog.read(ws, { ...FIRST_PAGE, after: 5 })).toEqual({
        events: [],
        cursor: 5,
        more: false,
      });
    });

    it('filters by type and subject type, moving the cursor past what it skipped', async () => {
      const ws = workspace();
      await append(ws, [
        event('p1'),
        event('v1', { subjectType: 'Valve' }),
        event('e1', { type: 'edge.created', subjectType: 'FEEDS' }),
        event('p2', { type: 'node.updated', subjectType: 'Pump', subjectTypeBefore: 'Valve' }),
        event('v2', { type: 'node.deleted', subjectType: 'Valve' }),
      ]);
      const valves = await stores.changeLog.read(ws, {
        ...FIRST_PAGE,
        filter: { subjectType: 'Valve' },
      });
      expect(valves.events.map((e) => e.subjectId)).toEqual(['v1', 'p2', 'v2']);
      const created = await stores.changeLog.read(ws, {
        ...FIRST_PAGE,
        filter: { types: ['node.created'] },
      });
      expect(created.events.map((e) => e.subjectId)).toEqual(['p1', 'v1']);
      expect(created).toMatchObject({ cursor: 5, more: false });
      // The scan limit bounds the work: fewer events, a cursor further on, more to come.
      const scanned = await stores.changeLog.read(ws, {
        after: 0,
        filter: { types: ['node.deleted'] },
        limit: 10,
        scanLimit: 2,
      });
      expect(scanned).toEqual({ events: [], cursor: 2, more: true });
    });

    it('reads a long append back in order, in pages that start and end anywhere', async () => {
      const ws = workspace();
      const later = at(1);
      const events = [
        ...Array.from({ length: 2500 }, (_, i) => event(`n${i}`)),
        ...Array.from({ length: 3 }, (_, i) => event(`m${i}`, { occurredAt: later })),
      ];
      expect(await append(ws, events)).toBe(2503);
      const all = await stores.changeLog.read(ws, {
        after: 0,
        filter: {},
        limit: 5000,
        scanLimit: 10_000,
      });
      expect(all.events.map((e) => e.subjectId)).toEqual(events.map((e) => e.subjectId));
      expect(all.events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      expect(all.events[2501]?.occurredAt).toBe(later);
      const seqs = async (after: number, limit: number) =>
        (
          await stores.changeLog.read(ws, { ...FIRST_PAGE, after, limit, scanLimit: 10_000 })
        ).events.map((e) => e.seq);
      expect(await seqs(998, 4)).toEqual([999, 1000, 1001, 1002]);
      expect(await seqs(2499, 3)).toEqual([2500, 2501, 2502]);
      expect(await seqs(2502, 10)).toEqual([2503]);
      // The scan limit counts events, however they are stored.
      const scanned = await stores.changeLog.read(ws, {
        after: 10,
        filter: { types: ['node.deleted'] },
        limit: 10,
        scanLimit: 1500,
      });
      expect(scanned).toEqual({ events: [], cursor: 1510, more: true });
    });

    it('trims the events of one transaction and time together, even past the step', async () => {
      const ws = workspace();
      const old = (i: number) => new Date(Date.UTC(1990, 0, 1, 0, 0, i)).toISOString();
      const three = (prefix: string, i: number) =>
        [1, 2, 3].map((n) => event(`${prefix}${n}`, { occurredAt: old(i) }));
      await append(ws, three('a', 1));
      await append(ws, three('b', 2));
      await append(ws, [event('c1', { occurredAt: old(3) })]);
      // Retention is global: other workspaces' events older than the cut may go first.
      const cut = '1990-01-01T00:00:03.000Z';
      let removed = 0;
      for (let i = 0; i < 100 && (await stores.changeLog.bounds(ws)).horizon < 3; i += 1) {
        removed = await stores.changeLog.trim(cut, 4);
      }
      expect(removed).toBe(3);
      expect(await stores.changeLog.bounds(ws)).toEqual({ head: 7, horizon: 3 });
      // The three events of one transaction go at once, even under a step of one.
      expect(await stores.changeLog.trim(cut, 1)).toBe(3);
      expect(await stores.changeLog.bounds(ws)).toEqual({ head: 7, horizon: 6 });
      const page = await stores.changeLog.read(ws, FIRST_PAGE);
      expect(page.events.map((e) => e.seq)).toEqual([7]);
    });

    it('trims events older than a time in steps, and raises the horizon past them', async () => {
      const ws = workspace();
      await append(ws, [event('old1', { occurredAt: '2000-01-01T00:00:00.000Z' })]);
      await append(ws, [event('old2', { occurredAt: '2000-01-01T00:00:01.000Z' })]);
      await append(ws, [event('new', { occurredAt: '2999-01-01T00:00:00.000Z' })]);
      // Other workspaces' old events may be trimmed too (retention is global): trim until
      // none older than the cut is left, then look at this workspace.
      for (
        let i = 0;
        i < 100 && (await stores.changeLog.trim('2001-01-01T00:00:00.000Z', 1)) > 0;
        i += 1
      ) {
        // one at a time: the step bound
      }
      expect(await stores.changeLog.bounds(ws)).toEqual({ head: 3, horizon: 2 });
      const page = await stores.changeLog.read(ws, { ...FIRST_PAGE, after: 2 });
      expect(page.events.map((e) => e.subjectId)).toEqual(['new']);
      expect(await stores.changeLog.trim('2001-01-01T00:00:00.000Z', 10)).toBe(0);
    });
  });
}
