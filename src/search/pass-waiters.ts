interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
  /** The last pass begun when the waiter came. */
  pass: number;
}

/**
 * Callers waiting on the indexer's loop: for a pass that found the outbox empty
 * (`whenIdle`, `whenDrained`), or for the first failure (`whenDrained`). Passes are
 * numbered, and a waiter is settled only by a pass begun after it came: a pass already
 * under way may have peeked past an entry committed meanwhile (on Neo4j an entry's seq is
 * its transaction's start time, so it can commit behind a larger one).
 */
export class PassWaiters {
  private passes = 0;
  private idle: Waiter[] = [];
  private drain: Waiter[] = [];

  /** A new pass begins; returns its number. */
  begin(): number {
    return ++this.passes;
  }

  /** Resolves once a pass begun after this call has found the outbox empty. */
  whenIdle(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.idle.push({ resolve, reject, pass: this.passes });
    });
  }

  /** As `whenIdle`, but rejects with the failure of any attempt before. */
  whenDrained(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.drain.push({ resolve, reject, pass: this.passes });
    });
  }

  /** Pass `pass` found the outbox empty. */
  emptied(pass: number): void {
    this.settleIdle(pass);
    this.settleDrain(null, pass);
  }

  /** An attempt failed: every drain waiter learns why. */
  failed(error: Error): void {
    this.settleDrain(error);
  }

  /** The loop ended: idle waiters are released, drain waiters told `error`. */
  stopped(error: Error): void {
    this.settleIdle(Infinity);
    this.settleDrain(error);
  }

  /** Rejects every drain waiter with `error`, or resolves those that came before `pass`. */
  private settleDrain(error: Error | null, pass = Infinity): void {
    const settled = this.drain.filter((w) => error !== null || w.pass < pass);
    this.drain = this.drain.filter((w) => !settled.includes(w));
    for (const waiter of settled) {
      if (error) {
        waiter.reject(error);
      } else {
        waiter.resolve();
      }
    }
  }

  /** Resolves the idle waiters that came before `pass` began. */
  private settleIdle(pass: number): void {
    const settled = this.idle.filter((w) => w.pass < pass);
    this.idle = this.idle.filter((w) => w.pass >= pass);
    for (const waiter of settled) {
      waiter.resolve();
    }
  }
}
