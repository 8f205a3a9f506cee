import { WritePressure, pressureTrackingGraphStore } from '../../../src/search/write-pressure';
import type { GraphStore, UnitOfWork } from '../../../src/ports/graph-store';

describe('WritePressure', () => {
  it('counts the time during which at least one write ran, overlaps once', async () => {
    let now = 1_000;
    const pressure = new WritePressure(() => now);
    expect(pressure.busyMs()).toBe(0);
    const ends: Array<() => void> = [];
    const write = () => pressure.track(() => new Promise<void>((resolve) => ends.push(resolve)));
    const first = write();
    now += 10;
    const second = write(); // overlaps the first: the same 10 ms are not counted twice
    expect(pressure.busyMs()).toBe(10);
    now += 10;
    ends[0]!();
    await first;
    now += 5;
    expect(pressure.busyMs()).toBe(25);
    ends[1]!();
    await second;
    now += 100; // idle time is not counted
    expect(pressure.busyMs()).toBe(25);
  });

  it('counts a failed write too, and passes its error on', async () => {
    let now = 0;
    const pressure = new WritePressure(() => now);
    await expect(
      pressure.track(() => {
        now += 7;
        return Promise.reject(new Error('refused'));
      }),
    ).rejects.toThrow('refused');
    expect(pressure.busyMs()).toBe(7);
  });

  it('counts transactions of the graph store, not its reads', async () => {
    let now = 0;
    const pressure = new WritePressure(() => now);
    const inner = {
      getNode: () => {
        now += 50;
        return Promise.resolve(null);
      },
      transaction: <T>(_ws: string, work: (uow: UnitOfWork) => Promise<T>) => {
        now += 20;
        return work({} as UnitOfWork);
      },
    } as unknown as GraphStore;
    const graph = pressureTrackingGraphStore(inner, pressure);
    await graph.getNode('ws', 'n1');
    expect(pressure.busyMs()).toBe(0);
    await expect(graph.transaction('ws', () => Promise.resolve(42))).resolves.toBe(42);
    expect(pressure.busyMs()).toBe(20);
  });
});
