/**
 * The thread that keeps a server's HNSW graphs (started by GraphThread): every search of a
 * graph and every change to one runs here, one message at a time in arrival order, so the
 * event loop only posts messages. An `apply` works for APPLY_SLICE_MS at most, so a search
 * sent meanwhile waits for about one slice.
 *
 * Protocol (main -> thread): `{ id, op, graph, ... }` with op `open` (`dimensions`,
 * `params`, `path`: a saved graph to load, or null for an empty one), `search` (`vector`,
 * `k`), `apply` (`changes`), `save` (`path`) and `release`. Thread -> main: `{ id, ok:
 * true, ... }` with the answer, or `{ id, ok: false, message }`.
 */
import { parentPort } from 'node:worker_threads';
import vm from 'node:vm';
import v8 from 'node:v8';
import type { Index } from 'usearch';
import { APPLY_SLICE_MS, applyChanges, searchIndex, type GraphChanges } from './graph-access';
import { createHnsw, type HnswParams } from './hnsw-params';

export type GraphRequest =
  | {
      id: number;
      op: 'open';
      graph: number;
      dimensions: number;
      params: HnswParams;
      path: string | null;
    }
  | { id: number; op: 'search'; graph: number; vector: Float32Array; k: number }
  | { id: number; op: 'apply'; graph: number; changes: GraphChanges }
  | { id: number; op: 'save'; graph: number; path: string }
  | { id: number; op: 'release'; graph: number };

export type GraphReply =
  | {
      id: number;
      ok: true;
      size?: number;
      applied?: number;
      keys?: Float64Array;
      distances?: Float32Array;
    }
  | { id: number; ok: false; message: string };

/**
 * A graph's native memory is not visible to V8, so a released graph would be freed only by
 * a full collection that this thread, which allocates little, seldom needs: it asks for one.
 */
function collector(): (() => void) | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? () => (gc as () => void)() : null;
  } catch {
    return null;
  }
}

function serve(port: NonNullable<typeof parentPort>): void {
  const graphs = new Map<number, Index>();
  const collect = collector();
  const graphOf = (id: number): Index => {
    const graph = graphs.get(id);
    if (!graph) {
      throw new Error(`Graph ${id} is not open`);
    }
    return graph;
  };
  port.on('message', (request: GraphRequest) => {
    try {
      switch (request.op) {
        case 'open': {
          const graph = createHnsw(request.dimensions, request.params);
          if (request.path !== null) {
            graph.load(request.path);
          }
          graphs.set(request.graph, graph);
          port.postMessage({ id: request.id, ok: true, size: graph.size() } satisfies GraphReply);
          break;
        }
        case 'search': {
          const { keys, distances } = searchIndex(
            graphOf(request.graph),
            request.vector,
            request.k,
          );
          const reply: GraphReply = { id: request.id, ok: true, keys, distances };
          port.postMessage(reply, [keys.buffer as ArrayBuffer, distances.buffer as ArrayBuffer]);
          break;
        }
        case 'apply': {
          const graph = graphOf(request.graph);
          const applied = applyChanges(graph, request.changes, APPLY_SLICE_MS);
          port.postMessage({
            id: request.id,
            ok: true,
            applied,
            size: graph.size(),
          } satisfies GraphReply);
          break;
        }
        case 'save':
          graphOf(request.graph).save(request.path);
          port.postMessage({ id: request.id, ok: true } satisfies GraphReply);
          break;
        case 'release':
          if (graphs.delete(request.graph)) {
            collect?.();
          }
          port.postMessage({ id: request.id, ok: true } satisfies GraphReply);
          break;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ id: request.id, ok: false, message } satisfies GraphReply);
    }
  });
}

if (parentPort) {
  serve(parentPort);
}
