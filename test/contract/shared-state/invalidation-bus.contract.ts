import { randomUUID } from 'node:crypto';
import type { Invalidation, InvalidationBus } from '../../../src/ports/invalidation-bus';

/** Resolves once `received` holds a message with `id`, or rejects after `timeoutMs`. */
async function until(received: Invalidation[], id: string, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!received.some((m) => 'id' in m && m.id === id)) {
    if (Date.now() > deadline) {
      throw new Error(`message ${id} not received within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The behaviour every InvalidationBus shows: a published message reaches the publisher's
 * own subscribers at once (before `publish` resolves) and stops reaching one that
 * unsubscribed. `peer` is a second bus, as another instance would have it: on the same
 * medium it receives what `bus` publishes (`crossInstance`); a bus that reaches its own
 * process only (memory) must not pretend otherwise, so its peer receives nothing.
 */
export function invalidationBusContract(
  name: string,
  factory: () => Promise<{
    bus: InvalidationBus;
    peer: InvalidationBus;
    cleanup: () => Promise<void>;
  }>,
  /** False for a bus that reaches its own process only (memory). */
  crossInstance: boolean,
): void {
  describe(`InvalidationBus contract: ${name}`, () => {
    let bus: InvalidationBus;
    let peer: InvalidationBus;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ bus, peer, cleanup } = await factory());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    it("reaches the publisher's own subscribers before publish resolves", async () => {
      const received: Invalidation[] = [];
      const unsubscribe = bus.subscribe((m) => received.push(m));
      const id = randomUUID();
      await bus.publish({ kind: 'api-key', id });
      expect(received).toContainEqual({ kind: 'api-key', id });
      unsubscribe();
    });

    it('stops calling a listener that unsubscribed', async () => {
      const received: Invalidation[] = [];
      const unsubscribe = bus.subscribe((m) => received.push(m));
      unsubscribe();
      await bus.publish({ kind: 'workspace', id: randomUUID() });
      expect(received).toEqual([]);
    });

    it(
      crossInstance
        ? "reaches the other instances' subscribers"
        : "does not reach another instance's subscribers (it reaches its own process only)",
      async () => {
        const received: Invalidation[] = [];
        const unsubscribe = peer.subscribe((m) => received.push(m));
        const id = randomUUID();
        await bus.publish({ kind: 'connector', id });
        if (crossInstance) {
          await until(received, id);
          expect(received).toContainEqual({ kind: 'connector', id });
        } else {
          await new Promise((resolve) => setTimeout(resolve, 50));
          expect(received).toEqual([]);
        }
        unsubscribe();
      },
    );
  });
}
