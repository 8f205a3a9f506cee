import type { Logger } from 'pino';
import type { RedisConnection } from './connection';

/**
 * Listens to one pub/sub channel of `connection`, subscribing at once (the offline queue
 * holds it until connected) and again at every later connection, each failure handled (a
 * connection closed meanwhile is no error). Messages published while the subscription was
 * lost are missed: `resubscribed` runs after every subscription but the first, so that the
 * listener can make up for them. Messages are JSON, read by `parse`: `message` gets each one
 * it accepts; text that is not JSON, or that `parse` answers null for, is ignored.
 */
export function listenToChannel<Message>(
  connection: RedisConnection,
  channel: string,
  logger: Logger,
  handlers: {
    parse(value: unknown): Message | null;
    message(message: Message): void;
    resubscribed(): void;
  },
): void {
  const subscriber = connection.subscriber;
  let subscribedOnce = false;
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) {
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return; // not JSON
    }
    const message = handlers.parse(value);
    if (message !== null) {
      handlers.message(message);
    }
  });
  const subscribe = () => {
    subscriber.subscribe(channel).then(
      () => {
        if (subscribedOnce) {
          handlers.resubscribed();
        }
        subscribedOnce = true;
      },
      (error: unknown) => logger.debug({ err: error, channel }, 'subscription failed'),
    );
  };
  let connected = subscriber.status === 'ready';
  subscriber.on('ready', () => {
    if (connected) {
      subscribe();
    }
    connected = true;
  });
  subscribe();
}
