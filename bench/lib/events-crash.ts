import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkDeliveries, checkLog, CrashLedger, type Outcome } from './crash-ledger';
import {
  createSubscription,
  logHead,
  nodePayload,
  readWholeLog,
  subscriptionState,
  waitFor,
} from './feed-api';
import { startFeedService, type GoalResult, type PhaseContext } from './events-phase';
import type { BenchService } from './service';
import { formatFixed, formatInt } from './stats';
import { startWebhookReceiver } from './webhook-receiver';

export interface CrashKnobs {
  /** Times the service is killed with SIGKILL mid-write. */
  kills: number;
  /** Writers sending requests back to back. */
  writers: number;
  /** Each round writes for a random time in this range before the kill. */
  minWriteMs: number;
  maxWriteMs: number;
}

/** Nodes and edges in each batch the writers send. */
const BATCH_NODES = 20;
const BATCH_EDGES = 10;
/** How long the subscription gets to catch up with the log after the last restart. */
const CATCH_UP_MS = 120_000;

/**
 * Goal 5: no loss across kill -9. Rounds on one DATA_DIR: start the service, write (single
 * CREATE_NODE and UPDATE_NODE, and batches of nodes and edges) with several writers, kill -9
 * at a random moment, start again. Then the whole log is checked against every answer the
 * writers got, and a webhook subscription created before the first write must have received
 * every event, repeats only for attempts in flight at a kill.
 */
export async function measureCrashes(ctx: PhaseContext, knobs: CrashKnobs): Promise<GoalResult[]> {
  const { log, random } = ctx;
  log(
    `\nGoal 5: no loss, ${knobs.kills} x kill -9 while ${knobs.writers} writers send commands ` +
      `and batches (${formatFixed(knobs.minWriteMs / 1000, 1)}-${formatFixed(knobs.maxWriteMs / 1000, 1)} s each)`,
  );
  const dataDir = path.join(ctx.tmp, 'crash');
  const receiver = await startWebhookReceiver();
  const ledger = new CrashLedger();
  let service = await startFeedService(ctx, 'crash', { dataDir });
  const identity = { apiKey: service.apiKey, workspaceId: service.workspaceId };
  try {
    const subscriptionId = await createSubscription(service, receiver.url('crash'));
    let counter = 0;
    const next = () => (counter += 1);
    for (let round = 1; round <= knobs.kills; round += 1) {
      if (round > 1) {
        service = await startFeedService(ctx, 'crash', { dataDir, identity });
      }
      const before = { acked: ledger.count('acked'), doubt: ledger.count('doubt') };
      const target = service;
      let stopped = false;
      const writers = Array.from({ length: knobs.writers }, async () => {
        while (!stopped) {
          await writeOnce(target, ledger, random, next);
        }
      });
      const writeMs = knobs.minWriteMs + random() * (knobs.maxWriteMs - knobs.minWriteMs);
      await sleep(writeMs);
      process.kill(service.pid, 'SIGKILL');
      stopped = true;
      await service.stop();
      await Promise.all(writers);
      log(
        `  kill ${round}: after ${formatFixed(writeMs / 1000, 2)} s, ` +
          `${formatInt(ledger.count('acked') - before.acked)} changes acknowledged, ` +
          `${ledger.count('doubt') - before.doubt} in flight`,
      );
    }
    service = await startFeedService(ctx, 'crash', { dataDir, identity });
    const head = await logHead(service);
    const caughtUp = await waitFor(
      async () => (await subscriptionState(service, subscriptionId)).cursor >= head,
      CATCH_UP_MS,
      200,
    );
    const events = await readWholeLog(service);
    // Deliveries of the last events may still be on their way in when the cursor moved.
    await sleep(200);
    const logCheck = checkLog(events, ledger);
    const hooks = checkDeliveries(
      events,
      receiver.deliveries.filter((d) => d.path === '/s/crash'),
    );
    log(
      `  log: ${formatInt(events.length)} events, ${logCheck.gaps} out of place; ` +
        `acknowledged ${formatInt(ledger.count('acked'))}: missing ${logCheck.ackedMissing}; ` +
        `repeated ${logCheck.repeated}; failed but present ${logCheck.failedPresent}; ` +
        `unexpected ${logCheck.unexpected}; before their record's creation ${logCheck.beforeCreate}`,
    );
    log(
      `  in flight at a kill: ${logCheck.inDoubtPresent} committed, ${logCheck.inDoubtAbsent} not; ` +
        `error answers: ${[...ledger.failures].map(([status, n]) => `${n} x ${status}`).join(', ') || 'none'}`,
    );
    log(
      `  webhook: ${caughtUp ? 'caught up' : `NOT caught up after ${CATCH_UP_MS / 1000} s`}; ` +
        `${formatInt(hooks.received)} deliveries, missing ${hooks.missing}, ` +
        `duplicates ${hooks.duplicates} (${formatFixed(hooks.duplicates / knobs.kills, 2)} per kill), ` +
        `unknown ${hooks.unknown}, out of order ${hooks.outOfOrder}`,
    );
    const logOk =
      logCheck.gaps === 0 &&
      logCheck.ackedMissing === 0 &&
      logCheck.repeated === 0 &&
      logCheck.failedPresent === 0 &&
      logCheck.unexpected === 0 &&
      logCheck.beforeCreate === 0;
    return [
      {
        goal: `no loss across kill -9 (x${knobs.kills}): every acknowledged change once, seqs 1..n, in order`,
        measured:
          `${formatInt(events.length)} events, ${logCheck.ackedMissing} lost, ${logCheck.repeated} repeated, ` +
          `${logCheck.gaps} gaps, ${logCheck.beforeCreate} out of order`,
        met: logOk,
      },
      {
        // One attempt at a time per subscription: at most one is in flight at a kill.
        goal: 'webhook across the kills: every event at least once, at most 1 repeat per kill',
        measured: `${hooks.missing} missing, ${hooks.duplicates} duplicates, ${hooks.outOfOrder} out of order`,
        met:
          caughtUp &&
          hooks.missing === 0 &&
          hooks.unknown === 0 &&
          hooks.outOfOrder === 0 &&
          hooks.duplicates <= knobs.kills,
      },
    ];
  } finally {
    await service.stop();
    await receiver.close();
  }
}

/**
 * One request: a CREATE_NODE (half the time), an UPDATE_NODE of an acknowledged node, or a
 * batch of nodes and edges between them. Its changes are in doubt until it is answered;
 * any 2xx acknowledges them (an update is answered 200, a creation 201).
 */
async function writeOnce(
  service: BenchService,
  ledger: CrashLedger,
  random: () => number,
  next: () => number,
): Promise<void> {
  const pick = random();
  let body: object;
  let url = `${service.baseUrl}/api/commands/execute`;
  const changes: { nodes?: string[]; edges?: string[]; updates?: number[] } = {};
  if (pick < 0.25 && ledger.ackedNodes.length > 0) {
    const rev = next();
    const id = ledger.ackedNodes[Math.floor(random() * ledger.ackedNodes.length)]!;
    body = { type: 'UPDATE_NODE', payload: { id, properties: { rev } } };
    changes.updates = [rev];
  } else if (pick < 0.5) {
    const n = next();
    const nodes = Array.from({ length: BATCH_NODES }, (_, i) => `b${n}-${i}`);
    const edges = Array.from({ length: BATCH_EDGES }, (_, i) => `b${n}-e${i}`);
    url = `${service.baseUrl}/api/commands/batch`;
    body = {
      commands: [
        ...nodes.map((id, i) => ({ type: 'CREATE_NODE', payload: nodePayload(i, id) })),
        ...edges.map((id, i) => ({
          type: 'CREATE_EDGE',
          payload: { id, type: 'FEEDS', sourceId: { $ref: 2 * i }, targetId: { $ref: 2 * i + 1 } },
        })),
      ],
    };
    changes.nodes = nodes;
    changes.edges = edges;
  } else {
    const n = next();
    const id = `c${n}`;
    body = { type: 'CREATE_NODE', payload: nodePayload(n, id) };
    changes.nodes = [id];
  }
  ledger.settle(changes, 'doubt');
  let outcome: Outcome = 'doubt';
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: service.headers,
      body: JSON.stringify(body),
    });
    // The status line is the answer: a body cut short by the kill does not undo it.
    outcome = res.ok ? 'acked' : 'failed';
    if (!res.ok) {
      ledger.failures.set(res.status, (ledger.failures.get(res.status) ?? 0) + 1);
    }
    await res.arrayBuffer().catch(() => undefined);
  } catch {
    // Cut by the kill: committed or not, nobody was told.
    await sleep(5);
  }
  if (outcome !== 'doubt') {
    ledger.settle(changes, outcome);
  }
}
