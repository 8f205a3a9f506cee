import type { Logger } from 'pino';
import type { Invalidation, InvalidationBus } from '../../ports/invalidation-bus';
import { MemoryInvalidationBus } from '../memory/invalidation-bus';
import { listenToChannel } from './channel';
import { KEY_PREFIX, type RedisConnection } from './connection';

/** The pub/sub channel every instance listens on. */
export const INVALIDATION_CHANNEL = `${KEY_PREFIX}invalidate`;

const KINDS = new Set<string>(['api-key', 'workspace', 'connector']);

/** A received message as an Invalidation, or null when it is not one (ignored). */
function parse(value: unknown): Invalidation | null {
  const message = value as { kind?: unknown; id?: unknown } | null;
  return typeof message?.kind === 'string' &&
    KINDS.has(message.kind) &&
    typeof message.id === 'string'
    ? ({ kind: message.kind, id: message.id } as Invalidation)
    : null;
}

/**
 * Invalidations over Redis pub/sub. `publish` resolves once Redis has taken the message:
 * Redis has then written it to every subscribed instance, so a request answered after a
 * revocation finds the other instances' caches already told (their listeners run as the
 * message arrives, before a request sent later is read). While the subscription was down,
 * messages may have been missed: on every resubscription the listeners are told to drop
 * everything (`{ kind: 'all' }`). A failed publish is logged and resolves; the caches'
 * time to live then bounds how long other instances keep the old record.
 */
export class RedisInvalidationBus implements InvalidationBus {
  private readonly local = new MemoryInvalidationBus();

  constructor(
    private readonly connection: RedisConnection,
    private readonly logger: Logger,
  ) {
    listenToChannel(connection, INVALIDATION_CHANNEL, logger, {
      parse,
      message: (message) => this.local.deliver(message),
      // Messages published while the subscription was lost are missed: drop everything.
      resubscribed: () => this.local.deliver({ kind: 'all' }),
    });
  }

  async publish(message: Invalidation): Promise<void> {
    // Deliver here at once, whatever Redis does: this instance's caches never wait for it.
    this.local.deliver(message);
    try {
      await this.connection.firstConnection();
      await this.connection.run(() =>
        this.connection.client.publish(INVALIDATION_CHANNEL, JSON.stringify(message)),
      );
    } catch (error) {
      this.logger.debug({ err: error, message }, 'invalidation not published (Redis down)');
    }
  }

  /**
   * One turn of the event loop: a message already in the subscription's socket is read and
   * delivered in the same I/O phase as the request that asks, before `setImmediate` runs.
   */
  caughtUp(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  subscribe(listener: (message: Invalidation) => void): () => void {
    return this.local.subscribe(listener);
  }
}
