import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { BucketAggregation, DataPoint, SeriesPoint } from '../../../src/domain/live-data';
import type { TimeSeriesStore } from '../../../src/ports/timeseries-store';

/** 2026-01-15T12:00:00Z. */
export const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const DAY = 86_400_000;

export const BUCKET_AGGREGATIONS: BucketAggregation[] = [
  'mean',
  'min',
  'max',
  'sum',
  'count',
  'first',
  'last',
];

/**
 * The aggregation semantics of docs/live-data.md, written independently of
 * `BucketAggregator`: group the window's points by epoch-aligned bucket, then reduce each
 * bucket's values in timestamp order. `sum` is a plain left-to-right double sum.
 */
export function reference(
  points: readonly DataPoint[],
  window: { from: number; to: number },
  intervalMs: number,
  aggregation: BucketAggregation,
): SeriesPoint[] {
  const latest = new Map<number, number>();
  for (const p of points) {
    latest.set(p.timestamp, p.value); // a later point with the same timestamp wins
  }
  const sorted = [...latest.entries()]
    .filter(([ts]) => ts >= window.from && ts < window.to)
    .sort((a, b) => a[0] - b[0]);
  const buckets = new Map<number, number[]>();
  for (const [ts, value] of sorted) {
    const start = Math.floor(ts / intervalMs) * intervalMs;
    const values = buckets.get(start) ?? [];
    values.push(value);
    buckets.set(start, values);
  }
  return [...buckets.entries()].map(([timestamp, values]) => {
    let sum = values[0]!;
    for (let i = 1; i < values.length; i += 1) {
      sum += values[i]!;
    }
    const value = {
      mean: sum / values.length,
      min: Math.min(...values),
      max: Math.max(...values),
      sum,
      count: values.length,
      first: values[0]!,
      last: values[values.length - 1]!,
    }[aggregation];
    return { timestamp, value };
  });
}

/** A deterministic generator of awkward doubles (not exactly representable decimals). */
export function noisyValues(count: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return ((state / 2147483648 - 0.3) * 1000) / 7;
  });
}

const point = (timestamp: number, value: number, tags: DataPoint['tags'] = null): DataPoint => ({
  timestamp,
  value,
  tags,
});

/**
 * The behaviour every TimeSeriesStore adapter must show (docs/live-data.md).
 * Every test writes to workspaces and sources of its own (random ids), so the suite runs
 * against a shared server too.
 */
export function timeSeriesStoreContract(
  name: string,
  factory: () => Promise<{ store: TimeSeriesStore; cleanup: () => Promise<void> }>,
): void {
  describe(`TimeSeriesStore contract: ${name}`, () => {
    let store: TimeSeriesStore;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ store, cleanup } = await factory());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    const ids = () => ({ ws: randomUUID(), src: randomUUID() });
    const all = { from: 0, to: T0 + DAY };
    const rawAll = (ws: string, src: string, limit = 10_000) =>
      store.raw(ws, [src], { ...all, limit, order: 'asc' }).then((m) => m.get(src)!);

    it('stores points with their tags and returns them in the window [from, to)', async () => {
      const { ws, src } = ids();
      await store.write(ws, [
        {
          sourceId: src,
          points: [
            point(T0 + 2000, 3),
            point(T0, 1, { q: 'good', line: '3' }),
            point(T0 + 1000, 2),
          ],
        },
      ]);
      const window = await store.raw(ws, [src], {
        from: T0,
        to: T0 + 2000,
        limit: 10,
        order: 'asc',
      });
      expect(window.get(src)).toEqual({
        points: [
          { timestamp: T0, value: 1, tags: { q: 'good', line: '3' } },
          { timestamp: T0 + 1000, value: 2 },
        ],
        truncated: false,
      });
      const newest = await store.raw(ws, [src], { ...all, limit: 2, order: 'desc' });
      expect(newest.get(src)).toEqual({
        points: [
          { timestamp: T0 + 2000, value: 3 },
          { timestamp: T0 + 1000, value: 2 },
        ],
        truncated: true,
      });
    });

    it('overwrites a re-sent timestamp, tags included, and counts it once', async () => {
      const { ws, src } = ids();
      await store.write(ws, [
        { sourceId: src, points: [point(T0, 1, { a: 'x' }), point(T0 + 5, 2)] },
      ]);
      await store.write(ws, [
        { sourceId: src, points: [point(T0, 10), point(T0 + 9, 7), point(T0 + 9, 8)] },
      ]);
      expect((await rawAll(ws, src)).points).toEqual([
        { timestamp: T0, value: 10 },
        { timestamp: T0 + 5, value: 2 },
        { timestamp: T0 + 9, value: 8 },
      ]);
      expect((await store.stats(ws, [src])).get(src)).toEqual({
        pointCount: 3,
        lastPointAt: T0 + 9,
      });
    });

    it('reports no points and no last time for a source without data', async () => {
      const { ws, src } = ids();
      expect((await store.stats(ws, [src])).get(src)).toEqual({ pointCount: 0, lastPointAt: null });
      expect(await rawAll(ws, src)).toEqual({ points: [], truncated: false });
      const buckets = await store.aggregate(ws, [src], {
        ...all,
        from: T0,
        aggregation: 'count',
        intervalMs: DAY,
      });
      expect(buckets.get(src)).toEqual([]);
    });

    it('keeps workspaces apart even for the same source id', async () => {
      const { ws, src } = ids();
      const otherWs = randomUUID();
      await store.write(ws, [{ sourceId: src, points: [point(T0, 1)] }]);
      await store.write(otherWs, [{ sourceId: src, points: [point(T0, 2), point(T0 + 1, 3)] }]);
      expect((await rawAll(ws, src)).points).toEqual([{ timestamp: T0, value: 1 }]);
      expect((await store.stats(otherWs, [src])).get(src)?.pointCount).toBe(2);
      expect((await store.stats(randomUUID(), [src])).get(src)?.pointCount).toBe(0);
    });

    it('writes and reads several sources at once', async () => {
      const ws = randomUUID();
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
      await store.write(ws, [
        { sourceId: a, points: [point(T0, 1), point(T0 + 1, 2)] },
        { sourceId: b, points: [point(T0, 5)] },
      ]);
      const raw = await store.raw(ws, [b, a, c], { ...all, limit: 1, order: 'asc' });
      expect([...raw.entries()]).toEqual([
        [b, { points: [{ timestamp: T0, value: 5 }], truncated: false }],
        [a, { points: [{ timestamp: T0, value: 1 }], truncated: true }],
        [c, { points: [], truncated: false }],
      ]);
      const sums = await store.aggregate(ws, [a, b], {
        from: T0,
        to: T0 + 1000,
        aggregation: 'sum',
        intervalMs: 1000,
      });
      expect(sums.get(a)).toEqual([{ timestamp: T0, value: 3 }]);
      expect(sums.get(b)).toEqual([{ timestamp: T0, value: 5 }]);
      const stats = await store.stats(ws, [a, b, c]);
      expect([...stats.values()]).toEqual([
        { pointCount: 2, lastPointAt: T0 + 1 },
        { pointCount: 1, lastPointAt: T0 },
        { pointCount: 0, lastPointAt: null },
      ]);
    });

    it('round-trips extreme doubles and the epoch itself exactly', async () => {
      const { ws, src } = ids();
      const values = [1e300, -1e-300, 5e-324, 0.1 + 0.2, -123456.789e-5, 2 ** 53 + 2];
      await store.write(ws, [
        { sourceId: src, points: [point(0, 42), ...values.map((v, i) => point(T0 + i, v))] },
      ]);
      const raw = await rawAll(ws, src);
      expect(raw.points.map((p) => [p.timestamp, p.value])).toEqual([
        [0, 42],
        ...values.map((v, i) => [T0 + i, v]),
      ]);
    });

    it.each([1000, 10_000, 60_000, 900_000, 3_600_000, DAY])(
      'aggregates every function exactly like the reference, %i ms buckets over two days',
      async (intervalMs) => {
        const { ws, src } = ids();
        const start = T0 - DAY;
        const values = noisyValues(4000, intervalMs);
        // Irregular spacing (37 s +- jitter) across a UTC midnight, so buckets hold 0..n points.
        const points = values.map((v, i) => point(start + i * 37_000 + ((i * 7919) % 5000), v));
        await store.write(ws, [{ sourceId: src, points }]);
        const window = { from: start + 12_345, to: start + 3990 * 37_000 };
        for (const aggregation of BUCKET_AGGREGATIONS) {
          const got = await store.aggregate(ws, [src], { ...window, aggregation, intervalMs });
          expect({ aggregation, buckets: got.get(src) }).toEqual({
            aggregation,
            buckets: reference(points, window, intervalMs, aggregation),
          });
        }
      },
    );

    it('matches the reference on random data, windows and intervals (property)', async () => {
      const intervals = [1, 250, 1000, 5000, 60_000, 3_600_000];
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              offset: fc.integer({ min: 0, max: 2 * 3_600_000 }),
              value: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
            }),
            { minLength: 1, maxLength: 200 },
          ),
          fc.constantFrom(...intervals),
          fc.constantFrom(...BUCKET_AGGREGATIONS),
          fc.integer({ min: 0, max: 3_600_000 }),
          fc.integer({ min: 1, max: 2 * 3_600_000 }),
          async (raw, intervalMs, aggregation, fromOffset, length) => {
            const { ws, src } = ids();
            // -0 and 0 are the same number to JSON clients; keep the property about real data.
            const points = raw.map((r) => point(T0 + r.offset, r.value === 0 ? 0 : r.value));
            await store.write(ws, [{ sourceId: src, points }]);
            const window = { from: T0 + fromOffset, to: T0 + fromOffset + length };
            const got = await store.aggregate(ws, [src], { ...window, aggregation, intervalMs });
            expect(got.get(src)).toEqual(reference(points, window, intervalMs, aggregation));
          },
        ),
        { numRuns: 25 },
      );
    });

    it('writes 10,000 points in one call and reads them back', async () => {
      const { ws, src } = ids();
      const points = noisyValues(10_000, 7).map((v, i) => point(T0 + i * 1000, v));
      await store.write(ws, [{ sourceId: src, points }]);
      const raw = await store.raw(ws, [src], { ...all, limit: 10_000, order: 'asc' });
      expect(raw.get(src)?.points.map((p) => p.value)).toEqual(points.map((p) => p.value));
      expect(raw.get(src)?.truncated).toBe(false);
      expect((await store.stats(ws, [src])).get(src)).toEqual({
        pointCount: 10_000,
        lastPointAt: T0 + 9_999_000,
      });
    });
  });
}
