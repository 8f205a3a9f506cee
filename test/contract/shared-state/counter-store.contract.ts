import { randomUUID } from 'node:crypto';
import type { CounterStore } from '../../../src/ports/counter-store';

const MINUTE = 60_000;

/** Sleeps `ms` (bounded; only the expiry cases wait, for a few hundred ms). */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every CounterStore shows (docs/operations.md "Several instances"): fixed
 * windows counted all-or-nothing, atomically, expiring by themselves. Every case uses keys
 * of its own, so adapters sharing a server do not see each other's counts.
 */
export function counterStoreContract(
  name: string,
  factory: () => Promise<{ store: CounterStore; cleanup: () => Promise<void> }>,
): void {
  describe(`CounterStore contract: ${name}`, () => {
    let store: CounterStore;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ store, cleanup } = await factory());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    const key = () => `contract:${randomUUID()}`;

    it('admits hits up to the limit, then refuses without counting', async () => {
      const k = key();
      const results = [];
      for (let i = 0; i < 4; i += 1) {
        results.push(await store.hit([{ key: k, limit: 3, ttlMs: MINUTE }]));
      }
      expect(results).toEqual([
        { admitted: true, counts: [1] },
        { admitted: true, counts: [2] },
        { admitted: true, counts: [3] },
        { admitted: false, counts: [3] },
      ]);
      expect(await store.read(k)).toEqual({ count: 3, ttlMs: expect.any(Number) });
    });

    it('counts in every window or in none when one of them is full', async () => {
      const minute = key();
      const day = key();
      const windows = [
        { key: minute, limit: 5, ttlMs: MINUTE },
        { key: day, limit: 2, ttlMs: 24 * 60 * MINUTE },
      ];
      expect(await store.hit(windows)).toEqual({ admitted: true, counts: [1, 1] });
      expect(await store.hit(windows)).toEqual({ admitted: true, counts: [2, 2] });
      // The day window is full: the minute window is not counted either.
      expect(await store.hit(windows)).toEqual({ admitted: false, counts: [2, 2] });
      expect((await store.read(minute))?.count).toBe(2);
    });

    it('keeps keys apart, and counts without a limit', async () => {
      const a = key();
      const b = key();
      await store.hit([{ key: a, limit: null, ttlMs: MINUTE }]);
      await store.hit([{ key: a, limit: null, ttlMs: MINUTE }]);
      expect(await store.hit([{ key: b, limit: null, ttlMs: MINUTE }])).toEqual({
        admitted: true,
        counts: [1],
      });
      expect((await store.read(a))?.count).toBe(2);
    });

    it('never over-admits concurrent hits', async () => {
      const k = key();
      const results = await Promise.all(
        Array.from({ length: 50 }, () => store.hit([{ key: k, limit: 20, ttlMs: MINUTE }])),
      );
      expect(results.filter((r) => r.admitted)).toHaveLength(20);
      expect(
        results
          .filter((r) => r.admitted)
          .map((r) => r.counts[0])
          .sort((x, y) => (x ?? 0) - (y ?? 0)),
      ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await store.read(k))?.count).toBe(20);
    });

    it('reports the time to live set by the first hit, not moved by later ones', async () => {
      const k = key();
      await store.hit([{ key: k, limit: null, ttlMs: MINUTE }]);
      const first = await store.read(k);
      expect(first?.ttlMs).toBeGreaterThan(MINUTE - 5_000);
      expect(first?.ttlMs).toBeLessThanOrEqual(MINUTE);
      await pause(20);
      await store.hit([{ key: k, limit: null, ttlMs: MINUTE }]);
      expect((await store.read(k))?.ttlMs).toBeLessThan(first?.ttlMs ?? 0);
    });

    it('forgets a counter once its time to live has passed', async () => {
      const k = key();
      await store.hit([{ key: k, limit: 1, ttlMs: 150 }]);
      expect((await store.hit([{ key: k, limit: 1, ttlMs: 150 }])).admitted).toBe(false);
      await pause(400);
      expect(await store.read(k)).toBeNull();
      expect(await store.hit([{ key: k, limit: 1, ttlMs: 150 }])).toEqual({
        admitted: true,
        counts: [1],
      });
    });

    it('resets a counter, and reads nothing for an unknown key', async () => {
      const k = key();
      await store.hit([{ key: k, limit: null, ttlMs: MINUTE }]);
      await store.reset(k);
      expect(await store.read(k)).toBeNull();
      expect(await store.read(key())).toBeNull();
      await expect(store.reset(key())).resolves.toBeUndefined();
    });
  });
}
