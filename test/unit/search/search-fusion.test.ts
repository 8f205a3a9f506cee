import { fuse, graphScore, type FusionCandidate } from '../../../src/search/fusion';
import { nodeText } from '../../../src/search/node-text';

const candidates: FusionCandidate[] = [
  { id: 'seed-a', hops: 0, vectorScore: 0.9 },
  { id: 'seed-b', hops: 0, vectorScore: 0.7 },
  { id: 'near', hops: 1, vectorScore: 0.8 },
  { id: 'far', hops: 2, vectorScore: null },
  { id: 'opposite', hops: 1, vectorScore: -0.4 },
];

describe('hybrid search fusion', () => {
  it('graph score is 1 / (1 + hops)', () => {
    expect([0, 1, 2, 3].map(graphScore)).toEqual([1, 1 / 2, 1 / 3, 1 / 4]);
  });

  it('weighted: alpha * max(0, similarity) + (1 - alpha) * graph score, unknown similarity 0', () => {
    const scores = fuse(candidates, { method: 'weighted', alpha: 0.25 });
    expect(scores.get('seed-a')?.score).toBeCloseTo(0.25 * 0.9 + 0.75 * 1, 12);
    expect(scores.get('near')?.score).toBeCloseTo(0.25 * 0.8 + 0.75 * 0.5, 12);
    expect(scores.get('far')?.score).toBeCloseTo(0.75 / 3, 12);
    expect(scores.get('opposite')?.score).toBeCloseTo(0.75 * 0.5, 12);
    expect(scores.get('far')?.graphScore).toBeCloseTo(1 / 3, 12);
  });

  it('weighted with alpha 1 is similarity alone, with alpha 0 proximity alone', () => {
    expect(fuse(candidates, { method: 'weighted', alpha: 1 }).get('near')?.score).toBeCloseTo(0.8);
    expect(fuse(candidates, { method: 'weighted', alpha: 0 }).get('near')?.score).toBeCloseTo(0.5);
  });

  it('rrf: 1/(k + vector rank) + 1/(k + proximity rank), ties in hops share a rank', () => {
    const k = 60;
    const scores = fuse(candidates, { method: 'rrf', k });
    // Vector ranks: seed-a 1, near 2, seed-b 3, opposite 4; far has none.
    // Proximity ranks (competition): seeds 1, one hop 3, two hops 5.
    expect(scores.get('seed-a')?.score).toBeCloseTo(1 / (k + 1) + 1 / (k + 1), 12);
    expect(scores.get('seed-b')?.score).toBeCloseTo(1 / (k + 3) + 1 / (k + 1), 12);
    expect(scores.get('near')?.score).toBeCloseTo(1 / (k + 2) + 1 / (k + 3), 12);
    expect(scores.get('opposite')?.score).toBeCloseTo(1 / (k + 4) + 1 / (k + 3), 12);
    expect(scores.get('far')?.score).toBeCloseTo(1 / (k + 5), 12);
    expect(scores.get('near')?.graphScore).toBe(0.5);
  });

  it('rrf: a smaller k separates the top ranks more', () => {
    const gap = (k: number) => {
      const s = fuse(candidates, { method: 'rrf', k });
      return (s.get('seed-a')?.score ?? 0) - (s.get('seed-b')?.score ?? 0);
    };
    expect(gap(1)).toBeGreaterThan(gap(60));
  });
});

describe('node text', () => {
  const node = {
    id: 'n1',
    entityType: 'TemperatureSensor',
    name: 'Inlet probe',
    properties: {
      zone: 'boiler_room',
      tags: ['hot', 'critical'],
      max_celsius: 120,
      active: true,
      blank: '  ',
      readings: [1, 2],
    },
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('is the entity type in words, the name and the string properties in key order', () => {
    expect(nodeText(node)).toBe(
      'Temperature Sensor: Inlet probe. tags: hot, critical. zone: boiler_room',
    );
  });

  it('is cut at 2,000 characters', () => {
    const long = { ...node, properties: { description: 'x'.repeat(5000) } };
    expect(nodeText(long)).toHaveLength(2000);
  });
});
