import { seededRandom } from './seeded-random';

function gaussian(random: () => number): number {
  const u = random() || Number.MIN_VALUE;
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function normalised(vector: Float32Array): Float32Array {
  const norm = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0));
  return vector.map((v) => v / norm);
}

/**
 * Unit vectors around `clusters` random centres, with gaussian noise of `spread` per
 * dimension: the shape of embeddings of related texts, reproducible from `seed`.
 */
export function clusteredVectors(options: {
  count: number;
  dimensions: number;
  clusters: number;
  spread: number;
  seed: number;
}): Float32Array[] {
  const random = seededRandom(options.seed);
  const centres = Array.from({ length: options.clusters }, () =>
    normalised(Float32Array.from({ length: options.dimensions }, () => gaussian(random))),
  );
  return Array.from({ length: options.count }, (_, i) => {
    const centre = centres[i % options.clusters]!;
    return normalised(centre.map((v) => v + options.spread * gaussian(random)));
  });
}
