import { execFile } from 'node:child_process';
import path from 'node:path';
import { UseLiteModel } from '../../../src/adapters/embeddings/use-lite-embedder';
import { cosine, embedderContract } from './embedder.contract';

/** Rounds of the close-while-running test (the first round aborted before the fix). */
const CLOSE_ROUNDS = 12;

embedderContract('use-lite, query face (its own thread)', () => {
  const model = new UseLiteModel();
  return Promise.resolve({ embedder: model.query, cleanup: () => model.close() });
});

embedderContract('use-lite, background face (a thread at lower priority)', () => {
  const model = new UseLiteModel();
  return Promise.resolve({ embedder: model.background, cleanup: () => model.close() });
});

/** The model threads of the background face (private state, read by tests only). */
function poolThreads(model: UseLiteModel): {
  thread: { worker: { terminate(): Promise<number> } | null } | null;
}[] {
  return (
    model.background as unknown as {
      threads: { thread: { worker: { terminate(): Promise<number> } | null } | null }[];
    }
  ).threads;
}

describe('UseLiteModel specifics', () => {
  let model: UseLiteModel;
  beforeAll(() => {
    model = new UseLiteModel();
  });
  afterAll(() => model.close());

  it('is the 512-dimension Universal Sentence Encoder lite, named use-lite on both faces', async () => {
    expect(model.query.name).toBe('use-lite');
    expect(model.background.name).toBe('use-lite');
    expect(await model.background.dimensions()).toBe(512);
    expect(await model.query.dimensions()).toBe(512);
  });

  it('puts a paraphrase closer than an unrelated sentence', async () => {
    const [query, paraphrase, unrelated] = await model.query.embed([
      'a fast automobile',
      'a red sports car',
      'banana bread recipe',
    ]);
    expect(cosine(query!, paraphrase!)).toBeGreaterThan(cosine(query!, unrelated!));
  });

  it('gives a query the vector its text gets in an index batch (same model on both faces)', async () => {
    const texts = ['centrifugal pump', 'steam boiler', 'invoice for March'];
    const batch = await model.background.embed(texts);
    for (const [i, text] of texts.entries()) {
      const [alone] = await model.query.embed([text]);
      expect(cosine(alone!, batch[i]!)).toBeGreaterThan(0.995);
    }
  });

  it('answers concurrent calls on both faces, each with its own texts in order', async () => {
    const texts = ['pump', 'valve', 'tank', 'pipe', 'sensor', 'motor', 'fan'];
    const [together, ...alone] = await Promise.all([
      model.background.embed(texts),
      ...texts.map((t, i) => (i % 2 === 0 ? model.query : model.background).embed([t])),
    ]);
    alone.forEach(([vector], i) => {
      const own = cosine(vector!, together[i]!);
      expect(own).toBeGreaterThan(0.995);
      for (const [j, other] of together.entries()) {
        if (j !== i) {
          expect(own).toBeGreaterThan(cosine(vector!, other));
        }
      }
    });
  });

  it('keeps the event loop free while queries are embedded', async () => {
    await model.query.dimensions();
    let turns = 0;
    const timer = setInterval(() => {
      turns += 1;
    }, 1);
    try {
      await Promise.all(
        Array.from({ length: 128 }, (_, i) => model.query.embed([`a query about pump ${i}`])),
      );
    } finally {
      clearInterval(timer);
    }
    // 128 queries take tens of milliseconds in their thread; a blocked loop would see no tick.
    expect(turns).toBeGreaterThan(1);
  });

  it('keeps the event loop free while an index batch is embedded', async () => {
    await model.background.dimensions();
    let turns = 0;
    const timer = setInterval(() => {
      turns += 1;
    }, 1);
    try {
      await model.background.embed(
        Array.from({ length: 256 }, (_, i) => `a longer sentence number ${i} about pumps`),
      );
    } finally {
      clearInterval(timer);
    }
    // 256 texts take tens of milliseconds in the worker; a blocked loop would see no tick.
    expect(turns).toBeGreaterThan(1);
  });

  it('rejects calls on both faces after close', async () => {
    const closed = new UseLiteModel();
    await closed.close();
    await expect(closed.background.embed(['x'])).rejects.toThrow(/closed/);
    await expect(closed.background.dimensions()).rejects.toThrow(/closed/);
    await expect(closed.query.embed(['x'])).rejects.toThrow(/closed/);
    await expect(closed.query.dimensions()).rejects.toThrow(/closed/);
  });

  it('rejects pending calls when closed mid-way, then stays closed', async () => {
    const other = new UseLiteModel();
    await other.background.dimensions();
    const pending = expect(
      other.background.embed(Array.from({ length: 256 }, (_, i) => `text ${i}`)),
    ).rejects.toThrow(/closed/);
    await new Promise((resolve) => setImmediate(resolve));
    await other.close();
    await pending;
    await expect(other.background.embed(['x'])).rejects.toThrow(/closed/);
  });

  it('starts threads only as calls need them: none for dimensions, one for small calls', async () => {
    const lazy = new UseLiteModel();
    try {
      expect(await lazy.background.dimensions()).toBe(512);
      expect(await lazy.query.dimensions()).toBe(512);
      expect(poolThreads(lazy).map((t) => t.thread !== null)).toEqual(
        poolThreads(lazy).map(() => false),
      );
      for (let i = 0; i < 3; i += 1) {
        await lazy.background.embed([`pump ${i}`, `valve ${i}`]);
      }
      const running = poolThreads(lazy).filter((t) => t.thread !== null);
      expect(running).toHaveLength(1);
      await lazy.background.embed(Array.from({ length: 64 }, (_, i) => `text ${i}`));
      expect(poolThreads(lazy).every((t) => t.thread !== null)).toBe(true);
    } finally {
      await lazy.close();
    }
  });

  it('rejects the calls of a worker that died, and starts a new one on the next call', async () => {
    const fragile = new UseLiteModel();
    try {
      // A large call starts every thread of the pool.
      await fragile.background.embed(Array.from({ length: 64 }, (_, i) => `text ${i}`));
      // The background face is a pool of model threads; every one of them dies. They are
      // killed while idle: a thread killed inside a model run takes the process down (the
      // next test), which is why the model's own close never does it.
      const workers = poolThreads(fragile).map((t) => t.thread!.worker!);
      const dying = Promise.all(workers.map((worker) => worker.terminate()));
      // Sent before the threads' exit is seen: never answered, then rejected.
      await expect(fragile.background.embed(['pump', 'valve'])).rejects.toThrow(/exited/);
      await dying;
      const [vector] = await fragile.background.embed(['pump']);
      expect(vector).toHaveLength(512);
      // The query face, its own thread, was never affected.
      const [query] = await fragile.query.embed(['pump']);
      expect(cosine(query!, vector!)).toBeGreaterThan(0.995);
    } finally {
      await fragile.close();
    }
  });

  it('can be closed while its threads run the model, without taking the process down', async () => {
    // Each round closes the model while both faces are in the middle of model runs. A
    // thread terminated inside onnxruntime aborts its whole process (a C++ exception the
    // binding cannot deliver), so the rounds run in a child process of their own.
    const script = `
      const { UseLiteModel } = require('./src/adapters/embeddings/use-lite-embedder.ts');
      const texts = Array.from({ length: 48 }, (_, i) => 'a sentence about pump ' + i + ' '.repeat(i) + 'and valves');
      (async () => {
        for (let round = 1; round <= ${CLOSE_ROUNDS}; round += 1) {
          const model = new UseLiteModel();
          await Promise.all([model.query.dimensions(), model.background.dimensions()]);
          const calls = [model.background.embed(texts), model.background.embed(texts), model.query.embed(texts)];
          const settled = Promise.allSettled(calls);
          await new Promise((resolve) => setTimeout(resolve, (round * 7) % 40));
          await model.close();
          const outcomes = await settled;
          if (outcomes.some((o) => o.status === 'rejected' && !/closed/.test(o.reason.message))) {
            throw new Error('a call failed otherwise than closed: ' + JSON.stringify(outcomes.map((o) => o.reason && o.reason.message)));
          }
        }
        console.log('closed ${CLOSE_ROUNDS} times');
      })().catch((error) => { console.error(error); process.exit(1); });
    `;
    const child = await new Promise<{ code: number | null; signal: string | null; output: string }>(
      (resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', '-e', script],
          { cwd: path.resolve(__dirname, '..', '..', '..'), timeout: 90_000 },
          (error, stdout, stderr) => {
            const failure = error as (Error & { code?: number; signal?: string }) | null;
            resolve({
              code: failure ? (failure.code ?? null) : 0,
              signal: failure?.signal ?? null,
              output: stdout + stderr,
            });
          },
        );
      },
    );
    expect(child).toEqual({ code: 0, signal: null, output: `closed ${CLOSE_ROUNDS} times\n` });
  }, 120_000);
});
