import { WritePressure, pressureTrackingGraphStore } from '../../src/search/write-pressure';
import type { GraphStore, UnitOfWork } from '../../src/ports/graph-store';

describe('WritePressure', () => {
  it('is active while a write runs and for the quiet time after it ends', async () => {
    let now = 1_000;
    const pressure = new WritePressure(100, () => now);
    expect(pressure.active()).toBe(false);
    let finish!: () => void;
    const running = pressure.track(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(pressure.active()).toBe(true);
    now += 5_000; // a long write stays active however long it takes
    expect(pressure.active()).toBe(true);
    finish();
    await running;
    now += 99;
    expect(pressure.active()).toBe(true);
    now += 1;
    expect(pressure.active()).toBe(false);
  });

  it('counts a failed write too, and passes its error on', async () => {
    let now = 0;
    const pressure = new WritePressure(100, () => now);
    await expect(pressure.track(() => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    );
    expect(pressure.active()).toBe(true);
    now = 100;
    expect(pressure.active()).toBe(false);
  });

  it('counts transactions of the graph store, not its reads', async () => {
    let now = 0;
    const pressure = new WritePressure(100, () => now);
    let inside = false;
    const inner = {
      getNode: () => Promise.resolve(null),
      transaction: <T>(_ws: string, work: (uow: UnitOfWork) => Promise<T>) => {
        inside = pressure.active();
        return work({} as UnitOfWork);
      },
    } as unknown as GraphStore;
    const graph = pressureTrackingGraphStore(inner, pressure);
    await graph.getNode('ws', 'n1');
    expect(pressure.active()).toBe(false);
    await expect(graph.transaction('ws', () => Promise.resolve(42))).resolves.toBe(42);
    expect(inside).toBe(true);
    now = 50;
    expect(pressure.active()).toBe(true);
    now = 200;
    expect(pressure.active()).toBe(false);
  });
});
