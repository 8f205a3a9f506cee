import type { Clock } from '../../src/ports/clock';

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.UTC(2026, 0, 15, 12, 0, 0)) {}

  now(): number {
    return this.ms;
  }

  set(ms: number): void {
    this.ms = ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
