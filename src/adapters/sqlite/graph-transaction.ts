/**
 * The lifetime of one `GraphStore.transaction`. The writer connection is shared by every
 * request, so a GraphWriter or CommandLog kept past its transaction (a stray closure, a
 * promise not awaited) would otherwise write outside the mutex and autocommit on its own.
 */
export class TransactionScope {
  private open = true;

  constructor(readonly workspaceId: string) {}

  /** Called once the transaction has committed or rolled back. */
  close(): void {
    this.open = false;
  }

  /** Runs synchronous store work as the port's promise, refusing once the scope is closed. */
  run<T>(work: () => T): Promise<T> {
    if (!this.open) {
      return Promise.reject(new Error('Graph transaction already finished; start a new one.'));
    }
    return settle(work);
  }
}

/**
 * Runs synchronous driver work and returns it as a promise, turning a throw into a
 * rejection: callers of the async port expect failures as rejections, never synchronous
 * throws.
 */
export function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
