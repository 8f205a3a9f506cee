import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { GraphChanges } from '../../src/adapters/sqlite/ann/graph-access';
import { GraphThread } from '../../src/adapters/sqlite/ann/graph-thread';
import { DEFAULT_HNSW_PARAMS } from '../../src/adapters/sqlite/ann/hnsw-params';
import { unit } from '../contract/vector-index.contract';

/** Puts keys `from..from+count-1`, each a unit vector along axis `key % 4`. */
function puts(from: number, count: number): GraphChanges {
  const keys = Float64Array.from({ length: count }, (_, i) => from + i);
  const vectors = new Float32Array(count * 4);
  keys.forEach((key, i) => vectors.set(unit(...axis(key)), i * 4));
  return { keys, puts: new Uint8Array(count).fill(1), vectors };
}

function axis(key: number): [number, number, number, number] {
  const v: [number, number, number, number] = [0.01, 0.01, 0.01, 0.01];
  v[key % 4] = 1;
  return v;
}

function removals(...keys: number[]): GraphChanges {
  return {
    keys: Float64Array.from(keys),
    puts: new Uint8Array(keys.length),
    vectors: new Float32Array(0),
  };
}

describe('GraphThread', () => {
  let thread: GraphThread;
  let dir: string;
  beforeEach(() => {
    thread = new GraphThread();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-thread-'));
  });
  afterEach(async () => {
    await thread.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('applies changes in order, a prefix per call, and searches what it holds', async () => {
    const graph = await thread.open(4, DEFAULT_HNSW_PARAMS, null);
    expect(graph.size).toBe(0);
    let sent = 0;
    while (sent < 2000) {
      const { applied, size } = await graph.apply(puts(sent, 2000 - sent));
      expect(applied).toBeGreaterThanOrEqual(1);
      sent += applied;
      expect(size).toBe(sent);
    }
    expect(graph.size).toBe(2000);
    // A key put again replaces its copy; a removal takes it out.
    await graph.apply(removals(0, 1, 2, 3));
    await graph.apply({
      keys: Float64Array.from([4]),
      puts: Uint8Array.from([1]),
      vectors: unit(0, 0, 0, 1),
    });
    expect(graph.size).toBe(1996);
    const { keys, distances } = await graph.search(unit(1, 0, 0, 0), 10);
    expect(keys).toHaveLength(10);
    keys.forEach((key) => expect(key % 4).toBe(0));
    expect([...keys]).not.toContain(0);
    expect([...keys]).not.toContain(4);
    expect(distances[0]).toBeLessThan(0.01);
    const moved = await graph.search(unit(0, 0, 0, 1), 2000);
    expect([...moved.keys]).toContain(4);
  });

  it('saves a graph that opens again with the same points', async () => {
    const graph = await thread.open(4, DEFAULT_HNSW_PARAMS, null);
    await graph.apply(puts(10, 50));
    const file = path.join(dir, 'g.usearch');
    await graph.save(file);
    const again = await thread.open(4, DEFAULT_HNSW_PARAMS, file);
    expect(again.size).toBe(50);
    expect([...(await again.search(unit(...axis(11)), 1)).keys]).toEqual([
      ...(await graph.search(unit(...axis(11)), 1)).keys,
    ]);
  });

  it('rejects calls on a released graph, and a graph file that is missing', async () => {
    const graph = await thread.open(4, DEFAULT_HNSW_PARAMS, null);
    graph.release();
    await expect(graph.search(unit(1, 0, 0, 0), 1)).rejects.toThrow(/released/);
    await expect(
      thread.open(4, DEFAULT_HNSW_PARAMS, path.join(dir, 'missing.usearch')),
    ).rejects.toThrow();
    // The thread still serves other graphs.
    const other = await thread.open(4, DEFAULT_HNSW_PARAMS, null);
    expect((await other.apply(puts(0, 3))).size).toBe(3);
  });

  it('fails the calls waiting on a thread that died, and starts a new one for the next graph', async () => {
    const graph = await thread.open(4, DEFAULT_HNSW_PARAMS, null);
    await graph.apply(puts(0, 100));
    const worker = (thread as unknown as { worker: Worker }).worker;
    const waiting = graph.search(unit(1, 0, 0, 0), 5);
    await worker.terminate();
    await expect(waiting).rejects.toThrow(/graph thread exited/);
    await expect(graph.search(unit(1, 0, 0, 0), 5)).rejects.toThrow(/not open/);
    const next = await thread.open(4, DEFAULT_HNSW_PARAMS, null);
    expect((await next.apply(puts(0, 2))).size).toBe(2);
  });

  it('rejects every call once closed', async () => {
    const graph = await thread.open(4, DEFAULT_HNSW_PARAMS, null);
    await thread.close();
    await expect(graph.search(unit(1, 0, 0, 0), 1)).rejects.toThrow(/closed/);
    await expect(thread.open(4, DEFAULT_HNSW_PARAMS, null)).rejects.toThrow(/closed/);
  });
});
