import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../../workers/module-worker';
import type { BuildReply } from './model-build-thread';

/**
 * The bundled model's ONNX bytes (about 13 MB), built once per process and shared by every
 * model thread (`ModelWorker`), which loads its onnxruntime session from a copy.
 *
 * Building reads the shipped weights and writes the model, some 100 MB of short-lived
 * buffers. The allocator keeps freed memory for the thread that freed it rather than
 * giving it back to the system, so every thread that built its own model kept that much
 * resident for the life of the process. It is built instead in a thread of its own (about
 * 0.3 s, on first use), which ends; the next thread started reuses what it freed.
 *
 * The bytes are kept, so that a thread started later (a second index thread, a thread
 * replacing one that died) loads at once. A failed build is forgotten: the next call
 * builds again.
 */
export class ModelBuild {
  private bytes: Promise<Uint8Array> | null = null;
  private builder: Worker | null = null;
  private closed = false;

  /** The model's bytes; rejects when they cannot be built or the model was closed. */
  get(): Promise<Uint8Array> {
    if (this.closed) {
      return Promise.reject(new Error('The embedder was closed'));
    }
    if (!this.bytes) {
      const building = this.build();
      this.bytes = building;
      building.catch(() => {
        if (this.bytes === building) {
          this.bytes = null;
        }
      });
    }
    return this.bytes;
  }

  /** Stops a build in progress (it runs no onnxruntime, so it may be terminated). */
  async close(): Promise<void> {
    this.closed = true;
    const builder = this.builder;
    this.builder = null;
    await builder?.terminate();
  }

  private build(): Promise<Uint8Array> {
    const worker = startModuleWorker(path.join(__dirname, 'model-build-thread'));
    this.builder = worker;
    return new Promise<Uint8Array>((resolve, reject) => {
      const fail = (message: string) =>
        reject(
          new Error(
            this.closed
              ? 'The embedder was closed'
              : `Could not load the embedding model: ${message}`,
          ),
        );
      worker.once('message', (reply: BuildReply) => {
        if (reply.type === 'built') {
          // Viewed in this realm (the message's array belongs to the builder's).
          resolve(new Uint8Array(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.length));
        } else {
          fail(reply.message);
        }
      });
      worker.once('error', (error) => fail(error instanceof Error ? error.message : String(error)));
      worker.once('exit', (code) => {
        if (this.builder === worker) {
          this.builder = null;
        }
        // After a reply this changes nothing (a promise settles once).
        fail(`the model build thread exited (code ${code})`);
      });
    });
  }
}
