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
