import type { Embedder } from '../../../src/ports/embedder';

/** Cosine similarity of two unit vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
  }
  return dot;
}

function norm(vector: Float32Array): number {
  return Math.sqrt(cosine(vector, vector));
}

function expectSameVector(actual: Float32Array | undefined, expected: Float32Array | undefined) {
  expect(actual).toBeDefined();
  expect(expected).toBeDefined();
  expect(actual?.length).toBe(expected?.length);
  // Batched and single model runs may differ: in the last float bits, and with an int8
  // model by the activation scale, which is per batch (cosine >= 0.998 seen). Two different
  // texts of the sets below stay under 0.99, so a mix-up still fails.
  expect(cosine(actual as Float32Array, expected as Float32Array)).toBeGreaterThan(0.995);
}

const TEXTS = Array.from(
  { length: 100 },
  (_, i) => `Pump ${i} feeds tank ${i % 7} in building ${String.fromCharCode(65 + (i % 26))}`,
);

/**
 * The Embedder contract: every adapter passes it. `factory` may share one embedder across
 * tests (loading a model is the slow part); `cleanup` runs once at the end.
 */
export function embedderContract(
  name: string,
  factory: () => Promise<{ embedder: Embedder; cleanup: () => Promise<void> }>,
): void {
  describe(`Embedder contract: ${name}`, () => {
    let embedder: Embedder;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ embedder, cleanup } = await factory());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    it('reports its dimensions, the same every time', async () => {
      const dims = await embedder.dimensions();
      expect(Number.isInteger(dims)).toBe(true);
      expect(dims).toBeGreaterThan(0);
      expect(await embedder.dimensions()).toBe(dims);
    });

    it('returns one unit-length vector of that length per text', async () => {
      const dims = await embedder.dimensions();
      const vectors = await embedder.embed(['a centrifugal pump', 'x', '']);
      expect(vectors).toHaveLength(3);
      for (const vector of vectors) {
        expect(vector).toBeInstanceOf(Float32Array);
        expect(vector).toHaveLength(dims);
        expect(norm(vector)).toBeCloseTo(1, 4);
      }
    });

    it('returns an empty list for no texts', async () => {
      expect(await embedder.embed([])).toEqual([]);
    });

    it('keeps the order of the texts, across internal batches', async () => {
      const all = await embedder.embed(TEXTS);
      expect(all).toHaveLength(TEXTS.length);
      for (const i of [0, 31, 32, 42, 95, 96, 99]) {
        expectSameVector(all[i], (await embedder.embed([TEXTS[i] ?? '']))[0]);
      }
      const [second, first] = await embedder.embed([TEXTS[1] ?? '', TEXTS[0] ?? '']);
      expectSameVector(first, all[0]);
      expectSameVector(second, all[1]);
    });

    it('gives the same text the same vector and different texts different ones', async () => {
      const [a, b, c] = await embedder.embed([
        'temperature sensor',
        'temperature sensor',
        'invoice from the accounting department',
      ]);
      expectSameVector(a, b);
      expect(cosine(a as Float32Array, c as Float32Array)).toBeLessThan(0.99);
    });
  });
}
