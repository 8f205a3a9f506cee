import { Registry } from 'prom-client';
import { NotFoundError, ServiceUnavailableError } from '../../../src/errors';
import { StoreMetrics } from '../../../src/metrics/store-metrics';

/** A store whose calls succeed, answer 404, fail like an unreachable engine, or are sync. */
class FakeStore {
  calls = 0;
  readonly name = 'fake';

  get(id: string): Promise<string> {
    this.calls += 1;
    return Promise.resolve(`record ${id}`);
  }

  missing(): Promise<never> {
    return Promise.reject(new NotFoundError('No such record.'));
  }

  unreachable(): Promise<never> {
    return Promise.reject(new ServiceUnavailableError('The store is unreachable.', {}));
  }

  broken(): Promise<never> {
    return Promise.reject(new Error('driver exploded'));
  }

  /** Calls its own method: counted once, as the outer call. */
  async twice(): Promise<string> {
    await this.get('a');
    return this.get('b');
  }

  dimensions(): number {
    return 3;
  }
}

describe('StoreMetrics.instrument', () => {
  it('times each call by engine and port.method, and counts only store failures as errors', async () => {
    const registry = new Registry();
    const metrics = new StoreMetrics(registry);
    const inner = new FakeStore();
    const store = metrics.instrument(inner, 'neo4j', 'fake');

    expect(await store.get('x')).toBe('record x');
    expect(await store.twice()).toBe('record b');
    await expect(store.missing()).rejects.toBeInstanceOf(NotFoundError);
    await expect(store.unreachable()).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(store.broken()).rejects.toThrow('driver exploded');
    expect(store.dimensions()).toBe(3);
    expect(store.name).toBe('fake');
    expect(inner.calls).toBe(3);

    const text = await registry.metrics();
    expect(text).toContain(
      'store_operation_duration_seconds_count{engine="neo4j",operation="fake.get"} 1',
    );
    expect(text).toContain(
      'store_operation_duration_seconds_count{engine="neo4j",operation="fake.twice"} 1',
    );
    expect(text).toContain(
      'store_operation_duration_seconds_count{engine="neo4j",operation="fake.missing"} 1',
    );
    expect(text).not.toContain('operation="fake.dimensions"');
    // 404 is an answer; the unreachable store and the driver error are failures.
    expect(text).toContain('store_errors_total{engine="neo4j"} 2');
  });
});
