import type { HealthCheck } from '../../../src/ports/health';

/** A health check of one engine, and how to release what it holds. */
export interface HealthCheckUnderTest {
  check: HealthCheck;
  cleanup: () => Promise<void>;
}

/** How long an unreachable store may take to be reported: `/ready` answers a prober. */
const DOWN_WITHIN_MS = 10_000;

/**
 * The behaviour every graph engine's HealthCheck must show, for `/ready`: true while the
 * store answers; false or a rejection, soon, when it cannot be reached. `reachable` opens a
 * check of a working store, `unreachable` one of a store that is gone.
 */
export function healthCheckContract(
  name: string,
  engines: {
    reachable: () => Promise<HealthCheckUnderTest>;
    unreachable: () => Promise<HealthCheckUnderTest>;
  },
): void {
  describe(`Graph engine HealthCheck contract: ${name}`, () => {
    it('answers true while the store answers, under a name the readiness report can show', async () => {
      const { check, cleanup } = await engines.reachable();
      try {
        expect(check.name).toMatch(/^[a-z][a-z0-9-]*$/);
        // The graph engine's store is never optional: without it nothing is served.
        expect(check.critical ?? true).toBe(true);
        expect(await check.ping()).toBe(true);
        expect(await Promise.all([check.ping(), check.ping()])).toEqual([true, true]);
      } finally {
        await cleanup();
      }
    });

    it('answers false (or rejects) soon when the store cannot be reached', async () => {
      const { check, cleanup } = await engines.unreachable();
      try {
        const started = Date.now();
        const answer = await check.ping().catch(() => false);
        expect(answer).toBe(false);
        expect(Date.now() - started).toBeLessThan(DOWN_WITHIN_MS);
        // Asked again (a prober retries), it still answers, and no sooner reports true.
        expect(await check.ping().catch(() => false)).toBe(false);
      } finally {
        await cleanup();
      }
    });
  });
}
