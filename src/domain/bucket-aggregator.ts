import { bucketStart, type BucketAggregation, type SeriesPoint } from './live-data';

/**
 * Folds points, fed in ascending timestamp order, into epoch-aligned buckets. This is the
 * definition of every aggregation (docs/live-data.md); the SQLite store runs it, and the
 * InfluxDB store's answers are checked against the same definition by the contract suite:
 *
 * - `count`: number of points; `min` / `max`: smallest / largest value;
 * - `first` / `last`: value of the point with the smallest / largest timestamp;
 * - `sum`: a running IEEE-754 double sum in timestamp order (no compensated summation,
 *   because InfluxDB does not compensate either); `mean`: that sum divided by the count.
 *
 * Buckets without points are not produced. Timestamps are bucket starts.
 */
export class BucketAggregator {
  private readonly out: SeriesPoint[] = [];
  private bucket = -1;
  private acc = 0;
  private count = 0;

  constructor(
    private readonly aggregation: BucketAggregation,
    private readonly intervalMs: number,
  ) {}

  /** Adds one point; timestamps must not decrease from one call to the next. */
  push(timestamp: number, value: number): void {
    const bucket = bucketStart(timestamp, this.intervalMs);
    if (bucket !== this.bucket) {
      this.flush();
      this.bucket = bucket;
      this.count = 1;
      this.acc = this.aggregation === 'count' ? 1 : value;
      return;
    }
    this.count += 1;
    switch (this.aggregation) {
      case 'sum':
      case 'mean':
        this.acc += value;
        break;
      case 'min':
        if (value < this.acc) {
          this.acc = value;
        }
        break;
      case 'max':
        if (value > this.acc) {
          this.acc = value;
        }
        break;
      case 'count':
        this.acc = this.count;
        break;
      case 'first':
        break;
      case 'last':
        this.acc = value;
        break;
    }
  }

  /** Every non-empty bucket, in time order. */
  finish(): SeriesPoint[] {
    this.flush();
    this.bucket = -1;
    return this.out;
  }

  private flush(): void {
    if (this.count === 0) {
      return;
    }
    const value = this.aggregation === 'mean' ? this.acc / this.count : this.acc;
    this.out.push({ timestamp: this.bucket, value });
    this.count = 0;
  }
}
