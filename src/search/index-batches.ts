import type { Logger } from 'pino';
import type { GraphNode } from '../domain/graph';
import type { Embedder } from '../ports/embedder';
import type { GraphStore } from '../ports/graph-store';
import type { IndexOutbox, OutboxEntry } from '../ports/index-outbox';
import type { VectorIndex, VectorPoint } from '../ports/vector-index';
import { stage, StageFailure } from './indexer-support';
import { nodeText } from './node-text';

/** Consecutive failures of a batch before its texts are tried one by one (see `embed`). */
const POISON_CHECK_AFTER = 3;

/** A text any working embedder takes: tells "refuses these texts" from "is down". */
const EMBEDDER_PROBE = 'probe';

/** A batch read from the graph, its texts being embedded meanwhile. */
export interface StartedBatch {
  entries: readonly OutboxEntry[];
  live: { entry: OutboxEntry; entityType: string }[];
  /** Nodes that must have no vector: deleted ones (skipped texts are added later). */
  withoutVector: Map<string, string[]>;
  vectors: Promise<(Float32Array | null)[]>;
}

export interface IndexBatchesDeps {
  outbox: IndexOutbox;
  graph: GraphStore;
  embedder: Embedder;
  vectors: VectorIndex;
  logger: Logger;
}

/** What the batches need of the loop that runs them. */
export interface IndexLoop {
  /** Runs `work`, counting its time as the indexer's own use of the event loop. */
  timed<T>(work: () => Promise<T>): Promise<T>;
  /** Consecutive failed attempts so far. */
  failures(): number;
}

/**
 * One batch of outbox entries from the graph to the vector index, in two halves so that
 * the indexer can overlap them: `start` reads the nodes and starts embedding their texts,
 * `finish` writes the vectors, removes those of deleted or skipped nodes, and completes
 * the entries. A failure throws (a StageFailure naming the stage) with the entries left in
 * the outbox.
 */
export class IndexBatches {
  constructor(
    private readonly deps: IndexBatchesDeps,
    private readonly loop: IndexLoop,
  ) {}

  /** Reads the batch's nodes and starts embedding their texts (not awaited here). */
  async start(entries: readonly OutboxEntry[]): Promise<StartedBatch> {
    const live: { entry: OutboxEntry; entityType: string; text: string }[] = [];
    const withoutVector = new Map<string, string[]>();
    await this.loop.timed(async () => {
      // One read per workspace of the batch (not one per entry), then the entries in order.
      const wanted = new Map<string, string[]>();
      for (const entry of entries) {
        addTo(wanted, entry.workspaceId, entry.nodeId);
      }
      const found = new Map<string, Map<string, GraphNode>>();
      for (const [workspaceId, ids] of wanted) {
        const nodes = await this.deps.graph.getNodes(workspaceId, ids);
        found.set(workspaceId, new Map(nodes.map((node) => [node.id, node])));
      }
      for (const entry of entries) {
        const node = found.get(entry.workspaceId)?.get(entry.nodeId);
        if (node) {
          live.push({ entry, entityType: node.entityType, text: nodeText(node) });
        } else {
          addTo(withoutVector, entry.workspaceId, entry.nodeId);
        }
      }
    });
    const vectors = live.length > 0 ? this.embed(live) : Promise.resolve([]);
    // Awaited by finish, or dropped (with a handler) when the pass fails before.
    vectors.catch(() => undefined);
    return { entries, live, withoutVector, vectors };
  }

  /** Writes a started batch's vectors, removes the others, completes its entries. */
  async finish(batch: StartedBatch): Promise<void> {
    const vectors = await batch.vectors;
    await this.loop.timed(async () => {
      const points: VectorPoint[] = [];
      batch.live.forEach((l, i) => {
        const vector = vectors[i];
        if (vector) {
          points.push({
            workspaceId: l.entry.workspaceId,
            nodeId: l.entry.nodeId,
            entityType: l.entityType,
            vector,
          });
        } else {
          // Skipped: no vector of an older text may stand for it either.
          addTo(batch.withoutVector, l.entry.workspaceId, l.entry.nodeId);
        }
      });
      if (points.length > 0) {
        await stage(this.vectorStage(), () => this.deps.vectors.upsert(points));
      }
      for (const [workspaceId, nodeIds] of batch.withoutVector) {
        await stage(this.vectorStage(), () => this.deps.vectors.remove(workspaceId, nodeIds));
      }
      await this.deps.outbox.complete(batch.entries);
    });
  }

  /**
   * The batch's vectors. Once a batch has failed to embed POISON_CHECK_AFTER times in a row
   * and the embedder still embeds a plain probe text (it is up), the batch's texts are
   * embedded one at a time: a text it refuses then is one it will never take, and would
   * otherwise hold the whole outbox back forever. Such a node is skipped (null: its entry
   * completes without a vector) and logged; it is indexed again when it changes, or by
   * `cli reindex`. When the probe fails too, the embedder is down: the batch fails as a
   * whole (entries stay, backoff), at the cost of one extra call.
   */
  private async embed(
    live: readonly { entry: OutboxEntry; text: string }[],
  ): Promise<(Float32Array | null)[]> {
    const name = `Embedding with ${this.deps.embedder.name}`;
    const embed = (texts: string[]) => stage(name, () => this.deps.embedder.embed(texts));
    try {
      return await embed(live.map((l) => l.text));
    } catch (error) {
      if (this.loop.failures() + 1 < POISON_CHECK_AFTER || !(await this.embedderUp())) {
        throw error;
      }
    }
    const vectors: (Float32Array | null)[] = [];
    for (const l of live) {
      try {
        vectors.push((await embed([l.text]))[0] ?? null);
      } catch (refused) {
        vectors.push(null);
        this.deps.logger.warn(
          {
            err: refused instanceof StageFailure ? refused.reason : refused,
            workspaceId: l.entry.workspaceId,
            nodeId: l.entry.nodeId,
          },
          "search indexer: the embedder refuses this node's text; skipped until the node changes",
        );
      }
    }
    return vectors;
  }

  /** Whether the embedder embeds a plain text now. */
  private async embedderUp(): Promise<boolean> {
    try {
      await this.deps.embedder.embed([EMBEDDER_PROBE]);
      return true;
    } catch {
      return false;
    }
  }

  private vectorStage(): string {
    return `The ${this.deps.vectors.backend} vector index`;
  }
}

function addTo(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) {
    list.push(value);
  } else {
    map.set(key, [value]);
  }
}
