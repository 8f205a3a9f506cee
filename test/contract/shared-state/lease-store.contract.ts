import { randomUUID } from 'node:crypto';
import type { LeaseStore } from '../../../src/ports/lease-store';

const TEN_S = 10_000;

/** Sleeps `ms` (bounded; only the expiry cases wait, for a few hundred ms). */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every LeaseStore shows (docs/operations.md "Several instances"): at most
 * `limit` unexpired leases per key, taken atomically, renewed, released, expiring by
 * themselves. Every case uses keys of its own.
 */
export function leaseStoreContract(
  name: string,
  factory: () => Promise<{ store: LeaseStore; cleanup: () => Promise<void> }>,
): void {
  describe(`LeaseStore contract: ${name}`, () => {
    let store: LeaseStore;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ store, cleanup } = await factory());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    const key = () => `contract:${randomUUID()}`;

    it('grants up to the limit, refuses more, and grants again after a release', async () => {
      const k = key();
      const first = await store.acquire(k, 2, TEN_S);
      const second = await store.acquire(k, 2, TEN_S);
      expect(first).toEqual(expect.any(String));
      expect(second).toEqual(expect.any(String));
      expect(second).not.toBe(first);
      expect(await store.acquire(k, 2, TEN_S)).toBeNull();
      expect(await store.held(k)).toBe(2);

      await store.release(k, first!);
      expect(await store.held(k)).toBe(1);
      expect(await store.acquire(k, 2, TEN_S)).toEqual(expect.any(String));
    });

    it('releasing twice, or a lease it never granted, is harmless', async () => {
      const k = key();
      const lease = await store.acquire(k, 1, TEN_S);
      await store.release(k, lease!);
      await store.release(k, lease!);
      await store.release(k, 'not-a-lease');
      expect(await store.held(k)).toBe(0);
      expect(await store.acquire(k, 1, TEN_S)).toEqual(expect.any(String));
    });

    it('keeps keys apart', async () => {
      const a = key();
      expect(await store.acquire(a, 1, TEN_S)).not.toBeNull();
      expect(await store.acquire(a, 1, TEN_S)).toBeNull();
      expect(await store.acquire(key(), 1, TEN_S)).not.toBeNull();
    });

    it('never grants more than the limit to concurrent callers', async () => {
      const k = key();
      const leases = await Promise.all(
        Array.from({ length: 30 }, () => store.acquire(k, 7, TEN_S)),
      );
      expect(leases.filter((l) => l !== null)).toHaveLength(7);
      expect(new Set(leases.filter((l) => l !== null)).size).toBe(7);
      expect(await store.held(k)).toBe(7);
    });

    it('frees a lease whose time ran out, and no longer renews it', async () => {
      const k = key();
      const lease = await store.acquire(k, 1, 150);
      expect(await store.acquire(k, 1, 150)).toBeNull();
      await pause(400);
      expect(await store.held(k)).toBe(0);
      expect(await store.renew(k, lease!, TEN_S)).toBe(false);
      expect(await store.acquire(k, 1, TEN_S)).toEqual(expect.any(String));
    });

    it('keeps a renewed lease past its first time to live', async () => {
      const k = key();
      const lease = await store.acquire(k, 1, 300);
      await pause(150);
      expect(await store.renew(k, lease!, 1_000)).toBe(true);
      await pause(300);
      expect(await store.held(k)).toBe(1);
      expect(await store.acquire(k, 1, TEN_S)).toBeNull();
      await store.release(k, lease!);
      expect(await store.renew(k, lease!, TEN_S)).toBe(false);
    });
  });
}
