import { randomUUID } from 'node:crypto';
import type { Invalidation, InvalidationBus } from '../../src/ports/invalidation-bus';

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
 * unsubscribed. `peer` is a second bus on the same medium when the adapter has one (the
 * memory bus does not: it reaches its own process only).
 */
export function invalidationBusContract(
  name: string,
  factory: () => Promise<{
    bus: InvalidationBus;
    peer: InvalidationBus | null;
    cleanup: () => Promise<void>;
  }>,
  /** False for a bus that reaches its own process only (memory): that case is skipped. */
  crossInstance: boolean,
): void {
  describe(`InvalidationBus contract: ${name}`, () => {
    let bus: InvalidationBus;
    let peer: InvalidationBus | null;
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

    (crossInstance ? it : it.skip)(
      crossInstance
        ? "reaches the other instances' subscribers"
        : "reaches the other instances' subscribers (skipped: this bus reaches its own process only)",
      async () => {
        if (!peer) {
          throw new Error('a cross-instance bus needs a peer');
        }
        const received: Invalidation[] = [];
        const unsubscribe = peer.subscribe((m) => received.push(m));
        const id = randomUUID();
        await bus.publish({ kind: 'connector', id });
        await until(received, id);
        expect(received).toContainEqual({ kind: 'connector', id });
        unsubscribe();
      },
    );
  });
}
