import { HashEmbedder } from '../../support/hash-embedder';
import { cosine, embedderContract } from './embedder.contract';

embedderContract('hash (tests only)', () =>
  Promise.resolve({ embedder: new HashEmbedder(), cleanup: () => Promise.resolve() }),
);

describe('HashEmbedder specifics', () => {
  it('is named hash and has the dimensions it was given', async () => {
    const embedder = new HashEmbedder(16);
    expect(embedder.name).toBe('hash');
    expect(await embedder.dimensions()).toBe(16);
    expect((await embedder.embed(['a b c']))[0]).toHaveLength(16);
  });

  it('puts texts sharing words closer than texts sharing none', async () => {
    const [query, related, unrelated] = await new HashEmbedder().embed([
      'water pump',
      'the main water pump in hall 3',
      'banana bread recipe',
    ]);
    expect(cosine(query!, related!)).toBeGreaterThan(cosine(query!, unrelated!) + 0.2);
  });

  it('is deterministic across instances (so fixtures can be computed)', async () => {
    const [a] = await new HashEmbedder().embed(['Pump P-101']);
    const [b] = await new HashEmbedder().embed(['pump p-101']);
    expect(Array.from(a!)).toEqual(Array.from(b!));
  });

  it('rejects dimensions that are not a positive integer', () => {
    expect(() => new HashEmbedder(0)).toThrow(/positive integer/);
  });
});
