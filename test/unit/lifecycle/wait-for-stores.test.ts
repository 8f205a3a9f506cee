import pino from 'pino';
import { NotFoundError, ServiceUnavailableError } from '../../../src/errors';
import { untilStoresAnswer } from '../../../src/lifecycle/wait-for-stores';

describe('untilStoresAnswer (start-up while a store is down)', () => {
  const logger = pino({ level: 'silent' });

  it('waits, with growing pauses, until the store answers', async () => {
    const pauses: number[] = [];
    let attempts = 0;
    const result = await untilStoresAnswer(
      () => {
        attempts += 1;
        return attempts < 4
          ? Promise.reject(new ServiceUnavailableError('down', { checks: { neo4j: 'down' } }))
          : Promise.resolve('booted');
      },
      logger,
      { delayMs: 100, maxDelayMs: 300, sleep: (ms) => (pauses.push(ms), Promise.resolve()) },
    );
    expect(result).toBe('booted');
    expect(pauses).toEqual([100, 200, 300]);
  });

  it('does not retry other failures', async () => {
    const error = new NotFoundError('nope');
    let attempts = 0;
    await expect(
      untilStoresAnswer(() => (attempts++, Promise.reject(error)), logger, {
        sleep: () => Promise.resolve(),
      }),
    ).rejects.toBe(error);
    expect(attempts).toBe(1);
  });
});
