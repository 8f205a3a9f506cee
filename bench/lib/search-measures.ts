import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { exactSearch, MetricKind } from 'usearch';
import { UseLiteModel } from '../../src/adapters/embeddings/use-lite-embedder';
import { OUTBOX_COUNT_UPSERT } from '../../src/adapters/sqlite/graph-bookkeeping';
import { ENTITIES, QUERIES, recallAtK } from '../../test/support/labelled-retrieval';
import { referenceVectors } from '../../test/support/use-lite-reference';
import { cpuSnapshot } from './cpu-noise';
import type { BenchService } from './service';
import { median } from './stats';

/** The index status of the service's workspace. */
export interface IndexStatus {
  state: string;
  indexed: number | null;
  pending: number;
  approximate: { mode: string; points: number | null; backlog: number } | null;
}

export async function indexStatus(
  service: BenchService,
  workspaceId?: string,
): Promise<IndexStatus> {
  const headers = { ...service.headers, ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}) };
  const res = await fetch(`${service.baseUrl}/api/rag/index/status`, { headers });
  if (!res.ok) {
    throw new Error(`index status answered ${res.status}: ${await res.text()}`);
  }
  return ((await res.json()) as { data: IndexStatus }).data;
}

/** Milliseconds until the workspace's approximate graph is ready (or the timeout passes). */
export async function waitForGraph(service: BenchService, timeoutMs: number): Promise<number> {
  const start = performance.now();
  for (;;) {
    const status = await indexStatus(service);
    if (status.approximate?.mode === 'ready' || performance.now() - start > timeoutMs) {
      return performance.now() - start;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Milliseconds until the workspace's outbox is empty and `expected` vectors exist. */
export async function waitForIndex(
  service: BenchService,
  expected: number,
  timeoutMs: number,
  progress: (line: string) => void,
): Promise<number> {
  const start = performance.now();
  let lastReport = start;
  for (;;) {
    const status = await indexStatus(service);
    if (status.pending === 0 && status.indexed === expected) {
      return performance.now() - start;
    }
    if (performance.now() - start > timeoutMs) {
      throw new Error(`indexing did not finish: ${JSON.stringify(status)}`);
    }
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      progress(`  indexing: ${status.indexed ?? 0} indexed, ${status.pending} pending`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Milliseconds until the workspace has nothing pending, no graph on its way (`exact`,
 * `ready` or `failed`) and no changes waiting to be applied to its graph, for `stableMs` in
 * a row (a server starts a graph only once writes have paused for a while), or the timeout
 * passes; the last status seen.
 */
export async function waitForSearchQuiet(
  service: BenchService,
  timeoutMs: number,
  stableMs = 3000,
): Promise<{ ms: number; status: IndexStatus }> {
  const start = performance.now();
  let quietSince: number | null = null;
  for (;;) {
    const status = await indexStatus(service);
    const now = performance.now();
    const settled =
      ['exact', 'ready', 'failed'].includes(status.approximate?.mode ?? 'exact') &&
      (status.approximate?.backlog ?? 0) === 0;
    quietSince = status.pending === 0 && settled ? (quietSince ?? now) : null;
    if ((quietSince !== null && now - quietSince >= stableMs) || now - start > timeoutMs) {
      return { ms: now - start, status };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface SearchLoadResult {
  p50: number;
  p99: number;
  rps: number;
  problems: number;
  /** Server CPU (all threads) per answered request, in ms; null off Linux. */
  serverCpuMs: number | null;
}

/**
 * Bounded autocannon runs (warm-up, then measurement) at `connections`, each connection
 * cycling through the given queries' request bodies.
 */
export async function searchLoad(
  service: BenchService,
  route: string,
  queries: readonly string[],
  options: { extra?: object; connections: number; durationS: number; warmupS: number },
): Promise<SearchLoadResult> {
  const requests = queries.map((query) => ({
    method: 'POST' as const,
    path: route,
    body: JSON.stringify({ query, topK: 10, ...options.extra }),
  }));
  const run = (duration: number) =>
    autocannon({
      url: service.baseUrl,
      headers: service.headers,
      requests,
      connections: options.connections,
      duration,
      timeout: 30,
    });
  if (options.warmupS > 0) {
    await run(options.warmupS);
  }
  const before = cpuSnapshot(service.pid);
  const result = await run(options.durationS);
  const after = cpuSnapshot(service.pid);
  const serverMs =
    before.serverMs === null || after.serverMs === null ? null : after.serverMs - before.serverMs;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    problems: result.non2xx + result.errors + result.timeouts,
    serverCpuMs:
      serverMs === null || result.requests.total === 0 ? null : serverMs / result.requests.total,
  };
}

/**
 * Puts `count` nodes of the workspace back in the search outbox, as a bulk change of that
 * many nodes would (one entry per node, a new seq), from a separate connection.
 */
export function enqueueBacklog(dbFile: string, workspaceId: string, count: number): number {
  const db = new BetterSqlite3(dbFile);
  try {
    db.pragma('busy_timeout = 5000');
    const ids = db
      .prepare<[string, number], string>(
        'SELECT id FROM graph_nodes WHERE workspace_id = ? ORDER BY id LIMIT ?',
      )
      .pluck()
      .all(workspaceId, count);
    const drop = db.prepare('DELETE FROM search_outbox WHERE workspace_id = ? AND node_id = ?');
    const add = db.prepare(
      'INSERT INTO search_outbox (workspace_id, node_id, enqueued_at) VALUES (?, ?, ?)',
    );
    // The outbox's kept count follows, as every writer of the outbox must (migration 013).
    const addCount = db.prepare(OUTBOX_COUNT_UPSERT);
    const now = new Date().toISOString();
    db.transaction(() => {
      let added = 0;
      for (const id of ids) {
        added -= drop.run(workspaceId, id).changes;
        added += add.run(workspaceId, id, now).changes;
      }
      addCount.run(workspaceId, added);
    })();
    return ids.length;
  } finally {
    db.close();
  }
}

/**
 * Removes every search-outbox entry of the workspace from a separate connection (a bulk
 * load's backlog, when a benchmark measures other things than indexing); returns how many.
 */
export function dropBacklog(dbFile: string, workspaceId: string): number {
  const db = new BetterSqlite3(dbFile);
  try {
    db.pragma('busy_timeout = 5000');
    return db.transaction(() => {
      const dropped = db
        .prepare('DELETE FROM search_outbox WHERE workspace_id = ?')
        .run(workspaceId).changes;
      db.prepare(OUTBOX_COUNT_UPSERT).run(workspaceId, -dropped);
      return dropped;
    })();
  } finally {
    db.close();
  }
}

/**
 * recall@10 of the service's search (its ANN path, through HTTP) against an exact cosine
 * scan of the same stored vectors, over `queries` embedded with the bundled model (the
 * query path is deterministic, so the vectors are the ones the service searches with).
 */
export async function annRecallAt10(
  service: BenchService,
  dbFile: string,
  queries: readonly string[],
): Promise<{ recall: number; points: number }> {
  const db = new BetterSqlite3(dbFile, { readonly: true });
  sqliteVec.load(db);
  const model = new UseLiteModel();
  try {
    const rows = db
      .prepare<[string], { node_id: string; embedding: Buffer }>(
        `SELECT n.node_id, e.embedding FROM vector_embeddings e
         JOIN vector_nodes n ON n.id = e.rowid WHERE e.workspace_id = ?`,
      )
      .all(service.workspaceId);
    const dims = await model.query.dimensions();
    const dataset = new Float32Array(rows.length * dims);
    rows.forEach((row, i) => {
      dataset.set(new Float32Array(row.embedding.buffer, row.embedding.byteOffset, dims), i * dims);
    });
    let overlap = 0;
    for (const query of queries) {
      const [vector] = await model.query.embed([query]);
      const exact = exactSearch(dataset, vector!, dims, 10, MetricKind.Cos, 1);
      const expected = new Set(Array.from(exact.keys, (k) => rows[Number(k)]!.node_id));
      const res = await fetch(`${service.baseUrl}/api/rag/search`, {
        method: 'POST',
        headers: service.headers,
        body: JSON.stringify({ query, topK: 10 }),
      });
      const hits = ((await res.json()) as { data: { node: { id: string } }[] }).data;
      overlap += hits.filter((h) => expected.has(h.node.id)).length / expected.size;
    }
    return { recall: overlap / queries.length, points: rows.length };
  } finally {
    await model.close();
    db.close();
  }
}

/** recall@5 of the bundled model and of the reference model on the labelled set. */
export async function labelledRecall(): Promise<{ bundled: number; reference: number }> {
  const model = new UseLiteModel();
  try {
    const texts = QUERIES.map((q) => q.query);
    const entities = await model.background.embed(ENTITIES);
    const queries = await Promise.all(texts.map(async (t) => (await model.query.embed([t]))[0]!));
    return {
      bundled: recallAtK(entities, queries, 5),
      reference: recallAtK(await referenceVectors(ENTITIES), await referenceVectors(texts), 5),
    };
  } finally {
    await model.close();
  }
}

/** Texts/s of the bundled model's index batches, and its load time. */
export async function embedderThroughput(
  texts: readonly string[],
): Promise<{ perSecond: number; loadMs: number; queryMs: number }> {
  const model = new UseLiteModel();
  try {
    // Built, and loaded in every thread: threads start on their first call (a large one
    // starts every index thread), which the throughput below must not include.
    const loadStart = performance.now();
    await Promise.all([model.background.embed(texts.slice(0, 64)), model.query.embed(['load'])]);
    const loadMs = performance.now() - loadStart;
    const start = performance.now();
    for (let i = 0; i < texts.length; i += 64) {
      await model.background.embed(texts.slice(i, i + 64));
    }
    const perSecond = (texts.length * 1000) / (performance.now() - start);
    const single: number[] = [];
    for (const text of texts.slice(0, 200)) {
      const t = performance.now();
      await model.query.embed([text]);
      single.push(performance.now() - t);
    }
    return { perSecond, loadMs, queryMs: median(single) };
  } finally {
    await model.close();
  }
}
