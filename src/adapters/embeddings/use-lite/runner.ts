import { InferenceSession, Tensor } from 'onnxruntime-node';
import { readModelFiles } from './model-files';
import { UseLiteTokenizer } from './tokenizer';
import {
  buildUseLiteModel,
  DIMENSIONS,
  INPUT_IDS,
  INPUT_MASK,
  MAX_TOKENS,
  OUTPUT,
  type Precision,
} from './use-lite-graph';

/**
 * Characters of a text that are tokenised; the rest is cut. The model reads only its first
 * MAX_TOKENS pieces (a few hundred characters), so this only bounds the tokenizer's work.
 */
export const MAX_TEXT_CHARS = 10_000;

/** Texts per model call: texts of similar length are grouped so little is padding. */
const MAX_BATCH = 8;

/** What a runner is built from: the model's bytes and the tokenizer's vocabulary. */
export interface RunnerModel {
  bytes: Uint8Array;
  vocabulary: ConstructorParameters<typeof UseLiteTokenizer>[0];
}

/** Builds the ONNX model from the shipped weights (about half a second of CPU). */
export function buildRunnerModel(precision: Precision): RunnerModel {
  const files = readModelFiles();
  return { bytes: buildUseLiteModel(files, precision), vocabulary: files.vocabulary };
}

/**
 * Runs the Universal Sentence Encoder lite with onnxruntime on the calling thread (and its
 * intra-op threads, one by default). `embed` tokenises, groups the texts by length into
 * batches, runs them and returns one unit vector per text, in order.
 */
export class UseLiteRunner {
  readonly dimensions = DIMENSIONS;

  private constructor(
    private readonly session: InferenceSession,
    private readonly tokenizer: UseLiteTokenizer,
  ) {}

  /**
   * @param options.threads onnxruntime's intra-op threads (default 1). They sleep between
   *   runs instead of spinning: a spinning pool would take the CPU from request handling.
   */
  static async create(
    model: RunnerModel,
    options: { threads?: number } = {},
  ): Promise<UseLiteRunner> {
    const session = await InferenceSession.create(model.bytes, {
      intraOpNumThreads: options.threads ?? 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // Warnings only go to the process's stderr, outside the service's log.
      logSeverityLevel: 3,
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
    return new UseLiteRunner(session, new UseLiteTokenizer(model.vocabulary));
  }

  /** The pieces the model reads of a text: at least one (an empty text reads as a blank). */
  tokens(text: string): number[] {
    const bounded = text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
    let ids = this.tokenizer.encode(bounded);
    if (ids.length === 0) {
      ids = this.tokenizer.encode(' ');
    }
    return ids.length > MAX_TOKENS ? ids.slice(0, MAX_TOKENS) : ids;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const encoded = texts.map((text, index) => ({ index, ids: this.tokens(text) }));
    encoded.sort((a, b) => a.ids.length - b.ids.length);
    const vectors = new Array<Float32Array>(texts.length);
    for (let start = 0; start < encoded.length; start += MAX_BATCH) {
      const batch = encoded.slice(start, start + MAX_BATCH);
      const rows = await this.run(batch.map((b) => b.ids));
      batch.forEach((b, i) => {
        vectors[b.index] = rows.slice(i * DIMENSIONS, (i + 1) * DIMENSIONS);
      });
    }
    return vectors;
  }

  async release(): Promise<void> {
    await this.session.release();
  }

  /** One model call: rows padded to the longest, masked; flat [batch x 512] output. */
  private async run(batch: readonly number[][]): Promise<Float32Array> {
    const length = Math.max(...batch.map((ids) => ids.length));
    const ids = new BigInt64Array(batch.length * length);
    const mask = new Float32Array(batch.length * length);
    batch.forEach((row, r) => {
      row.forEach((id, i) => {
        ids[r * length + i] = BigInt(id);
        mask[r * length + i] = 1;
      });
    });
    const shape = [batch.length, length];
    const outputs = await this.session.run({
      [INPUT_IDS]: new Tensor('int64', ids, shape),
      [INPUT_MASK]: new Tensor('float32', mask, shape),
    });
    const output = outputs[OUTPUT];
    if (!output || !(output.data instanceof Float32Array)) {
      throw new Error('The embedding model returned no float output');
    }
    if (output.data.length !== batch.length * DIMENSIONS) {
      throw new Error('The embedding model returned vectors of an unexpected shape');
    }
    return output.data;
  }
}
