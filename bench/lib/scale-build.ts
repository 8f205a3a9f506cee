import http from 'node:http';
import { newTimeOrderedId } from '../../src/domain/ids';
import { cpuSnapshot, cpuUseBetween } from './cpu-noise';
import { seededRandom } from './search-data';
import type { BenchService } from './service';

/**
 * The scale benchmark's data, written the way a user would write it: through
 * POST /api/commands/batch (1,000 commands a request) and POST /api/imports (an NDJSON
 * upload in the export format). Everything derives from the record's number, so two runs
 * build the same data (ids aside: the service generates them for batches).
 */

/** Commands per batch request: the route's maximum. */
export const BATCH_COMMANDS = 1000;
/** Entity types: each holds 1/20 of the nodes (50,000 of 1,000,000). */
export const ENTITY_TYPES = Array.from(
  { length: 20 },
  (_, i) => `Type${String(i).padStart(2, '0')}`,
);
/** The indexed property (NODE_PROPERTY_INDEXES) and its range: uniform over 0..9,999. */
export const INDEXED_PROPERTY = 'rpm';
export const RPM_VALUES = 10_000;
const EDGE_TYPES = ['FEEDS', 'PART_OF', 'MONITORS'];

/** An uncorrelated, repeatable number for record `i` (spreads values over the index). */
function scramble(i: number): number {
  return Math.imul(i ^ 0x5bd1e995, 0x27d4eb2d) >>> 0;
}

/** The CREATE_NODE payload of node number `i`. */
export function nodePayload(i: number): {
  entityType: string;
  name: string;
  properties: Record<string, string | number | boolean>;
} {
  const entityType = ENTITY_TYPES[i % ENTITY_TYPES.length]!;
  return {
    entityType,
    name: `${entityType} ${scramble(i) % 100_000} unit ${i}`,
    properties: {
      [INDEXED_PROPERTY]: scramble(i + 7) % RPM_VALUES,
      site: `site-${scramble(i + 13) % 500}`,
      active: i % 3 !== 0,
      description: `Equipment record ${i} of the scale benchmark, installed at line ${i % 97}`,
    },
  };
}

/** How fast records went in, overall and over the first and last tenth of them. */
export interface BuildRate {
  records: number;
  seconds: number;
  perSecond: number;
  /** Rates over the first and last tenth of the batches; null for one upload (an import). */
  firstTenthPerSecond: number | null;
  lastTenthPerSecond: number | null;
  /** Server CPU (all its threads) per record, in microseconds; null off Linux. */
  serverCpuUs: number | null;
}

/** Starts timing a build: call the result once it is done, with the records written. */
function startRate(
  service: BenchService,
): (records: number, acks?: readonly number[]) => BuildRate {
  const start = performance.now();
  const before = cpuSnapshot(service.pid);
  return (records, acks = []) => {
    const cpu = cpuUseBetween(before, cpuSnapshot(service.pid));
    const seconds = (performance.now() - start) / 1000;
    // acks: when each batch was acknowledged (ms since the start, sorted).
    const tenth = Math.max(1, Math.floor(acks.length / 10));
    const span = (from: number, to: number) => {
      if (acks.length === 0) {
        return null;
      }
      const ms = (acks[to - 1] ?? 0) - (from === 0 ? 0 : (acks[from - 1] ?? 0));
      return ms > 0 ? ((to - from) * BATCH_COMMANDS * 1000) / ms : null;
    };
    return {
      records,
      seconds,
      perSecond: records / seconds,
      firstTenthPerSecond: span(0, tenth),
      lastTenthPerSecond: span(acks.length - tenth, acks.length),
      serverCpuUs: cpu.server === null ? null : (cpu.server * seconds * 1e6) / records,
    };
  };
}

async function postBatch(service: BenchService, commands: object[]): Promise<string[]> {
  const res = await fetch(`${service.baseUrl}/api/commands/batch`, {
    method: 'POST',
    headers: service.headers,
    body: JSON.stringify({ commands }),
  });
  const text = await res.text();
  if (res.status !== 201) {
    throw new Error(`batch answered ${res.status}: ${text.slice(0, 500)}`);
  }
  const body = JSON.parse(text) as { data: { results: { result: { id: string } }[] } };
  return body.data.results.map((r) => r.result.id);
}

/**
 * Runs `batches` batch requests, `inflight` at a time, in order of their number; returns
 * the acknowledgement time of each (ms since `start`, sorted).
 */
async function runBatches(
  batches: number,
  inflight: number,
  send: (batch: number) => Promise<void>,
  start: number,
  progress?: (done: number) => void,
): Promise<number[]> {
  const done: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < batches) {
      const batch = next;
      next += 1;
      await send(batch);
      done.push(performance.now() - start);
      progress?.(done.length);
    }
  };
  await Promise.all(Array.from({ length: inflight }, worker));
  return done.sort((a, b) => a - b);
}

/**
 * Creates nodes `from` to `to` (exclusive; a multiple of BATCH_COMMANDS apart) through
 * POST /api/commands/batch, `inflight` requests at a time; returns their ids by number.
 */
export async function createNodes(
  service: BenchService,
  range: { from: number; to: number },
  inflight: number,
  progress?: (records: number) => void,
): Promise<{ ids: string[]; rate: BuildRate }> {
  const ids: string[] = new Array<string>(range.to - range.from);
  const batches = Math.ceil((range.to - range.from) / BATCH_COMMANDS);
  const rate = startRate(service);
  const start = performance.now();
  const acks = await runBatches(
    batches,
    inflight,
    async (batch) => {
      const first = range.from + batch * BATCH_COMMANDS;
      const last = Math.min(range.to, first + BATCH_COMMANDS);
      const commands = [];
      for (let i = first; i < last; i += 1) {
        commands.push({ type: 'CREATE_NODE', payload: nodePayload(i) });
      }
      const created = await postBatch(service, commands);
      created.forEach((id, k) => {
        ids[first - range.from + k] = id;
      });
    },
    start,
    progress ? (n) => progress(n * BATCH_COMMANDS) : undefined,
  );
  return { ids, rate: rate(range.to - range.from, acks) };
}

/**
 * Creates `count` edges through POST /api/commands/batch: edge k leaves node k (cycling
 * over the nodes) for a node picked at random, with one of three types.
 */
export async function createEdges(
  service: BenchService,
  nodeIds: readonly string[],
  count: number,
  inflight: number,
  progress?: (records: number) => void,
): Promise<BuildRate> {
  const random = seededRandom(42);
  const targets = Array.from({ length: count }, () => Math.floor(random() * nodeIds.length));
  const batches = Math.ceil(count / BATCH_COMMANDS);
  const rate = startRate(service);
  const start = performance.now();
  const acks = await runBatches(
    batches,
    inflight,
    async (batch) => {
      const commands = [];
      for (
        let k = batch * BATCH_COMMANDS;
        k < Math.min(count, (batch + 1) * BATCH_COMMANDS);
        k += 1
      ) {
        const source = k % nodeIds.length;
        const target = targets[k] === source ? (source + 1) % nodeIds.length : targets[k]!;
        commands.push({
          type: 'CREATE_EDGE',
          payload: {
            type: EDGE_TYPES[k % EDGE_TYPES.length],
            sourceId: nodeIds[source],
            targetId: nodeIds[target],
            properties: { weight: (k % 100) / 10 },
          },
        });
      }
      await postBatch(service, commands);
    },
    start,
    progress ? (n) => progress(n * BATCH_COMMANDS) : undefined,
  );
  return rate(count, acks);
}

/** What POST /api/imports answered. */
export interface ImportOutcome {
  status: string;
  nodes: number;
  unchanged: number;
  errors: unknown[];
}

/**
 * Uploads nodes `from` to `to` as one NDJSON import (node lines in the export format, ids
 * generated here as an export would carry them, then the end line), streamed with
 * backpressure; returns the import record and the rate. Their ids are returned by number.
 */
export async function importNodes(
  service: BenchService,
  range: { from: number; to: number },
): Promise<{ ids: string[]; rate: BuildRate; outcome: ImportOutcome }> {
  const ids: string[] = [];
  const url = new URL('/api/imports', service.baseUrl);
  const rate = startRate(service);
  const outcome = await new Promise<ImportOutcome>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { ...service.headers, 'content-type': 'application/x-ndjson' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 201) {
          reject(new Error(`import answered ${res.statusCode}: ${text.slice(0, 500)}`));
          return;
        }
        resolve((JSON.parse(text) as { data: ImportOutcome }).data);
      });
    });
    let i = range.from;
    const write = () => {
      while (i < range.to) {
        const lines: string[] = [];
        const at = new Date().toISOString();
        for (const end = Math.min(range.to, i + BATCH_COMMANDS); i < end; i += 1) {
          const id = newTimeOrderedId();
          ids.push(id);
          lines.push(
            JSON.stringify({
              kind: 'node',
              id,
              ...nodePayload(i),
              version: 1,
              createdAt: at,
              updatedAt: at,
            }),
          );
        }
        if (!req.write(`${lines.join('\n')}\n`)) {
          req.once('drain', write);
          return;
        }
      }
      req.end(`${JSON.stringify({ kind: 'end', nodes: range.to - range.from, edges: 0 })}\n`);
    };
    write();
  });
  return { ids, outcome, rate: rate(range.to - range.from) };
}
