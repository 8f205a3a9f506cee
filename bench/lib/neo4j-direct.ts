import fs from 'node:fs';
import neo4j, { type Driver, type ManagedTransaction } from 'neo4j-driver';
import { nodeProperties } from '../../src/adapters/neo4j/records';
import { stringField } from '../../src/adapters/neo4j/statement';
import {
  EDGES_BY_IDS,
  HOP_IN,
  HOP_OUT,
  NODE_GET,
  NODES_BY_IDS,
} from '../../src/adapters/neo4j/statements/graph';
import { newTimeOrderedId } from '../../src/domain/ids';
import type { ProbeResult } from './probe-rounds';
import { BATCH_COMMANDS, nodePayload } from './scale-build';

/**
 * The engine without the service: the statements the Neo4j adapter sends
 * (src/adapters/neo4j/statements/graph.ts), sent straight through neo4j-driver from the
 * benchmark process, one session and one managed transaction per unit of work as the
 * adapter's client runs them (src/adapters/neo4j/client.ts). What the service adds over
 * these is its own cost: HTTP, authentication, validation, mapping and presenting records.
 */

/** A driver on the benchmark's Neo4j, with a bookmark manager as the service's client has. */
export interface DirectNeo4j {
  driver: Driver;
  read<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T>;
  write<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function openDirectNeo4j(uri: string, password: string): DirectNeo4j {
  const driver = neo4j.driver(uri, neo4j.auth.basic('neo4j', password), {
    logging: { level: 'error', logger: () => undefined },
  });
  const bookmarkManager = neo4j.bookmarkManager();
  const inSession = async <T>(
    mode: 'READ' | 'WRITE',
    work: (tx: ManagedTransaction) => Promise<T>,
  ): Promise<T> => {
    const session = driver.session({
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      bookmarkManager,
    });
    try {
      return mode === 'READ' ? await session.executeRead(work) : await session.executeWrite(work);
    } finally {
      await session.close();
    }
  };
  return {
    driver,
    read: (work) => inSession('READ', work),
    write: (work) => inSession('WRITE', work),
    close: () => driver.close(),
  };
}

/** The node by id, as GET /api/queries/nodes/{id} reads it on Neo4j (NODE_GET). */
export async function directGetNode(
  tx: ManagedTransaction,
  workspaceId: string,
  id: string,
): Promise<number> {
  const result = await tx.run(NODE_GET.text, { workspaceId, id });
  return result.records.length;
}

/**
 * The neighbourhood of GET /api/queries/nodes/{id}/neighbors?direction=both on Neo4j
 * (src/adapters/neo4j/graph-neighborhood.ts): the start node, one HOP_OUT and one HOP_IN
 * per level over the frontier, then the reached nodes and the edges among them by id, in
 * one read transaction. The frontier is kept as the adapter keeps it (new ids in id order,
 * at most `maxNodes`); the records are read, not mapped. Returns the nodes reached.
 */
export async function directNeighbourhood(
  tx: ManagedTransaction,
  workspaceId: string,
  nodeId: string,
  depth: number,
  maxNodes: number,
): Promise<number> {
  const start = await tx.run(NODE_GET.text, { workspaceId, id: nodeId });
  if (start.records.length === 0) {
    return 0;
  }
  const reached = new Set([nodeId]);
  const edgeIds = new Set<string>();
  let frontier = [nodeId];
  let truncated = false;
  for (let hop = 1; hop <= depth && frontier.length > 0 && !truncated; hop += 1) {
    const steps: { id: string; sourceId: string; targetId: string; next: string }[] = [];
    for (const statement of [HOP_OUT, HOP_IN]) {
      const result = await tx.run(statement.text, { workspaceId, frontier, types: null });
      for (const record of result.records) {
        steps.push({
          id: stringField(record, 'id'),
          sourceId: stringField(record, 'sourceId'),
          targetId: stringField(record, 'targetId'),
          next: stringField(record, 'nextId'),
        });
      }
    }
    const next: string[] = [];
    for (const id of [...new Set(steps.map((s) => s.next))].filter((x) => !reached.has(x)).sort()) {
      if (reached.size >= maxNodes) {
        truncated = true;
        break;
      }
      reached.add(id);
      next.push(id);
    }
    for (const step of steps) {
      if (reached.has(step.sourceId) && reached.has(step.targetId)) {
        edgeIds.add(step.id);
      }
    }
    frontier = next;
  }
  const rest = [...reached].filter((id) => id !== nodeId);
  if (rest.length > 0) {
    await tx.run(NODES_BY_IDS.text, { workspaceId, ids: rest });
  }
  if (edgeIds.size > 0) {
    await tx.run(EDGES_BY_IDS.text, { workspaceId, ids: [...edgeIds] });
  }
  return reached.size;
}

/**
 * Units of work sent `connections` at a time for `durationS` seconds, each in its own
 * session and transaction; the rate counts completed units over the time they took.
 */
export async function directLoad(
  db: DirectNeo4j,
  options: {
    connections: number;
    durationS: number;
    work: (tx: ManagedTransaction, n: number) => Promise<unknown>;
  },
): Promise<ProbeResult> {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  let lastError = '';
  const start = performance.now();
  const deadline = start + options.durationS * 1000;
  let end = start;
  const worker = async () => {
    while (performance.now() < deadline) {
      const at = performance.now();
      const k = n;
      n += 1;
      try {
        await db.read((tx) => options.work(tx, k));
        end = performance.now();
        latencies.push(end - at);
      } catch (error) {
        errors += 1;
        lastError = (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  return rateResult(latencies, latencies.length, (end - start) / 1000, errors, lastError);
}

/**
 * A bare bulk create: nodes `from` to `to` (scale-build's `nodePayload`, the properties and
 * labels CREATE_NODE stores, fresh ids) in transactions of 1,000 rows,
 * `UNWIND $rows AS row CREATE (n:Entity:$(row.entityType)) SET n = row`, `inflight`
 * transactions at a time, into `workspaceId` on the same server and so under the same
 * constraints and indexes as the service's nodes. The rate is nodes/s; latency per transaction.
 */
export async function bareCreate(
  db: DirectNeo4j,
  workspaceId: string,
  range: { from: number; to: number },
  inflight: number,
): Promise<ProbeResult> {
  const batches = Math.ceil((range.to - range.from) / BATCH_COMMANDS);
  const latencies: number[] = [];
  let errors = 0;
  let lastError = '';
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < batches) {
      const first = range.from + next * BATCH_COMMANDS;
      next += 1;
      const at = new Date().toISOString();
      const rows: Record<string, unknown>[] = [];
      for (let i = first; i < Math.min(range.to, first + BATCH_COMMANDS); i += 1) {
        const node = { id: newTimeOrderedId(), ...nodePayload(i), version: 1 };
        rows.push(nodeProperties(workspaceId, { ...node, createdAt: at, updatedAt: at }));
      }
      const began = performance.now();
      try {
        await db.write((tx) => tx.run(BARE_CREATE, { rows }));
        latencies.push(performance.now() - began);
      } catch (error) {
        errors += 1;
        lastError = (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: inflight }, worker));
  const seconds = (performance.now() - start) / 1000;
  return rateResult(latencies, range.to - range.from, seconds, errors, lastError);
}

/** Neo4j 5.26 takes a label from a value with `$(...)`, so one statement serves every type. */
const BARE_CREATE =
  'UNWIND $rows AS row CREATE (n:Entity:$(row.entityType)) SET n = row RETURN count(*) AS created';

function rateResult(
  latencies: number[],
  done: number,
  seconds: number,
  errors: number,
  lastError: string,
): ProbeResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.floor(q * (sorted.length - 1))]! : 0);
  return {
    perSecond: seconds > 0 ? done / seconds : 0,
    total: latencies.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    problems: [
      ...(errors > 0 ? [`${errors} errors (${lastError.slice(0, 120)})`] : []),
      ...(latencies.length === 0 ? ['nothing completed'] : []),
    ],
  };
}

/**
 * The pid of this process's child running `command` (the Neo4j JVM that
 * `startNeo4jTestServer` spawns), read from /proc; null off Linux or when there is none.
 */
export function childPidOf(command: string): number | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (name === command && ppid === process.pid) {
        return Number(entry);
      }
    } catch {
      // The process went away meanwhile.
    }
  }
  return null;
}
