import { randomUUID } from 'node:crypto';
import neo4j from 'neo4j-driver';
import type { NewChangeEvent } from '../../../src/domain/change-events';
import { neo4jTarget, purge } from '../../support/neo4j';
import { changeLogContract } from './change-log.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

if (!target.available) {
  skipEngine('ChangeLog', 'neo4j', target.reason);
} else {
  changeLogContract('neo4j', () => {
    const stores = target.open();
    return Promise.resolve({
      graph: stores.graph,
      changeLog: stores.changeLog,
      cleanup: async (workspaceIds) => {
        await purge(stores.graph, workspaceIds);
        await stores.close();
      },
    });
  });

  /**
   * Neo4j stores a transaction's events in blocks of up to a thousand per node
   * (statements/change-log.ts), and still reads events stored one per node.
   */
  describe('ChangeLog on Neo4j: events stored in blocks', () => {
    const stores = target.open();
    const used: string[] = [];
    const workspace = () => {
      const id = randomUUID();
      used.push(id);
      return id;
    };
    afterAll(async () => {
      await purge(stores.graph, used);
      await stores.close();
    });

    const event = (subjectId: string, occurredAt: string): NewChangeEvent => ({
      id: `evt_${randomUUID()}`,
      type: 'node.created',
      occurredAt,
      actor: { kind: 'apiKey', id: 'key_blocks' },
      cause: {},
      subjectType: 'Pump',
      subjectId,
      data: { before: null, after: { id: subjectId } },
    });
    const append = (ws: string, events: NewChangeEvent[]) =>
      stores.graph.transaction(ws, (uow) => uow.changes.append(events));
    const nodesOf = (ws: string) =>
      stores.client.read(async (tx) => {
        const result = await tx.run(
          'MATCH (e:_ChangeEvent {workspaceId: $ws}) RETURN e.count AS count ORDER BY e.seq',
          { ws },
        );
        return result.records.map((record) => Number(record.get('count')));
      });
    const seqsOf = async (ws: string, after: number, limit: number) =>
      (await stores.changeLog.read(ws, after, {}, limit, 10_000)).events.map((e) => e.seq);

    it('splits an append into blocks of one time, at most 1,000 events, read back in order', async () => {
      const ws = workspace();
      const at = new Date().toISOString();
      const later = new Date(Date.now() + 1000).toISOString();
      const events = [
        ...Array.from({ length: 2500 }, (_, i) => event(`n${i}`, at)),
        ...Array.from({ length: 3 }, (_, i) => event(`m${i}`, later)),
      ];
      expect(await append(ws, events)).toBe(2503);
      expect(await nodesOf(ws)).toEqual([1000, 1000, 500, 3]);
      const all = await stores.changeLog.read(ws, 0, {}, 5000, 10_000);
      expect(all.events.map((e) => e.subjectId)).toEqual(events.map((e) => e.subjectId));
      expect(all.events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      expect(all.events[2501]?.occurredAt).toBe(later);
      // Pages that start and end inside blocks.
      expect(await seqsOf(ws, 998, 4)).toEqual([999, 1000, 1001, 1002]);
      expect(await seqsOf(ws, 2499, 3)).toEqual([2500, 2501, 2502]);
      expect(await seqsOf(ws, 2502, 10)).toEqual([2503]);
    });

    it('reads events stored one per node by an earlier layout, then blocks after them', async () => {
      const ws = workspace();
      const at = '2000-01-01T00:00:00.000Z';
      await stores.client.write(async (tx) => {
        await tx.run(
          `CREATE (:_ChangeLogHead {workspaceId: $ws, head: $two, horizon: $zero})
           WITH 1 AS one
           UNWIND [1, 2] AS seq
           CREATE (:_ChangeEvent {workspaceId: $ws, seq: seq, id: 'evt_old' + seq,
             type: 'node.updated', occurredAt: $at, subjectType: 'Pump',
             subjectTypeBefore: CASE seq WHEN 2 THEN 'Valve' END, subjectId: 'old' + seq,
             body: $body})`,
          {
            ws,
            two: neo4j.int(2),
            zero: neo4j.int(0),
            at,
            body: JSON.stringify({ actor: { kind: 'system', id: null }, cause: {}, data: {} }),
          },
        );
      });
      expect(await append(ws, [event('new1', at), event('new2', at)])).toBe(4);
      const page = await stores.changeLog.read(ws, 0, {}, 10, 100);
      expect(page.events.map((e) => [e.seq, e.subjectId])).toEqual([
        [1, 'old1'],
        [2, 'old2'],
        [3, 'new1'],
        [4, 'new2'],
      ]);
      expect(page.events[1]).toMatchObject({ id: 'evt_old2', subjectTypeBefore: 'Valve' });
      expect(page.events[0]).not.toHaveProperty('subjectTypeBefore');
      const valves = await stores.changeLog.read(ws, 0, { subjectType: 'Valve' }, 10, 100);
      expect(valves.events.map((e) => e.subjectId)).toEqual(['old2']);
      expect(await seqsOf(ws, 1, 2)).toEqual([2, 3]);
    });

    it('trims whole blocks, as many as hold at most the limit of events and at least one', async () => {
      const ws = workspace();
      const old = (i: number) => new Date(Date.UTC(1990, 0, 1, 0, 0, i)).toISOString();
      await append(ws, [event('a1', old(1)), event('a2', old(1)), event('a3', old(1))]);
      await append(ws, [event('b1', old(2)), event('b2', old(2)), event('b3', old(2))]);
      await append(ws, [event('c1', old(3))]);
      // Retention is global: other workspaces' events older than the cut may go first.
      const cut = '1990-01-01T00:00:03.000Z';
      let removed = 0;
      for (let i = 0; i < 100 && (await stores.changeLog.bounds(ws)).horizon < 3; i += 1) {
        removed = await stores.changeLog.trim(cut, 4);
      }
      expect(removed).toBe(3);
      expect(await stores.changeLog.bounds(ws)).toEqual({ head: 7, horizon: 3 });
      // One block of three events, even under a limit of one.
      expect(await stores.changeLog.trim(cut, 1)).toBe(3);
      expect(await stores.changeLog.bounds(ws)).toEqual({ head: 7, horizon: 6 });
      expect(await seqsOf(ws, 0, 10)).toEqual([7]);
    });
  });
}
