import type { IndexOutbox, OutboxEntry } from '../../ports/index-outbox';
import type { Neo4jClient } from './client';
import { countField, field, runAll, runOne, stringField } from './statement';
import {
  OUTBOX_COMPLETE,
  OUTBOX_ENQUEUE,
  OUTBOX_NODE_IDS,
  OUTBOX_PEEK,
  OUTBOX_PENDING,
  OUTBOX_PENDING_ALL,
} from './statements/search';
import { toInt, toNumber } from './values';

/** Entities enqueued per write transaction by `enqueueWorkspace`. */
const ENQUEUE_CHUNK = 1000;

/**
 * The search outbox in Neo4j. Entries are written by `Neo4jGraphWriter` in the same
 * transaction as each entity change; this adapter reads and removes them, and enqueues
 * whole workspaces for `cli reindex`.
 */
export class Neo4jIndexOutbox implements IndexOutbox {
  constructor(private readonly client: Neo4jClient) {}

  peek(limit: number, after = 0): Promise<OutboxEntry[]> {
    return this.client.read(async (tx) => {
      const records = await runAll(tx, OUTBOX_PEEK, { limit: toInt(limit), after: toInt(after) });
      return records.map((record) => ({
        workspaceId: stringField(record, 'workspaceId'),
        nodeId: stringField(record, 'nodeId'),
        seq: toNumber(field(record, 'seq')),
        enqueuedAt: stringField(record, 'enqueuedAt'),
      }));
    });
  }

  async complete(entries: readonly OutboxEntry[]): Promise<void> {
    if (entries.length === 0) {
      return;
    }
    await this.client.write((tx) =>
      runAll(tx, OUTBOX_COMPLETE, {
        entries: entries.map((entry) => ({
          workspaceId: entry.workspaceId,
          nodeId: entry.nodeId,
          seq: toInt(entry.seq),
        })),
      }),
    );
  }

  pending(workspaceId: string): Promise<number> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, OUTBOX_PENDING, { workspaceId });
      return countField(record, 'pending');
    });
  }

  pendingAll(): Promise<number> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, OUTBOX_PENDING_ALL, {});
      return countField(record, 'pending');
    });
  }

  /** In chunks of 1,000 entities, one write transaction each. */
  async enqueueWorkspace(workspaceId: string): Promise<number> {
    let after = '';
    let total = 0;
    for (;;) {
      const ids = await this.client.read(async (tx) => {
        const records = await runAll(tx, OUTBOX_NODE_IDS, {
          workspaceId,
          after,
          limit: toInt(ENQUEUE_CHUNK),
        });
        return records.map((record) => stringField(record, 'id'));
      });
      if (ids.length === 0) {
        return total;
      }
      await this.client.write((tx) =>
        runAll(tx, OUTBOX_ENQUEUE, {
          workspaceId,
          nodeIds: ids,
          enqueuedAt: new Date().toISOString(),
        }),
      );
      total += ids.length;
      after = ids[ids.length - 1] ?? after;
    }
  }
}
