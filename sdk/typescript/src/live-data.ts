/**
 * Sends any number of live-data points through `POST /api/live-data/ingest`, in requests
 * of at most what the route takes: 10,000 points over at most 100 sources. Each request is
 * all or nothing; a failed one stops the upload, and the error says which chunk failed and
 * what the chunks before it stored.
 *
 * Retries: the route is idempotent (a point is identified by its source and timestamp, and
 * sending it again replaces it with itself), so a chunk is retried after a 429, a 503 or a
 * lost answer like a read; the route reads no Idempotency-Key and none is sent.
 */
import type { components } from './generated/openapi';

type Schemas = components['schemas'];

/** A point as the ingest route takes it. */
export type DataPoint = Schemas['DataPointIn'];

/** A point and the live-data source it belongs to. */
export type SourcePoint = DataPoint & { sourceId: string };

/** Most points one ingest request may carry (over all its sources). */
export const MAX_INGEST_POINTS = 10_000;
/** Most sources one ingest request may name. */
export const MAX_INGEST_SOURCES = 100;

/** Options of `client.liveData.ingest`. */
export interface IngestOptions {
  /**
   * Points per request, 1 to 10,000 (default). Lower it when points carry many long tags:
   * the route's body limit (`LIVE_DATA_BODY_LIMIT_BYTES`, 4 MiB by default) may be reached
   * first.
   */
  chunkSize?: number;
  /** Aborts the upload (and any retry waiting); chunks already stored stay stored. */
  signal?: AbortSignal;
}

/** What an upload stored. */
export interface IngestTotals {
  /** Points the service accepted, over all chunks. */
  accepted: number;
  /** Requests sent. */
  chunks: number;
}

/** A chunk the service refused; every chunk before it is stored, nothing of it. */
export class IngestChunkError extends Error {
  override readonly name = 'IngestChunkError';

  constructor(
    /** Index (0-based) of the failed chunk. */
    readonly chunk: number,
    /** Index in the input of the chunk's first point. */
    readonly firstPoint: number,
    /** Points accepted by the chunks before it (all stored). */
    readonly accepted: number,
    /**
     * Index in the input of the first point the service names as bad (from the answer's
     * `details.issues`), when it names one.
     */
    readonly badPoint: number | undefined,
    /** The error of the request (a `WosApiError` for an answer of the service). */
    override readonly cause: unknown,
  ) {
    const where = badPoint === undefined ? '' : ` (input point ${badPoint})`;
    super(
      `live-data chunk ${chunk}, from input point ${firstPoint}, failed${where}: ` +
        `${cause instanceof Error ? cause.message : String(cause)}; ` +
        `${accepted} points in ${chunk} chunks were stored before it`,
    );
  }
}

/** One request being assembled: the points per source, with each point's input index. */
class Chunk {
  readonly sources = new Map<string, { points: DataPoint[]; indexes: number[] }>();
  size = 0;
  first = -1;

  /** Whether `sourceId` fits: a new source counts against the route's source limit. */
  takes(sourceId: string): boolean {
    return this.sources.has(sourceId) || this.sources.size < MAX_INGEST_SOURCES;
  }

  add(point: SourcePoint, index: number): void {
    const { sourceId, ...rest } = point;
    let batch = this.sources.get(sourceId);
    if (!batch) {
      batch = { points: [], indexes: [] };
      this.sources.set(sourceId, batch);
    }
    batch.points.push(rest);
    batch.indexes.push(index);
    if (this.first < 0) {
      this.first = index;
    }
    this.size += 1;
  }

  body(): Schemas['IngestRequest'] {
    return {
      batches: [...this.sources].map(([sourceId, { points }]) => ({ sourceId, points })),
    };
  }

  /** The input index of the point at `body.batches.<b>.points.<p>`, if `path` names one. */
  inputIndex(path: unknown): number | undefined {
    const match = typeof path === 'string' ? /batches\.(\d+)\.points\.(\d+)/.exec(path) : null;
    if (!match) {
      return undefined;
    }
    const batch = [...this.sources.values()][Number(match[1])];
    return batch?.indexes[Number(match[2])];
  }
}

/** The path of the first issue of an error's `details.issues`, if it has one. */
function firstIssuePath(error: unknown): unknown {
  const details = (error as { details?: { issues?: { path?: unknown }[] } } | null)?.details;
  return details?.issues?.[0]?.path;
}

/**
 * Sends `points` in chunks through `send` (one ingest request, resolving with `accepted`),
 * one chunk at a time, in input order.
 */
export async function ingestInChunks(
  send: (body: Schemas['IngestRequest'], signal?: AbortSignal) => Promise<number>,
  points: Iterable<SourcePoint> | AsyncIterable<SourcePoint>,
  options: IngestOptions = {},
): Promise<IngestTotals> {
  const chunkSize = options.chunkSize ?? MAX_INGEST_POINTS;
  if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > MAX_INGEST_POINTS) {
    throw new RangeError(`chunkSize must be an integer from 1 to ${MAX_INGEST_POINTS}`);
  }
  const totals: IngestTotals = { accepted: 0, chunks: 0 };
  const flush = async (chunk: Chunk) => {
    try {
      totals.accepted += await send(chunk.body(), options.signal);
    } catch (error) {
      const bad = chunk.inputIndex(firstIssuePath(error));
      throw new IngestChunkError(totals.chunks, chunk.first, totals.accepted, bad, error);
    }
    totals.chunks += 1;
  };
  let chunk = new Chunk();
  let index = 0;
  for await (const point of points) {
    if (chunk.size >= chunkSize || !chunk.takes(point.sourceId)) {
      await flush(chunk);
      chunk = new Chunk();
    }
    chunk.add(point, index);
    index += 1;
  }
  if (chunk.size > 0) {
    await flush(chunk);
  }
  return totals;
}
