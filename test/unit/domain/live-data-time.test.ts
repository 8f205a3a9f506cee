import { BucketAggregator } from '../../../src/domain/bucket-aggregator';
import { bucketCount, parseInterval, parseTimestamp } from '../../../src/domain/live-data';

describe('parseTimestamp', () => {
  it.each([
    ['2026-01-15T12:00:00Z', Date.UTC(2026, 0, 15, 12)],
    ['2026-01-15T12:00Z', Date.UTC(2026, 0, 15, 12)],
    ['2026-01-15T14:30:00+02:30', Date.UTC(2026, 0, 15, 12)],
    ['2026-01-15T11:00:00.5-01:00', Date.UTC(2026, 0, 15, 12, 0, 0, 500)],
    ['2026-01-15T12:00:00.123987654Z', Date.UTC(2026, 0, 15, 12, 0, 0, 123)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['1768478400000', 1768478400000],
    [0, 0],
  ])('reads %p', (input, ms) => {
    expect(parseTimestamp(input)).toEqual({ ok: true, ms });
  });

  it.each([
    '2026-01-15T12:00:00',
    '2026-01-15',
    '2025-02-29T00:00:00Z',
    '2026-01-15T24:00:00Z',
    '2026-01-15T12:60:00Z',
    '2026-01-15T12:00:00+24:00',
    '1970-01-01T00:00:00+00:01',
    '-5',
    '1.5',
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER + 2,
    null,
    true,
  ])('refuses %p', (input) => {
    expect(parseTimestamp(input).ok).toBe(false);
  });
});

describe('parseInterval', () => {
  it.each([
    ['1ms', 1],
    ['250ms', 250],
    ['10s', 10_000],
    ['1m', 60_000],
    ['90s', 90_000],
    ['8h', 28_800_000],
    ['1d', 86_400_000],
  ])('reads %s', (input, ms) => {
    expect(parseInterval(input)).toEqual({ ok: true, ms });
  });

  it.each(['0s', '7m', '2d', '1w', '1.5h', 'm', '10', ' 1m'])('refuses %s', (input) => {
    expect(parseInterval(input).ok).toBe(false);
  });
});

describe('buckets', () => {
  it('counts the epoch-aligned buckets a window overlaps', () => {
    expect(bucketCount(0, 1000, 1000)).toBe(1);
    expect(bucketCount(999, 1001, 1000)).toBe(2);
    expect(bucketCount(500, 10_000_500, 1000)).toBe(10_001);
  });

  it('folds points into buckets, omitting empty ones', () => {
    const sum = new BucketAggregator('sum', 10);
    for (const [t, v] of [
      [1, 0.1],
      [2, 0.2],
      [35, 5],
    ] as const) {
      sum.push(t, v);
    }
    expect(sum.finish()).toEqual([
      { timestamp: 0, value: 0.1 + 0.2 },
      { timestamp: 30, value: 5 },
    ]);
  });
});
