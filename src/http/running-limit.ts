import { ServiceUnavailableError } from '../errors';

/**
 * At most `max` of one kind of long request (exports, imports) running at once in this
 * process. `enter` takes a place or answers 503 with `Retry-After` and `details.running`
 * before any work is done; the function it returns gives the place back (call it once,
 * whatever happened).
 */
export class RunningLimit {
  private running = 0;

  /** @param what the requests, plural, for the message ("exports"). */
  constructor(
    private readonly max: number,
    private readonly what: string,
  ) {}

  enter(): () => void {
    if (this.running >= this.max) {
      throw new ServiceUnavailableError(
        `${this.max} ${this.what} are running, the most this server runs at once; try again shortly.`,
        { running: this.running },
      );
    }
    this.running += 1;
    let left = false;
    return () => {
      if (!left) {
        left = true;
        this.running -= 1;
      }
    };
  }
}
