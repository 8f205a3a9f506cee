import { StalledResponses, type WatchedResponse } from '../../../src/http/server';

/** A response whose connection holds `unsent` bytes and has sent `sent`. */
function response(): WatchedResponse & {
  destroyed: () => boolean;
  progress(bytes: number): void;
  unsent(bytes: number): void;
} {
  const socket = {
    bytesWritten: 0,
    writableLength: 0,
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
      socket.bytesWritten += bytes;
    },
    unsent(bytes) {
      socket.writableLength = bytes;
    },
  };
}

describe('StalledResponses', () => {
  const logged: unknown[] = [];
  const stalls = () =>
    new StalledResponses(1000, { info: (...args: unknown[]) => logged.push(args) } as never);

  it('closes a connection that sent none of what waits for the bound, and logs it', () => {
    const watch = stalls();
    const res = response();
    watch.watch(res, 0);
    res.unsent(5_000_000);
    watch.check(0);
    watch.check(999);
    expect(res.destroyed()).toBe(false);
    watch.check(1000);
    expect(res.destroyed()).toBe(true);
    expect(logged).toHaveLength(1);
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
    // Once the working handler's answer waits unsent, the bound counts from then.
    working.unsent(1_000);
    watch.check(60_500);
    expect(working.destroyed()).toBe(false);
    watch.check(61_000);
    expect(working.destroyed()).toBe(true);
  });
});
