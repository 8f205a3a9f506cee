import { randomUUID } from 'node:crypto';
import neo4j from 'neo4j-driver';
import type { NewChangeEvent } from '../../../src/domain/change-events';
import { neo4jTarget, purge } from '../../support/neo4j';
import { changeLogContract, event, FIRST_PAGE } from './change-log.contract';
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
      (
        await stores.changeLog.read(ws, { ...FIRST_PAGE, after, limit, scanLimit: 10_000 })
      ).events.map((e) => e.seq);

    it('stores an append in blocks of one time, at most 1,000 events per node', async () => {
      const ws = workspace();
      const at = new Date().toISOString();
      const later = new Date(Date.now() + 1000).toISOString();
      const events = [
        ...Array.from({ length: 2500 }, (_, i) => event(`n${i}`, { occurredAt: at })),
        ...Array.from({ length: 3 }, (_, i) => event(`m${i}`, { occurredAt: later })),
      ];
      expect(await append(ws, events)).toBe(2503);
      expect(await nodesOf(ws)).toEqual([1000, 1000, 500, 3]);
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
      expect(
        await append(ws, [event('new1', { occurredAt: at }), event('new2', { occurredAt: at })]),
      ).toBe(4);
      const page = await stores.changeLog.read(ws, FIRST_PAGE);
      expect(page.events.map((e) => [e.seq, e.subjectId])).toEqual([
        [1, 'old1'],
        [2, 'old2'],
        [3, 'new1'],
        [4, 'new2'],
      ]);
      expect(page.events[1]).toMatchObject({ id: 'evt_old2', subjectTypeBefore: 'Valve' });
      expect(page.events[0]).not.toHaveProperty('subjectTypeBefore');
      const valves = await stores.changeLog.read(ws, {
        ...FIRST_PAGE,
        filter: { subjectType: 'Valve' },
      });
      expect(valves.events.map((e) => e.subjectId)).toEqual(['old2']);
      expect(await seqsOf(ws, 1, 2)).toEqual([2, 3]);
    });
  });
}
