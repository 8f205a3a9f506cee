import path from 'node:path';
import { ThreadPool } from '../../../src/workers/thread-pool';
import type { EchoRequest } from '../../support/echo-thread';

describe('ThreadPool', () => {
  const pools: ThreadPool<EchoRequest, unknown>[] = [];
  const pool = (options: { threads?: number; idleMs?: number } = {}) => {
    const made = new ThreadPool<EchoRequest, unknown>({
      module: path.join(__dirname, '..', '..', 'support', 'echo-thread'),
      workerData: null,
      threads: options.threads ?? 2,
      idleMs: options.idleMs ?? 60_000,
      name: 'echo',
    });
    pools.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it('answers every request with its own result, more requests than threads', async () => {
    const p = pool({ threads: 2 });
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => p.run({ echo: { i, rows: [[i, 'x']] } })),
    );
    expect(answers).toEqual(Array.from({ length: 9 }, (_, i) => ({ i, rows: [[i, 'x']] })));
  });

  it("fails only the request whose handler threw, with the handler's message", async () => {
    const p = pool({ threads: 1 });
    const [failed, next] = await Promise.allSettled([
      p.run({ fail: 'no such table' }),
      p.run({ echo: 1 }),
    ]);
    expect(failed).toEqual({ status: 'rejected', reason: new Error('no such table') });
    expect(next).toEqual({ status: 'fulfilled', value: 1 });
  });

  it('fails the request of a thread that died, and starts another for the next', async () => {
    const p = pool({ threads: 1 });
    await expect(p.run({ exit: 3 })).rejects.toThrow('a thread of the echo pool exited');
    await expect(p.run({ echo: 'again' })).resolves.toBe('again');
  });

  it('ends idle threads and starts one again on demand', async () => {
    const p = pool({ threads: 1, idleMs: 50 });
    await expect(p.run({ echo: 1 })).resolves.toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(p.run({ echo: 2 })).resolves.toBe(2);
  });

  it('refuses requests once closed, and fails those still waiting', async () => {
    const p = pool({ threads: 1 });
    const waiting = expect(p.run({ echo: 'late' })).rejects.toThrow('the echo pool is closed');
    await p.close();
    await waiting;
    await expect(p.run({ echo: 1 })).rejects.toThrow('the echo pool is closed');
  });
});
