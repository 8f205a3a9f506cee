import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Clock } from '../ports/clock';

/** Something retention trims: records older than `before`, at most `limit` per call. */
export interface Trimmable {
  name: string;
  trim(before: string, limit: number): Promise<number>;
}

/** Events removed per step: one short transaction each, other work between steps. */
const TRIM_STEP = 1000;
/** Steps per run at most, so a large backlog is worked off over several runs. */
const MAX_STEPS_PER_RUN = 100;
/** How often retention runs. */
const RUN_EVERY_MS = 60_000;

/**
 * Removes change events, and the delivery log of webhook subscriptions, older than the
 * retention period (EVENTS_RETENTION_DAYS), in bounded steps, so that both hold a bounded
 * history; readers whose cursor falls behind what was removed get a 410 naming the earliest
 * cursor that can be followed.
 */
export class EventRetention {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly stores: readonly Trimmable[],
    private readonly clock: Clock,
    private readonly retentionMs: number,
    private readonly logger: Logger,
  ) {}

  /** Removes what has expired, at most MAX_STEPS_PER_RUN steps; resolves with the count. */
  async run(): Promise<number> {
    const before = new Date(this.clock.now() - this.retentionMs).toISOString();
    let removed = 0;
    for (const store of this.stores) {
      for (let step = 0; step < MAX_STEPS_PER_RUN; step += 1) {
        const count = await store.trim(before, TRIM_STEP);
        removed += count;
        if (count < TRIM_STEP) {
          break;
        }
        await nextTurn();
      }
    }
    return removed;
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) {
        return;
      }
      this.running = this.run()
        .then(
          (removed) => {
            if (removed > 0) {
              this.logger.debug(
                { removed },
                'change events and attempts past the retention removed',
              );
            }
            return removed;
          },
          (error: unknown) => {
            this.logger.warn({ err: error }, 'change event retention failed');
            return 0;
          },
        )
        .finally(() => {
          this.running = null;
        });
    }, RUN_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    await this.running?.catch(() => undefined);
  }
}
