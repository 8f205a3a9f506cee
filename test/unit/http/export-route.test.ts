import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import pino from 'pino';
import { ServiceUnavailableError } from '../../../src/errors';
import { exportRoutes, writeNdjson } from '../../../src/http/routes/exports';
import type { RecordChunk } from '../../../src/ports/graph-store';
import type { TransferStores } from '../../../src/transfer/export-workspace';
import type { ExportLine } from '../../../src/transfer/format';
import { makeNode } from '../../contract/graph-store/fixtures';

const WS = '6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6071';
const T = '2026-01-01T00:00:00.000Z';
const node = (id: string) => makeNode({ id, entityType: 'Thing', name: id });

/** A response whose client reads only when told to (`drain`), recording what it got. */
class FakeResponse extends EventEmitter {
  written = '';
  ended = false;
  destroyed = false;
  status = 0;
  constructor(private readonly accepts: boolean) {
    super();
  }
  writeHead(status: number) {
    this.status = status;
    return this;
  }
  write(chunk: string) {
    this.written += chunk;
    return this.accepts;
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

/** `count` node lines of about 300 bytes each, then the end line, as a store would give them. */
async function* linesOf(count: number): AsyncGenerator<ExportLine> {
  for (let i = 0; i < count; i += 1) {
    yield await Promise.resolve({ kind: 'node' as const, ...node(`n${i}`.padEnd(200, '.')) });
  }
  yield { kind: 'end', nodes: count, edges: 0 };
}

describe('writeNdjson', () => {
  it('writes every line and ends the response when the client keeps reading', async () => {
    const res = new FakeResponse(true);
    const stopped = await writeNdjson(
      res as unknown as Response,
      linesOf(1000),
      1000,
      new AbortController().signal,
    );
    expect(stopped).toBeNull();
    expect(res.ended).toBe(true);
    const lines = res.written.trimEnd().split('\n');
    expect(lines).toHaveLength(1001);
    expect(JSON.parse(lines.at(-1)!)).toEqual({ kind: 'end', nodes: 1000, edges: 0 });
  });

  it('reads no further while the client does not read, and gives up after the idle time', async () => {
    const res = new FakeResponse(false);
    let produced = 0;
    const lines = (async function* () {
      for await (const line of linesOf(10_000)) {
        produced += 1;
        yield line;
      }
    })();
    const started = Date.now();
    const stopped = await writeNdjson(
      res as unknown as Response,
      lines,
      100,
      new AbortController().signal,
    );
    expect(stopped).toBe('client stopped reading');
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(res.ended).toBe(false);
    // One write's worth of lines was read, not the whole export.
    expect(produced).toBeLessThan(500);
  });

  it('waits on for a client that keeps taking in part of what is unsent, however slowly', async () => {
    const res = new FakeResponse(false);
    let unsent = 1_000_000;
    const reading = setInterval(() => {
      unsent -= 1000; // a slow reader: the connection's backlog shrinks a little each time
    }, 30);
    try {
      const writing = writeNdjson(
        res as unknown as Response,
        linesOf(10),
        50,
        new AbortController().signal,
        () => unsent,
      );
      // Several idle periods pass without a drain, and the client is not cut off.
      await new Promise((resolve) => setTimeout(resolve, 300));
      res.emit('drain');
      expect(await writing).toBeNull();
      expect(res.ended).toBe(true);
    } finally {
      clearInterval(reading);
    }
    // The same client, stuck: cut off after one idle period without progress.
    const stuck = new FakeResponse(false);
    expect(
      await writeNdjson(
        stuck as unknown as Response,
        linesOf(10),
        50,
        new AbortController().signal,
        () => 500,
      ),
    ).toBe('client stopped reading');
  });

  it('goes on when the client reads again, and stops at once when told to', async () => {
    const res = new FakeResponse(false);
    const stop = new AbortController();
    const writing = writeNdjson(res as unknown as Response, linesOf(10_000), 60_000, stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    res.emit('drain');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = res.written.length;
    expect(before).toBeGreaterThan(64 * 1024 * 2 - 1);
    stop.abort('shutting down');
    expect(await writing).toBe('shutting down');
    expect(res.ended).toBe(false);
  });
});

describe('GET /api/export handler', () => {
  /** Stores whose records come only when `release` is called; `closed` counts releases. */
  function gatedStores() {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const state = { closed: 0, fail: false };
    const stores = {
      workspaces: {
        get: () =>
          Promise.resolve({
            id: WS,
            name: 'w',
            plan: 'starter',
            limits: null,
            createdAt: T,
          }),
      },
      ontology: { read: () => Promise.resolve({ types: [], settings: null }) },
      graph: {
        async *exportRecords(): AsyncGenerator<RecordChunk, void, undefined> {
          try {
            await gate;
            yield { kind: 'node', items: [node('a')] };
            if (state.fail) {
              throw new Error('disk on fire');
            }
            yield { kind: 'node', items: [node('b')] };
          } finally {
            state.closed += 1;
          }
        },
      },
    } as unknown as TransferStores;
    return { stores, release: () => release(), state };
  }

  function handlerOf(
    stores: TransferStores,
    draining = new AbortController().signal,
    { idleMs = 1000, timeLimitMs = 60_000 } = {},
  ) {
    const [route] = exportRoutes({
      stores,
      clock: { now: () => Date.parse(T) },
      draining,
      idleMs,
      timeLimitMs,
      maxRunning: 1,
      logger: pino({ level: 'silent' }),
    });
    return (res: FakeResponse) =>
      route!.handler(
        {
          ctx: { workspaceId: WS, principal: {}, scopes: ['read:nodes', 'read:edges'] },
          query: {},
          headers: {},
          method: 'GET',
        } as unknown as Request,
        res as unknown as Response,
      );
  }

  it('runs at most maxRunning exports at once, and frees the place when one ends', async () => {
    const { stores, release, state } = gatedStores();
    const handle = handlerOf(stores);
    const first = new FakeResponse(true);
    const running = handle(first);
    await expect(handle(new FakeResponse(true))).rejects.toBeInstanceOf(ServiceUnavailableError);
    release();
    await running;
    expect(first.status).toBe(200);
    expect(first.ended).toBe(true);
    expect(first.written.trimEnd().split('\n').at(-1)).toBe(
      JSON.stringify({ kind: 'end', nodes: 2, edges: 0, types: 0 }),
    );
    const next = new FakeResponse(true);
    await handle(next);
    expect(next.ended).toBe(true);
    expect(state.closed).toBe(2);
  });

  it('cuts the response off before the end line when the store fails midway, and releases the read', async () => {
    const { stores, release, state } = gatedStores();
    state.fail = true;
    release();
    const res = new FakeResponse(true);
    await handlerOf(stores)(res);
    expect(res.status).toBe(200);
    expect(res.destroyed).toBe(true);
    expect(res.ended).toBe(false);
    expect(res.written).not.toContain('"kind":"end"');
    expect(state.closed).toBe(1);
  });

  it('cuts off an export still running at its time limit, and releases the read', async () => {
    const { stores, release, state } = gatedStores();
    release();
    // A client that never takes anything in: only the time limit (not the minute-long idle
    // cut-off) can end this within the test's time.
    const res = new FakeResponse(false);
    await handlerOf(stores, undefined, { idleMs: 60_000, timeLimitMs: 50 })(res);
    expect(res.status).toBe(200);
    expect(res.destroyed).toBe(true);
    expect(res.ended).toBe(false);
    expect(state.closed).toBe(1);
  });

  it('stops a running export when the server drains, and answers 503 one that has not started', async () => {
    const { stores, release, state } = gatedStores();
    const draining = new AbortController();
    const handle = handlerOf(stores, draining.signal);
    const slow = new FakeResponse(false);
    release();
    const running = handle(slow);
    await new Promise((resolve) => setTimeout(resolve, 20));
    draining.abort();
    await running;
    expect(slow.destroyed).toBe(true);
    expect(state.closed).toBe(1);
    await expect(handle(new FakeResponse(true))).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});
