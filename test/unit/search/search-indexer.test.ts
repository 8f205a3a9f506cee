import pino from 'pino';
import type { GraphNode } from '../../../src/domain/graph';
import type { Embedder } from '../../../src/ports/embedder';
import type { GraphStore } from '../../../src/ports/graph-store';
import type { IndexOutbox, OutboxEntry } from '../../../src/ports/index-outbox';
import type { VectorIndex, VectorPoint } from '../../../src/ports/vector-index';
import { SearchIndexer } from '../../../src/search/indexer';
import { busyWithOthers } from '../../../src/search/indexer-support';

/** An in-memory outbox with the port's seq rule. */
class MemoryOutbox implements IndexOutbox {
  entries = new Map<string, OutboxEntry>();
  private seq = 0;
  enqueue(workspaceId: string, nodeId: string): void {
    this.seq += 1;
    this.entries.set(`${workspaceId}/${nodeId}`, {
      workspaceId,
      nodeId,
      seq: this.seq,
      enqueuedAt: new Date(0).toISOString(),
    });
  }
  peek(limit: number, after = 0) {
    return Promise.resolve(
      [...this.entries.values()]
        .filter((e) => e.seq > after)
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit),
    );
  }
  complete(done: readonly OutboxEntry[]) {
    for (const entry of done) {
      const key = `${entry.workspaceId}/${entry.nodeId}`;
      if (this.entries.get(key)?.seq === entry.seq) {
        this.entries.delete(key);
      }
    }
    return Promise.resolve();
  }
  pending(workspaceId: string) {
    return Promise.resolve(
      [...this.entries.values()].filter((e) => e.workspaceId === workspaceId).length,
    );
  }
  pendingAll() {
    return Promise.resolve(this.entries.size);
  }
  enqueueWorkspace(_workspaceId: string): Promise<number> {
    return Promise.resolve(0);
  }
}

/** Vectors in a map; `failures` calls to upsert reject first. */
class MemoryIndex implements VectorIndex {
  readonly backend = 'memory';
  points = new Map<string, VectorPoint>();
  failures = 0;
  upserts = 0;
  ensured: number[] = [];
  recreate = false;
  /** What `ensure` says about creating the index (undefined: an adapter that cannot tell). */
  create: boolean | undefined = undefined;
  ensure(dimensions: number) {
    this.ensured.push(dimensions);
    return Promise.resolve({
      recreated: this.recreate,
      ...(this.create === undefined ? {} : { created: this.create }),
    });
  }
  upsert(points: readonly VectorPoint[]) {
    this.upserts += 1;
    if (this.failures > 0) {
      this.failures -= 1;
      return Promise.reject(new Error('connection refused'));
    }
    for (const p of points) {
      this.points.set(`${p.workspaceId}/${p.nodeId}`, p);
    }
    return Promise.resolve();
  }
  remove(workspaceId: string, nodeIds: readonly string[]) {
    for (const id of nodeIds) {
      this.points.delete(`${workspaceId}/${id}`);
    }
    return Promise.resolve();
  }
  clearWorkspace() {
    return Promise.resolve();
  }
  search() {
    return Promise.resolve([]);
  }
  count(workspaceId: string) {
    return Promise.resolve(
      [...this.points.values()].filter((p) => p.workspaceId === workspaceId).length,
    );
  }
  close() {
    return Promise.resolve();
  }
}

const embedder: Embedder & { calls: string[][] } = {
  name: 'fake',
  calls: [],
  dimensions: () => Promise.resolve(2),
  embed(texts) {
    this.calls.push([...texts]);
    return Promise.resolve(texts.map(() => new Float32Array([1, 0])));
  },
};

function node(id: string): GraphNode {
  return {
    id,
    entityType: 'Pump',
    name: `pump ${id}`,
    properties: {},
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function setup(options: { batchSize?: number; busy?: boolean; writeBusyMs?: () => number } = {}) {
  const outbox = new MemoryOutbox();
  const index = new MemoryIndex();
  const nodes = new Map<string, GraphNode>();
  const graph = {
    getNode: (_ws: string, id: string) => Promise.resolve(nodes.get(id) ?? null),
    getNodes: (_ws: string, ids: readonly string[]) =>
      Promise.resolve(ids.flatMap((id) => nodes.get(id) ?? [])),
  } as unknown as GraphStore;
  const delays: number[] = [];
  embedder.calls = [];
  const indexer = new SearchIndexer(
    {
      outbox,
      graph,
      embedder,
      vectors: index,
      clock: { now: () => Date.UTC(2026, 0, 2) },
      logger: pino({ level: 'silent' }),
      workspaceIds: () => Promise.resolve(['ws']),
      ...(options.writeBusyMs ? { writeBusyMs: options.writeBusyMs } : {}),
    },
    {
      batchSize: options.batchSize ?? 64,
      idleMs: 5,
      initialBackoffMs: 100,
      maxBackoffMs: 1000,
      busyPauseMs: 250,
      maxBusyPauseMs: 1000,
      busyUtilization: 0.85,
      isBusy: () => options.busy ?? false,
      // Records each delay and returns at once: the test never waits on a timer.
      wait: (ms) => {
        delays.push(ms);
        return new Promise((resolve) => setImmediate(resolve));
      },
    },
  );
  started.push(indexer);
  return { outbox, index, nodes, indexer, delays };
}

const started: SearchIndexer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((indexer) => indexer.stop()));
});

describe('SearchIndexer', () => {
  it('pauses between batches while the event loop is saturated with requests', async () => {
    const { outbox, nodes, indexer, delays, index } = setup({ batchSize: 2, busy: true });
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      nodes.set(id, node(id));
      outbox.enqueue('ws', id);
    }
    indexer.start();
    await indexer.whenIdle();
    // Three batches (2 + 2 + 1), with the busy pause between them (none after the last),
    // the second twice the first, each taken in steps of the shortest.
    expect(delays.filter((ms) => ms >= 250)).toEqual([250, 250, 250]);
    expect(index.points.size).toBe(5);
  });

  it('pauses between batches while graph writes keep the graph busy, and not once they stop', async () => {
    // Writes running all the time: their busy time grows with the clock; then none: it stays.
    let writing = true;
    let busy = 0;
    const writeBusyMs = () => (writing ? (busy = performance.now()) : busy);
    const { outbox, nodes, indexer, delays, index } = setup({ batchSize: 2, writeBusyMs });
    const enqueue = (ids: string[]) => {
      for (const id of ids) {
        nodes.set(id, node(id));
        outbox.enqueue('ws', id);
      }
    };
    enqueue(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']);
    indexer.start();
    await indexer.whenIdle();
    // Six batches, five pauses: each doubles the one before, up to the cap (250 + 500 +
    // 1000 + 1000 + 1000 ms, in steps of 250).
    expect(delays.filter((ms) => ms >= 250)).toEqual(Array<number>(15).fill(250));
    expect(index.points.size).toBe(11);

    writing = false;
    delays.length = 0;
    enqueue(['l', 'm', 'n', 'o', 'p']);
    await indexer.whenIdle();
    expect(delays.filter((ms) => ms >= 250)).toEqual([]);
    expect(index.points.size).toBe(16);

    // A new stream of writes starts again from the shortest pause.
    writing = true;
    delays.length = 0;
    enqueue(['q', 'r', 's', 't', 'u']);
    await indexer.whenIdle();
    expect(delays.filter((ms) => ms >= 250)).toEqual([250, 250, 250]);
  });

  it('ends a long pause soon after the writes stop', async () => {
    let writing = true;
    let busy = 0;
    const writeBusyMs = () => (writing ? (busy = performance.now()) : busy);
    const { outbox, nodes, indexer, delays, index } = setup({ batchSize: 1, writeBusyMs });
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      nodes.set(id, node(id));
      outbox.enqueue('ws', id);
    }
    indexer.start();
    // Pauses of 250, 500 and then 1000 ms: the writes stop during the third.
    while (delays.filter((ms) => ms >= 250).length < 4) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    writing = false;
    await indexer.whenIdle();
    // One more step of the third pause at most, then no pause at all.
    expect(delays.filter((ms) => ms >= 250).length).toBeLessThanOrEqual(5);
    expect(index.points.size).toBe(5);
  });

  it('does not pause between batches when the loop has room', async () => {
    const { outbox, nodes, indexer, delays } = setup({ batchSize: 2 });
    for (const id of ['a', 'b', 'c']) {
      nodes.set(id, node(id));
      outbox.enqueue('ws', id);
    }
    indexer.start();
    await indexer.whenIdle();
    expect(delays.filter((ms) => ms >= 250)).toEqual([]);
  });

  it('embeds in batches, upserts, completes, and removes deleted nodes', async () => {
    const { outbox, index, nodes, indexer } = setup({ batchSize: 2 });
    for (const id of ['a', 'b', 'c']) {
      nodes.set(id, node(id));
      outbox.enqueue('ws', id);
    }
    index.points.set('ws/gone', {
      workspaceId: 'ws',
      nodeId: 'gone',
      entityType: 'X',
      vector: new Float32Array(2),
    });
    outbox.enqueue('ws', 'gone');
    indexer.start();
    await indexer.whenIdle();
    expect(embedder.calls).toEqual([['Pump: pump a', 'Pump: pump b'], ['Pump: pump c']]);
    expect([...index.points.keys()].sort()).toEqual(['ws/a', 'ws/b', 'ws/c']);
    expect(outbox.entries.size).toBe(0);
    expect(await indexer.status('ws')).toEqual({
      state: 'ready',
      backend: 'memory',
      embedder: 'fake',
      dimensions: 2,
      indexed: 3,
      pending: 0,
      lastIndexedAt: '2026-01-02T00:00:00.000Z',
      lastError: null,
      // The memory index keeps no approximate graph.
      approximate: null,
    });
    await indexer.stop();
  });

  it('retries a failing batch with exponential backoff, capped, and reports degraded meanwhile', async () => {
    const { outbox, index, nodes, indexer, delays } = setup();
    nodes.set('a', node('a'));
    outbox.enqueue('ws', 'a');
    index.failures = 6;
    indexer.start();
    await indexer.whenIdle();
    expect(delays.filter((ms) => ms !== 5)).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(index.upserts).toBe(7);
    expect(index.points.has('ws/a')).toBe(true);
    expect((await indexer.status('ws')).state).toBe('ready');
    await indexer.stop();
  });

  it('shows the failure in the status while degraded, and drain() rejects with it', async () => {
    const { outbox, index, nodes, indexer } = setup();
    nodes.set('a', node('a'));
    outbox.enqueue('ws', 'a');
    index.failures = 1_000_000;
    indexer.start();
    await expect(indexer.drain()).rejects.toThrow(
      'The memory vector index failed; see the service log.',
    );
    expect(await indexer.status('ws')).toMatchObject({
      state: 'degraded',
      pending: 1,
      lastError: 'The memory vector index failed; see the service log.',
    });
    index.failures = 0;
    await indexer.drain();
    expect(await indexer.status('ws')).toMatchObject({ state: 'ready', lastError: null });
    await indexer.stop();
  });

  it('keeps an entry that changed while its batch was in flight', async () => {
    const { outbox, nodes, indexer } = setup();
    nodes.set('a', node('a'));
    outbox.enqueue('ws', 'a');
    const embed = embedder.embed.bind(embedder);
    let once = true;
    embedder.embed = (texts) => {
      if (once) {
        once = false;
        nodes.set('a', { ...node('a'), name: 'renamed', version: 2 });
        outbox.enqueue('ws', 'a');
      }
      return embed(texts);
    };
    try {
      indexer.start();
      await indexer.whenIdle();
      expect(embedder.calls).toEqual([['Pump: pump a'], ['Pump: renamed']]);
    } finally {
      embedder.embed = embed;
      await indexer.stop();
    }
  });

  it('whenIdle waits for a pass begun after it, which sees an entry committed behind a larger seq', async () => {
    // On Neo4j a seq is its transaction's start time: an entry can commit after a pass has
    // peeked past its seq. The pass under way misses it; whenIdle must not stop there.
    const { outbox, nodes, indexer } = setup({ batchSize: 1 });
    nodes.set('a', node('a'));
    nodes.set('b', node('b'));
    nodes.set('late', node('late'));
    outbox.enqueue('ws', 'a');
    outbox.enqueue('ws', 'b');
    const embed = embedder.embed.bind(embedder);
    let idle: Promise<void> | undefined;
    embedder.embed = (texts) => {
      if (!idle && texts[0] === 'Pump: pump b') {
        // Committed now, with a seq below the batch under way; then the client waits.
        outbox.entries.set('ws/late', {
          workspaceId: 'ws',
          nodeId: 'late',
          seq: 0.5,
          enqueuedAt: new Date(0).toISOString(),
        });
        idle = indexer.whenIdle();
      }
      return embed(texts);
    };
    try {
      indexer.start();
      await indexer.whenIdle();
      await idle;
      expect(outbox.entries.size).toBe(0);
      expect(embedder.calls.flat()).toContain('Pump: pump late');
    } finally {
      embedder.embed = embed;
      await indexer.stop();
    }
  });

  it('ensures the index for the embedder’s dimensions and re-enqueues every workspace when recreated', async () => {
    const { outbox, index, nodes, indexer } = setup();
    index.recreate = true;
    const enqueued: string[] = [];
    outbox.enqueueWorkspace = (ws: string) => {
      enqueued.push(ws);
      return Promise.resolve(0);
    };
    nodes.set('a', node('a'));
    outbox.enqueue('ws', 'a');
    indexer.start();
    await indexer.whenIdle();
    expect(index.ensured).toEqual([2]);
    expect(enqueued).toEqual(['ws']);
    await indexer.stop();
  });

  it('indexes every workspace when the vector index is new, each node once', async () => {
    // A deployment that moves its vectors to another store finds that store empty.
    const { outbox, index, nodes, indexer } = setup();
    index.create = true;
    const enqueued: string[] = [];
    outbox.enqueueWorkspace = (ws: string) => {
      enqueued.push(ws);
      for (const id of nodes.keys()) {
        outbox.enqueue(ws, id);
      }
      return Promise.resolve(nodes.size);
    };
    for (const id of ['a', 'b', 'c']) {
      nodes.set(id, node(id));
    }
    // Only the latest change is pending; the other nodes were indexed into the old store.
    outbox.enqueue('ws', 'c');
    indexer.start();
    await indexer.whenIdle();
    expect(enqueued).toEqual(['ws']);
    expect([...index.points.keys()].sort()).toEqual(['ws/a', 'ws/b', 'ws/c']);
    // The entry peeked before preparing got a new seq; it was taken again, not embedded twice.
    expect(embedder.calls.flat()).toHaveLength(3);
    expect(outbox.entries.size).toBe(0);
    await indexer.stop();
  });

  it('keeps to the pending entries when the index existed', async () => {
    const { outbox, index, nodes, indexer } = setup();
    index.create = false;
    let enqueued = 0;
    outbox.enqueueWorkspace = () => {
      enqueued += 1;
      return Promise.resolve(0);
    };
    nodes.set('a', node('a'));
    outbox.enqueue('ws', 'a');
    indexer.start();
    await indexer.whenIdle();
    expect(enqueued).toBe(0);
    expect(index.points.size).toBe(1);
    await indexer.stop();
  });

  it('embeds the next batch while the previous one is written', async () => {
    const { outbox, index, nodes, indexer } = setup({ batchSize: 2 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      nodes.set(id, node(id));
      outbox.enqueue('ws', id);
    }
    const embedsStartedAtUpsert: number[] = [];
    const upsert = index.upsert.bind(index);
    index.upsert = (points) => {
      embedsStartedAtUpsert.push(embedder.calls.length);
      return upsert(points);
    };
    indexer.start();
    await indexer.whenIdle();
    // Batches [a b] [c d] [e]: each is written once the following one is being embedded.
    expect(embedsStartedAtUpsert).toEqual([2, 3, 3]);
    expect(index.points.size).toBe(5);
    expect(outbox.entries.size).toBe(0);
  });

  it('leaves the written and the prefetched batch in the outbox when a write fails, then indexes both', async () => {
    const { outbox, index, nodes, indexer } = setup({ batchSize: 2 });
    for (const id of ['a', 'b', 'c', 'd']) {
      nodes.set(id, node(id));
      outbox.enqueue('ws', id);
    }
    index.failures = 1;
    indexer.start();
    await expect(indexer.drain()).rejects.toThrow();
    expect(outbox.entries.size).toBe(4);
    await indexer.drain();
    expect([...index.points.keys()].sort()).toEqual(['ws/a', 'ws/b', 'ws/c', 'ws/d']);
    expect(outbox.entries.size).toBe(0);
  });

  it('does not load the embedder while there is nothing to index', async () => {
    const { index, indexer } = setup();
    indexer.start();
    await indexer.whenIdle();
    expect(index.ensured).toEqual([]);
    expect((await indexer.status('ws')).dimensions).toBeNull();
    await indexer.stop();
  });
});

describe('the indexer busy rule', () => {
  it('counts only work other than the indexer’s own as load', () => {
    // 90 ms of 100 busy, 80 of them the indexer's own: the loop has room for requests.
    expect(busyWithOthers({ active: 90, idle: 10 }, 80, 0.85)).toBe(false);
    // The same 90 ms spent on requests: saturated, the indexer yields.
    expect(busyWithOthers({ active: 90, idle: 10 }, 0, 0.85)).toBe(true);
    // Own time measured as wall time may exceed the loop's active time: never negative.
    expect(busyWithOthers({ active: 20, idle: 80 }, 50, 0.85)).toBe(false);
    expect(busyWithOthers({ active: 0, idle: 0 }, 0, 0.85)).toBe(false);
  });
});

describe('SearchIndexer with texts the embedder refuses', () => {
  /** An embedder that refuses any batch holding a text with `POISON`, or everything when down. */
  function pickyEmbedder() {
    const state = { down: false, calls: 0 };
    const picky: Embedder = {
      name: 'picky',
      dimensions: () => Promise.resolve(2),
      embed(texts) {
        state.calls += 1;
        if (state.down || texts.some((t) => t.includes('POISON'))) {
          return Promise.reject(new Error('400 input rejected'));
        }
        return Promise.resolve(texts.map(() => new Float32Array([1, 0])));
      },
    };
    return { picky, state };
  }

  function setupWith(embed: Embedder) {
    const outbox = new MemoryOutbox();
    const index = new MemoryIndex();
    const nodes = new Map<string, GraphNode>();
    const graph = {
      getNode: (_ws: string, id: string) => Promise.resolve(nodes.get(id) ?? null),
      getNodes: (_ws: string, ids: readonly string[]) =>
        Promise.resolve(ids.flatMap((id) => nodes.get(id) ?? [])),
    } as unknown as GraphStore;
    const indexer = new SearchIndexer(
      {
        outbox,
        graph,
        embedder: embed,
        vectors: index,
        clock: { now: () => Date.UTC(2026, 0, 2) },
        logger: pino({ level: 'silent' }),
        workspaceIds: () => Promise.resolve(['ws']),
      },
      {
        batchSize: 64,
        idleMs: 5,
        initialBackoffMs: 100,
        maxBackoffMs: 1000,
        busyPauseMs: 250,
        maxBusyPauseMs: 1000,
        busyUtilization: 0.85,
        isBusy: () => false,
        wait: () => new Promise((resolve) => setImmediate(resolve)),
      },
    );
    started.push(indexer);
    return { outbox, index, nodes, indexer };
  }

  it('skips a node whose text is refused while others embed, and removes its old vector', async () => {
    const { picky } = pickyEmbedder();
    const { outbox, index, nodes, indexer } = setupWith(picky);
    for (const id of ['a', 'b', 'c']) {
      nodes.set(id, node(id));
      outbox.enqueue('ws', id);
    }
    nodes.set('bad', { ...node('bad'), name: 'POISON pill' });
    index.points.set('ws/bad', {
      workspaceId: 'ws',
      nodeId: 'bad',
      entityType: 'Pump',
      vector: new Float32Array(2),
    });
    outbox.enqueue('ws', 'bad');
    indexer.start();
    await indexer.whenIdle();
    expect(outbox.entries.size).toBe(0);
    expect([...index.points.keys()].sort()).toEqual(['ws/a', 'ws/b', 'ws/c']);
    expect((await indexer.status('ws')).state).toBe('ready');

    // Once its text is acceptable again, the node is indexed like any other.
    nodes.set('bad', node('bad'));
    outbox.enqueue('ws', 'bad');
    indexer.nudge();
    await indexer.whenIdle();
    expect(index.points.has('ws/bad')).toBe(true);
  });

  it('skips a batch of one refused text when the embedder embeds a probe', async () => {
    const { picky } = pickyEmbedder();
    const { outbox, index, nodes, indexer } = setupWith(picky);
    nodes.set('bad', { ...node('bad'), name: 'POISON' });
    outbox.enqueue('ws', 'bad');
    indexer.start();
    await indexer.whenIdle();
    expect(outbox.entries.size).toBe(0);
    expect(index.points.size).toBe(0);
  });

  it('keeps every entry while the embedder is down, and indexes them when it is back', async () => {
    const { picky, state } = pickyEmbedder();
    const { outbox, index, nodes, indexer } = setupWith(picky);
    for (const id of ['a', 'b']) {
      nodes.set(id, node(id));
      outbox.enqueue('ws', id);
    }
    state.down = true;
    indexer.start();
    await expect(indexer.drain()).rejects.toThrow();
    // Well past the attempts after which single texts are tried (the probe fails too).
    while (state.calls < 12) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(outbox.entries.size).toBe(2);
    expect((await indexer.status('ws')).state).toBe('degraded');
    state.down = false;
    await indexer.drain();
    expect([...index.points.keys()].sort()).toEqual(['ws/a', 'ws/b']);
  });
});
