import { createHash } from 'node:crypto';
import type { Embedder } from '../../src/ports/embedder';

/** Weight of a whole word token against one of its character trigrams. */
const WORD_WEIGHT = 1;
const TRIGRAM_WEIGHT = 0.5;

/**
 * Deterministic embedder for unit and e2e tests only: a hashed bag of lower-cased word
 * tokens and their character trigrams, folded into `dims` buckets with a hash-chosen sign,
 * then L2-normalised. Texts sharing words (or word parts) get a high cosine similarity;
 * the same text always gets the same vector, in any process. No model, no I/O, instant.
 */
export class HashEmbedder implements Embedder {
  readonly name = 'hash';
  /** Texts embedded so far (tests assert that the indexer batched or skipped work). */
  embeddedTexts = 0;

  constructor(private readonly dims = 64) {
    if (!Number.isInteger(dims) || dims < 1) {
      throw new Error(`HashEmbedder dimensions must be a positive integer, got ${dims}`);
    }
  }

  dimensions(): Promise<number> {
    return Promise.resolve(this.dims);
  }

  embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.embeddedTexts += texts.length;
    return Promise.resolve(texts.map((text) => this.vectorOf(text)));
  }

  private vectorOf(text: string): Float32Array {
    const vector = new Float32Array(this.dims);
    const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    for (const word of words) {
      this.add(vector, `w:${word}`, WORD_WEIGHT);
      const padded = `#${word}#`;
      for (let i = 0; i + 3 <= padded.length; i += 1) {
        this.add(vector, `t:${padded.slice(i, i + 3)}`, TRIGRAM_WEIGHT);
      }
    }
    let norm = 0;
    for (const value of vector) {
      norm += value * value;
    }
    if (norm === 0) {
      // No token at all (empty or punctuation-only text): a fixed unit vector, so the
      // result is still unit length as the port promises.
      vector[0] = 1;
      return vector;
    }
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < vector.length; i += 1) {
      vector[i] = (vector[i] ?? 0) * scale;
    }
    return vector;
  }

  private add(vector: Float32Array, feature: string, weight: number): void {
    const digest = createHash('sha1').update(feature).digest();
    const bucket = digest.readUInt32BE(0) % this.dims;
    const sign = (digest[4] ?? 0) & 1 ? -1 : 1;
    vector[bucket] = (vector[bucket] ?? 0) + sign * weight;
  }
}
