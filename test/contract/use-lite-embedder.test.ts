import { UseLiteEmbedder } from '../../src/adapters/embeddings/use-lite-embedder';
import { cosine, embedderContract } from './embedder.contract';

embedderContract('use-lite (bundled model, in a worker thread)', () => {
  const embedder = new UseLiteEmbedder();
  return Promise.resolve({ embedder, cleanup: () => embedder.close() });
});

describe('UseLiteEmbedder specifics', () => {
  let embedder: UseLiteEmbedder;
  beforeAll(() => {
    embedder = new UseLiteEmbedder({ batchSize: 4 });
  });
  afterAll(() => embedder.close());

  it('is the 512-dimension Universal Sentence Encoder lite, named use-lite', async () => {
    expect(embedder.name).toBe('use-lite');
    expect(await embedder.dimensions()).toBe(512);
  });

  it('puts a paraphrase closer than an unrelated sentence', async () => {
    const [query, paraphrase, unrelated] = await embedder.embed([
      'a fast automobile',
      'a red sports car',
      'banana bread recipe',
    ]);
    expect(cosine(query!, paraphrase!)).toBeGreaterThan(cosine(query!, unrelated!));
  });

  it('answers concurrent calls, each with its own texts in order', async () => {
    const texts = ['pump', 'valve', 'tank', 'pipe', 'sensor', 'motor', 'fan'];
    const [together, ...alone] = await Promise.all([
      embedder.embed(texts),
      ...texts.map((t) => embedder.embed([t])),
    ]);
    alone.forEach(([vector], i) => {
      expect(cosine(vector!, together[i]!)).toBeGreaterThan(0.9999);
    });
  });

  it('keeps the event loop free while the model works', async () => {
    let turns = 0;
    const timer = setInterval(() => {
      turns += 1;
    }, 1);
    try {
      await embedder.embed(Array.from({ length: 64 }, (_, i) => `sentence number ${i}`));
    } finally {
      clearInterval(timer);
    }
    // The model needs far more than one timer tick for 64 texts; a blocked loop would see none.
    expect(turns).toBeGreaterThan(1);
  });

  it('rejects calls after close', async () => {
    const closed = new UseLiteEmbedder();
    await closed.close();
    await expect(closed.embed(['x'])).rejects.toThrow(/closed/);
    await expect(closed.dimensions()).rejects.toThrow(/closed/);
  });

  it('rejects pending calls when closed mid-way, then stays closed', async () => {
    const other = new UseLiteEmbedder();
    await other.dimensions();
    const pending = expect(
      other.embed(Array.from({ length: 64 }, (_, i) => `text ${i}`)),
    ).rejects.toThrow(/closed/);
    // Let the batches reach the worker first.
    await new Promise((resolve) => setImmediate(resolve));
    await other.close();
    await pending;
    await expect(other.embed(['x'])).rejects.toThrow(/closed/);
  });

  it('rejects the calls of a worker that died, and starts a new one on the next call', async () => {
    const fragile = new UseLiteEmbedder();
    try {
      await fragile.dimensions();
      const worker = (
        fragile as unknown as { thread: { worker: { terminate(): Promise<number> } } }
      ).thread.worker;
      const pending = expect(fragile.embed(['pump', 'valve'])).rejects.toThrow(/exited/);
      await new Promise((resolve) => setImmediate(resolve));
      await worker.terminate();
      await pending;
      const [vector] = await fragile.embed(['pump']);
      expect(vector).toHaveLength(512);
    } finally {
      await fragile.close();
    }
  });
});
