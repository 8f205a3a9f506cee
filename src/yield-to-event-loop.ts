import { setImmediate } from 'node:timers/promises';

/**
 * Resolves once the event loop has run the I/O callbacks waiting behind the caller: long
 * work done in steps awaits it between steps, so other requests are answered meanwhile.
 */
export function yieldToEventLoop(): Promise<void> {
  return setImmediate();
}
