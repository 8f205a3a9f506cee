import { AppError } from '../../../src/errors';
import { RunningLimit } from '../../../src/http/running-limit';

describe('RunningLimit', () => {
  const refusal = (limit: RunningLimit) => {
    try {
      limit.enter();
    } catch (error) {
      return error as AppError;
    }
    throw new Error('entered past the limit');
  };

  it('lets `max` in, then answers 503 with Retry-After and how many run', () => {
    const limit = new RunningLimit(2, 'exports');
    limit.enter();
    limit.enter();
    const error = refusal(limit);
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: '2 exports are running, the most this server runs at once; try again shortly.',
      details: { running: 2 },
      headers: { 'Retry-After': '5' },
    });
  });

  it('gives a place back once, however often its leave is called', () => {
    const limit = new RunningLimit(1, 'imports');
    const leave = limit.enter();
    leave();
    leave();
    limit.enter();
    expect(refusal(limit).details).toEqual({ running: 1 });
  });
});
