import {
  IngestChunkError,
  MAX_INGEST_POINTS,
  WosApiError,
  type SourcePoint,
  type WosClient,
} from '../src';
import { ingestInChunks } from '../src/live-data';
import { fetchCuttingAnswers, startSdkService, type SdkService } from './support/sdk-service';

/** A day ago, so every point is well inside the window the route accepts. */
const START_MS = Date.now() - 24 * 3600_000;

/** `count` points, one a second, taking turns over `sources`. */
function* points(sources: string[], count: number, bad?: number): Generator<SourcePoint> {
  for (let i = 0; i < count; i += 1) {
    yield {
      sourceId: sources[i % sources.length]!,
      timestamp: START_MS + i * 1000,
      // NaN travels as JSON null, which the route refuses ("must be a finite number").
      value: i === bad ? Number.NaN : i,
    };
  }
}

/** `items` as an async iterable, as a stream of readings would arrive. */
async function* arriving<T>(items: Iterable<T>): AsyncGenerator<T> {
  for (const item of items) {
    await Promise.resolve();
    yield item;
  }
}

async function newSource(client: WosClient, name: string): Promise<string> {
  return (await client.operations.createLiveDataSource({ body: { name } })).data.id;
}

async function pointCount(client: WosClient, id: string): Promise<number> {
  return (await client.operations.getLiveDataSource({ path: { id } })).data.pointCount;
}

describe('live-data ingest in chunks', () => {
  let s: SdkService;
  beforeAll(async () => {
    s = await startSdkService();
  });
  afterAll(async () => {
    await s.close();
  });

  it('sends more points than one request holds, in chunks of the route maximum', async () => {
    const a = await newSource(s.client, 'chunked a');
    const b = await newSource(s.client, 'chunked b');
    const total = 2 * MAX_INGEST_POINTS + 1;
    const totals = await s.client.liveData.ingest(arriving(points([a, b], total)));
    expect(totals).toEqual({ accepted: total, chunks: 3 });
    expect(await pointCount(s.client, a)).toBe(MAX_INGEST_POINTS + 1);
    expect(await pointCount(s.client, b)).toBe(MAX_INGEST_POINTS);
  }, 60_000);

  it('stops at a refused chunk, naming it, the bad point and what was stored before', async () => {
    const a = await newSource(s.client, 'refused');
    const error = await s.client.liveData
      .ingest(points([a], 15_000, 12_345), { chunkSize: 5000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestChunkError);
    const refused = error as IngestChunkError;
    expect(refused).toMatchObject({
      chunk: 2,
      firstPoint: 10_000,
      accepted: 10_000,
      badPoint: 12_345,
    });
    expect(refused.cause).toBeInstanceOf(WosApiError);
    expect(refused.cause).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(refused.message).toMatch(/chunk 2.*input point 12345.*10000 points in 2 chunks/);
    // All or nothing per request: the two chunks before it, nothing of it or after it.
    expect(await pointCount(s.client, a)).toBe(10_000);
  }, 60_000);

  it('retries a chunk whose answer was lost: the route is idempotent', async () => {
    const a = await newSource(s.client, 'cut');
    const { fetch, calls, keys } = fetchCuttingAnswers(1);
    const client = s.clientWith({ fetch, retry: { baseDelayMs: 1 } });
    const totals = await client.liveData.ingest(points([a], 30));
    expect(totals).toEqual({ accepted: 30, chunks: 1 });
    expect(calls).toEqual(['POST /api/live-data/ingest', 'POST /api/live-data/ingest']);
    expect(keys).toEqual([null, null]);
    expect(await pointCount(s.client, a)).toBe(30);
  });
});

describe('live-data chunks, without the service', () => {
  it('starts a new request at the route limit of 100 sources', async () => {
    const bodies: unknown[] = [];
    const sources = Array.from({ length: 250 }, (_, i) => `source-${i}`);
    const totals = await ingestInChunks(
      (body) => {
        bodies.push(body);
        return Promise.resolve(
          'batches' in body ? body.batches.reduce((n, b) => n + b.points.length, 0) : 0,
        );
      },
      points(sources, 250),
    );
    expect(totals).toEqual({ accepted: 250, chunks: 3 });
    expect(bodies.map((body) => (body as { batches: unknown[] }).batches.length)).toEqual([
      100, 100, 50,
    ]);
  });

  it('refuses a chunk size the route does not take, and sends nothing for no points', async () => {
    const send = jest.fn(() => Promise.resolve(0));
    await expect(ingestInChunks(send, [], { chunkSize: MAX_INGEST_POINTS + 1 })).rejects.toThrow(
      RangeError,
    );
    await expect(ingestInChunks(send, [])).resolves.toEqual({ accepted: 0, chunks: 0 });
    expect(send).not.toHaveBeenCalled();
  });
});
