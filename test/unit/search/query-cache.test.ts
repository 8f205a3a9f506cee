import type { Embedder } from '../../../src/ports/embedder';
import { QueryEmbeddingCache } from '../../../src/search/query-cache';

/** An embedder that counts what it is asked, and fails while `failing` is set. */
function countingEmbedder() {
  const calls: string[][] = [];
  const state = { failing: false };
  const embedder: Embedder = {
    name: 'counting',
    dimensions: () => Promise.resolve(2),
    embed: (texts) => {
      calls.push([...texts]);
      if (state.failing) {
        return Promise.reject(new Error('model down'));
      }
      return Promise.resolve(texts.map((t) => Float32Array.from([t.length, 1])));
    },
  };
  return { embedder, calls, state };
}

describe('QueryEmbeddingCache', () => {
  it('asks the model once for a text asked again, and gives each caller its own copy', async () => {
    const { embedder, calls } = countingEmbedder();
    let hits = 0;
    const cache = new QueryEmbeddingCache(embedder, 10, () => (hits += 1));
    const [first] = await cache.embed(['pump']);
    first![0] = 99;
    const [second] = await cache.embed(['pump']);
    expect([...second!]).toEqual([4, 1]);
    expect(calls).toEqual([['pump']]);
    expect(hits).toBe(1);
    expect(cache.name).toBe('counting');
    expect(await cache.dimensions()).toBe(2);
  });

  it('shares one model call between identical queries arriving together', async () => {
    const { embedder, calls } = countingEmbedder();
    const cache = new QueryEmbeddingCache(embedder, 10);
    const answers = await Promise.all([1, 2, 3].map(() => cache.embed(['valve'])));
    expect(answers.map(([v]) => [...v!])).toEqual([
      [5, 1],
      [5, 1],
      [5, 1],
    ]);
    expect(calls).toEqual([['valve']]);
  });

  it('embeds only the texts it does not know, keeping the order asked', async () => {
    const { embedder, calls } = countingEmbedder();
    const cache = new QueryEmbeddingCache(embedder, 10);
    await cache.embed(['b']);
    const vectors = await cache.embed(['aaa', 'b', 'cc', 'aaa']);
    expect(vectors.map((v) => v[0])).toEqual([3, 1, 2, 3]);
    expect(calls).toEqual([['b'], ['aaa', 'cc']]);
  });

  it('does not keep a failure: the next call asks the model again', async () => {
    const { embedder, calls, state } = countingEmbedder();
    const cache = new QueryEmbeddingCache(embedder, 10);
    state.failing = true;
    await expect(cache.embed(['tank'])).rejects.toThrow('model down');
    state.failing = false;
    const [vector] = await cache.embed(['tank']);
    expect([...vector!]).toEqual([4, 1]);
    expect(calls).toEqual([['tank'], ['tank']]);
  });

  it('forgets the least recently used text beyond its capacity', async () => {
    const { embedder, calls } = countingEmbedder();
    const cache = new QueryEmbeddingCache(embedder, 2);
    await cache.embed(['a']);
    await cache.embed(['b']);
    await cache.embed(['a']); // a is now the most recent
    await cache.embed(['c']); // b goes
    await cache.embed(['a']);
    await cache.embed(['b']);
    expect(calls).toEqual([['a'], ['b'], ['c'], ['b']]);
  });
});
