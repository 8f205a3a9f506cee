import { AppError } from '../errors';

/** A timer that a signal cuts short; never rejects. */
export function defaultWait(ms: number, wake: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (wake.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      wake.removeEventListener('abort', done);
      resolve();
    }
    wake.addEventListener('abort', done);
  });
}

/** A message safe to show in the status: AppErrors carry one; anything else is named only. */
export function safeMessage(error: unknown, stage: string): string {
  return error instanceof AppError ? error.message : `${stage} failed; see the service log.`;
}

/** A failure of one indexing stage, with the message the index status shows. */
export class StageFailure extends Error {
  constructor(
    message: string,
    readonly reason: unknown,
  ) {
    super(message);
  }
}

/** Runs `work`; a failure becomes a StageFailure naming `stage` (its cause kept for the log). */
export async function stage<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof StageFailure ? error : new StageFailure(safeMessage(error, name), error);
  }
}

/** Event-loop time (ms) spent running callbacks and waiting, over some interval. */
export interface LoopSample {
  active: number;
  idle: number;
}

/**
 * Whether work other than the indexer's own (`ownMs`) kept the event loop busier than
 * `threshold` (0..1) over the sample. The indexer's own time is measured as wall time,
 * which may include waits: an over-estimate, so the rule errs towards indexing on.
 */
export function busyWithOthers(sample: LoopSample, ownMs: number, threshold: number): boolean {
  const elapsed = sample.active + sample.idle;
  if (elapsed <= 0) {
    return false;
  }
  return Math.max(0, sample.active - ownMs) / elapsed > threshold;
}
