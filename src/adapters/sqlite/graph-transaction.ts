/**
 * Store calls of one transaction between two turns of the event loop: about a hundred
 * inserts, a few milliseconds of SQLite work.
 */
const YIELD_EVERY_CALLS = 100;

/**
 * The lifetime of one `GraphStore.transaction`. The writer connection is shared by every
 * request, so a GraphWriter or CommandLog kept past its transaction (a stray closure, a
 * promise not awaited) would otherwise write outside the mutex and autocommit on its own.
 */
export class TransactionScope {
  private open = true;
  /** Store calls made in this transaction so far. */
  private calls = 0;

  constructor(readonly workspaceId: string) {}

  /** Called once the transaction has committed or rolled back. */
  close(): void {
    this.open = false;
  }

  /**
   * Runs synchronous store work as the port's promise, refusing once the scope is closed.
   * Every YIELD_EVERY_CALLS-th call resolves only after the event loop has turned: the
   * driver is synchronous, so without it a transaction of 1,000 writes (a batch, an import
   * chunk) kept every other request of the process waiting until it ended. Reads run
   * meanwhile on the reader connection (committed data only); other writes wait for the
   * writer as before.
   */
  run<T>(work: () => T): Promise<T> {
    if (!this.open) {
      return Promise.reject(new Error('Graph transaction already finished; start a new one.'));
    }
    const result = settle(work);
    this.calls += 1;
    if (this.calls % YIELD_EVERY_CALLS !== 0) {
      return result;
    }
    return result.then((value) => new Promise<T>((resolve) => setImmediate(resolve, value)));
  }
}

/** The open transaction behind a unit of work this adapter made (see `bindTransaction`). */
interface BoundTransaction {
  /** The database the transaction runs on (a SqliteDatabase; compared by identity). */
  owner: object;
  scope: TransactionScope;
}

const boundTransactions = new WeakMap<object, BoundTransaction>();

/**
 * Remembers which database transaction `uow` belongs to, so that other stores of the same
 * database can write inside it (ConnectorStore's `...In(uow)` methods).
 */
export function bindTransaction(uow: object, owner: object, scope: TransactionScope): void {
  boundTransactions.set(uow, { owner, scope });
}

/**
 * Runs synchronous store work inside the open transaction of `uow`, which must come from a
 * GraphStore on the database `owner`, opened for `workspaceId`; anything else is a wiring
 * error.
 */
export function runInTransaction<T>(
  uow: object,
  owner: object,
  workspaceId: string,
  work: () => T,
): Promise<T> {
  const bound = boundTransactions.get(uow);
  if (bound?.owner !== owner) {
    return Promise.reject(
      new Error('Not a unit of work of this SQLite database: stores of one engine only.'),
    );
  }
  if (bound.scope.workspaceId !== workspaceId) {
    return Promise.reject(new Error('This unit of work belongs to another workspace.'));
  }
  return bound.scope.run(work);
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
