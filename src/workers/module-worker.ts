import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread running a module of this code base, given its path without
 * extension (`path.join(__dirname, 'index-worker')`).
 *
 * Compiled (`dist/`), the module is the `.js` file next to the caller. Run from the
 * TypeScript sources (tsx for `npm run dev`, the CLI and benchmarks; ts-jest for tests) it
 * is the `.ts` file, which a plain worker cannot load: the worker then registers tsx's
 * CommonJS loader first (tsx is a development dependency; production runs `dist/`).
 */
export function startModuleWorker(
  modulePath: string,
  options: Omit<WorkerOptions, 'eval'> = {},
): Worker {
  const compiled = `${modulePath}.js`;
  if (fs.existsSync(compiled)) {
    return new Worker(compiled, options);
  }
  const source = `${modulePath}.ts`;
  const loader = require.resolve('tsx/cjs/api');
  return new Worker(
    `require(${JSON.stringify(loader)}).register(); require(${JSON.stringify(source)});`,
    { ...options, eval: true },
  );
}

/** Niceness of background worker threads (0 normal, 19 lowest). */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the calling thread's scheduling priority, for a worker doing background work: on
 * Linux niceness is per thread, so under full load the CPU goes to request handling first
 * (threads the worker starts later, such as onnxruntime's, inherit it). Elsewhere, or when
 * not permitted, the thread keeps its priority.
 */
export function lowerThreadPriority(niceness = BACKGROUND_NICENESS): void {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) {
      os.setPriority(tid, niceness);
    }
  } catch {
    // Not Linux, or not permitted: run at normal priority.
  }
}

/**
 * Ends a worker that runs a native addon built with C++ exceptions (onnxruntime-node):
 * such a thread must end itself. `Worker.terminate()` while the addon is inside a call makes
 * every later N-API call of that call fail; the addon then throws an exception it cannot
 * deliver, and C++ aborts the whole process.
 *
 * `ask` tells the thread to stop (it finishes the call in progress and exits). Resolves once
 * it has exited, or after `graceMs`: a thread still inside one native call by then is left
 * to end by itself when the call returns, and no longer keeps the process alive.
 */
export async function stopWorker(worker: Worker, ask: () => void, graceMs: number): Promise<void> {
  if (worker.threadId === -1) {
    return; // already exited
  }
  // An 'error' event is followed by 'exit'; either means the thread is gone.
  const exited = once(worker, 'exit').catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  ask();
  const outcome = await Promise.race([exited, grace]);
  clearTimeout(timer);
  if (outcome === 'late') {
    worker.unref();
  }
}
