import { RequestTimeoutError } from '../errors';

/**
 * The chunks of a streamed request body, with a deadline between two of them: when the next
 * chunk does not arrive within `idleMs` of being asked for, a RequestTimeoutError (408) is
 * thrown. Only the wait for the client counts: time the consumer spends between two chunks
 * (writing them, say) does not. For uploads of any length, which a bound on the whole body
 * would cut short.
 */
export async function* withIdleDeadline<T>(
  source: AsyncIterable<T>,
  idleMs: number,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let expired = false;
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'expired'>((resolve) => {
        timer = setTimeout(() => resolve('expired'), idleMs);
      });
      let next: IteratorResult<T> | 'expired';
      try {
        next = await Promise.race([iterator.next(), deadline]);
      } finally {
        clearTimeout(timer);
      }
      if (next === 'expired') {
        expired = true;
        throw new RequestTimeoutError(idleMs, 'The upload did not progress');
      }
      if (next.done) {
        return;
      }
      yield next.value;
    }
  } finally {
    if (expired) {
      // A read is still pending: a stream's iterator finishes `return` only after it, so
      // it is not awaited; closing the connection (the 408 does) ends that read.
      iterator.return?.().catch(() => undefined);
    } else {
      await iterator.return?.();
    }
  }
}
