import { StalledResponses, type WatchedResponse } from '../../../src/http/server';

/**
 * A response with one large write in flight, as Node shows it: `bytesWritten` and
 * `writableLength` stay put until the whole write is sent; only the handle's queue shrinks
 * as the client reads (`progress`).
 */
function response(): WatchedResponse & {
  destroyed: () => boolean;
  progress(bytes: number): void;
  unsent(bytes: number): void;
} {
  const handle = { writeQueueSize: 0 };
  const socket = {
    bytesWritten: 0,
    writableLength: 0,
    _handle: handle,
    destroyed: false,
    destroy() {
      socket.destroyed = true;
    },
  };
  return {
    statusCode: 200,
    socket,
    destroyed: () => socket.destroyed,
    progress(bytes) {
      handle.writeQueueSize -= bytes;
    },
    unsent(bytes) {
      socket.bytesWritten += bytes;
      socket.writableLength = bytes;
      handle.writeQueueSize = bytes;
    },
  };
}

describe('StalledResponses', () => {
  let logged: unknown[] = [];
  beforeEach(() => {
    logged = [];
  });
  const stalls = () =>
    new StalledResponses(1000, { info: (...args: unknown[]) => logged.push(args) } as never);

  /** Checks every `checkEveryMs` (250 for a 1,000 ms bound) from `from` to `to`, as the timer does. */
  function tick(watch: StalledResponses, from: number, to: number): void {
    for (let now = from; now <= to; now += watch.checkEveryMs) {
      watch.check(now);
    }
  }

  it('closes a connection that sent none of what waits for the bound, and logs it', () => {
    const watch = stalls();
    const res = response();
    watch.watch(res, 0);
    res.unsent(5_000_000);
    tick(watch, 0, 750);
    expect(res.destroyed()).toBe(false);
    expect(logged).toHaveLength(0);
    watch.check(1000);
    expect(res.destroyed()).toBe(true);
    expect(logged).toHaveLength(1);
  });

  it('does not hold a pause of the process itself against the client', () => {
    const watch = stalls();
    const res = response();
    watch.watch(res, 0);
    res.unsent(5_000_000);
    tick(watch, 0, 250);
    // The event loop was blocked for almost five seconds: two intervals of it count.
    watch.check(5000);
    expect(res.destroyed()).toBe(false);
    res.progress(64 * 1024);
    tick(watch, 5250, 5750);
    expect(res.destroyed()).toBe(false);
    // A client that still reads nothing is cut a whole bound after its last progress.
    tick(watch, 6000, 6250);
    expect(res.destroyed()).toBe(true);
  });

  it('keeps a slow reader: any progress within the bound starts it again', () => {
    const watch = stalls();
    const res = response();
    watch.watch(res, 0);
    res.unsent(5_000_000);
    for (let now = 0; now <= 10_000; now += 250) {
      if (now % 750 === 0) {
        res.progress(64 * 1024);
      }
      watch.check(now);
    }
    expect(res.destroyed()).toBe(false);
  });

  it('never cuts a handler still working (nothing waits to be sent), nor a response done', () => {
    const watch = stalls();
    const working = response();
    const finished = response();
    watch.watch(working, 0);
    const done = watch.watch(finished, 0);
    finished.unsent(100);
    done();
    watch.check(0);
    watch.check(60_000);
    expect(working.destroyed()).toBe(false);
    expect(finished.destroyed()).toBe(false);
    // Once the working handler's answer waits unsent, the bound counts from the first check
    // that sees it waiting.
    working.unsent(1_000);
    tick(watch, 60_250, 61_000);
    expect(working.destroyed()).toBe(false);
    watch.check(61_250);
    expect(working.destroyed()).toBe(true);
  });
});
