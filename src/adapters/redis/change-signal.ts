import type { Logger } from 'pino';
import type { ChangeSignal } from '../../ports/change-signal';
import { MemoryChangeSignal } from '../memory/change-signal';
import { listenToChannel } from './channel';
import { KEY_PREFIX, type RedisConnection } from './connection';

/** The pub/sub channel every instance listens on for change-log growth. */
export const CHANGES_CHANNEL = `${KEY_PREFIX}changes`;

/** A received message as (workspace, head), or null when it is not one (ignored). */
function parse(value: unknown): { workspaceId: string; head: number } | null {
  const message = value as { w?: unknown; h?: unknown } | null;
  return typeof message?.w === 'string' && typeof message.h === 'number'
    ? { workspaceId: message.w, head: message.h }
    : null;
}

/**
 * Change-log growth over Redis pub/sub, so that a reader connected to any instance hears
 * of a commit made on any other. This instance's listeners hear at once, whatever Redis
 * does. After a lost subscription every listener is told to look again (workspace null).
 */
export class RedisChangeSignal implements ChangeSignal {
  private readonly local = new MemoryChangeSignal();

  constructor(
    private readonly connection: RedisConnection,
    private readonly logger: Logger,
  ) {
    listenToChannel(connection, CHANGES_CHANNEL, logger, {
      parse,
      message: ({ workspaceId, head }) => this.local.deliver(workspaceId, head),
      resubscribed: () => this.local.deliver(null, 0),
    });
  }

  publish(workspaceId: string, head: number): void {
    this.local.deliver(workspaceId, head);
    const text = JSON.stringify({ w: workspaceId, h: head });
    this.connection
      .run(() => this.connection.client.publish(CHANGES_CHANNEL, text))
      .catch((error: unknown) =>
        this.logger.debug({ err: error }, 'change signal not published (Redis down)'),
      );
  }

  subscribe(listener: (workspaceId: string | null, head: number) => void): () => void {
    return this.local.subscribe(listener);
  }
}
