import type { Logger } from 'pino';
import { AppError } from '../errors';

/**
 * Runs start-up work that needs the stores (the first-start bootstrap) and, while a store
 * answers 503 (Neo4j still starting, or briefly down), waits and tries again instead of
 * exiting: the service comes up by itself once the store does. Any other error is thrown.
 */
export async function untilStoresAnswer<T>(
  work: () => Promise<T>,
  logger: Logger,
  options: { delayMs?: number; maxDelayMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  let delayMs = options.delayMs ?? 1_000;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 503) {
        throw error;
      }
      logger.warn(
        { details: error.details, retryInMs: delayMs },
        'a store is unavailable at start-up; waiting for it',
      );
      await sleep(delayMs);
      delayMs = Math.min(maxDelayMs, delayMs * 2);
    }
  }
}
