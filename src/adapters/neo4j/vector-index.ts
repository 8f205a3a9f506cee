import neo4j, {
  Neo4jError,
  type Integer,
  type ManagedTransaction,
  type Record as Neo4jRecord,
} from 'neo4j-driver';
import type { VectorHit, VectorIndex, VectorPoint, VectorQuery } from '../../ports/vector-index';
import { isRaceOnSameSchema, type Neo4jClient } from './client';
import { field, runAll, runOne, type Statement } from './statement';
import {
  VECTOR_CLEAR_CHUNK,
  VECTOR_COUNT,
  VECTOR_DELETE_CHUNK,
  VECTOR_EXACT,
  VECTOR_INDEX_AWAIT,
  VECTOR_INDEX_CREATE,
  VECTOR_INDEX_DROP,
  VECTOR_INDEX_SHOW,
  VECTOR_NEAREST,
  VECTOR_NODE_CONSTRAINT,
  VECTOR_REMOVE,
  VECTOR_SELECTION,
  VECTOR_UPSERT,
  VECTOR_WORKSPACE_INDEX,
} from './statements/vectors';
import { toInt, toNumber } from './values';

/** Where the vectors live (a test store names its own). */
export interface Neo4jVectorIndexOptions {
  /** Label of the vector nodes, a `_` label; default `_Vector`. */
  label?: string;
  /** Prefix of the index and constraint names; default `vector`. */
  prefix?: string;
  /** How long `ensure` waits for a new index to come online; default 300 s. */
  onlineTimeoutSeconds?: number;
}

export const DEFAULT_VECTOR_LABEL = '_Vector';
const DEFAULT_PREFIX = 'vector';
const DEFAULT_ONLINE_TIMEOUT_SECONDS = 300;
/** Points per upsert transaction (a 512-dim chunk is about 2 MB over Bolt). */
const UPSERT_CHUNK = 500;
/** Ids per remove transaction, points per delete transaction. */
const DELETE_CHUNK = 5000;

/**
 * How a search over one global index keeps to one workspace. The index answers the
 * nearest points of every workspace; a search asks it for `OVERFETCH` times the points a
 * workspace holding `selected` of `total` points would need for `topK` hits
 * (topK x total / selected, at least MIN_FETCH), keeps the workspace's, and widens until
 * `topK` remain or the index has no more. The best OVERFETCH x topK kept are scored again
 * exactly. A workspace that is a small share of the index is scanned instead (every one of
 * its points scored exactly, found through its workspace index) whenever that costs less:
 * scoring a point exactly (reading its vector from the store) costs about as much as
 * SCORE_COST candidates of the index, each read and tested for its workspace
 * (docs/search.md "Neo4j" has the measurements). So `topK` hits of the workspace are found
 * whatever its share of the index.
 */
const OVERFETCH = 2;
const MIN_FETCH = 100;
const SCORE_COST = 8;

/** The vector index's state as `ensure` and searches need it. */
interface IndexState {
  /** NaN when the index is not one this adapter made (other label, property or function). */
  dimensions: number;
  online: boolean;
}

/**
 * VectorIndex on Neo4j's own vector index (Neo4j 5.26, Community): the vectors beside the
 * graph they describe, so a deployment on Neo4j searches without another engine, and
 * hybrid search seeds and expands in one database. One `(:_Vector)` node per indexed
 * entity (see `statements/vectors.ts` for why not a property of the entity), one cosine
 * vector index over all of them, range indexes for the workspace's own look-ups. Every
 * read and write names its workspace. Driver failures become 503 SERVICE_UNAVAILABLE at
 * the client.
 */
export class Neo4jVectorIndex implements VectorIndex {
  readonly backend = 'neo4j';
  readonly indexName: string;
  private readonly onlineTimeoutSeconds: number;
  /** The index's dimensions once read; a missing index is not remembered. */
  private dims: number | null = null;
  /** The statements filled with the store's label and names. */
  private readonly statements: ReturnType<typeof fillStatements>;
  private readonly paths = { approximate: 0, widened: 0, exact: 0 };

  constructor(
    private readonly client: Neo4jClient,
    options: Neo4jVectorIndexOptions = {},
  ) {
    const prefix = options.prefix ?? DEFAULT_PREFIX;
    this.indexName = `${prefix}_embedding`;
    this.onlineTimeoutSeconds = options.onlineTimeoutSeconds ?? DEFAULT_ONLINE_TIMEOUT_SECONDS;
    // Throws at once on a label or prefix that no slot takes.
    this.statements = fillStatements(options.label ?? DEFAULT_VECTOR_LABEL, prefix);
  }

  async ensure(dimensions: number): Promise<{ recreated: boolean; created: boolean }> {
    if (!Number.isInteger(dimensions) || dimensions < 1) {
      throw new Error(`Vector dimensions must be a positive integer, got ${dimensions}`);
    }
    const existing = await this.readIndex();
    const recreated = existing !== undefined && existing.dimensions !== dimensions;
    if (recreated) {
      // Vectors of the old embedder cannot be compared with the new one's: all go.
      await this.schema(this.statements.dropIndex, {});
      this.dims = null;
      await this.deleteInChunks((tx, limit) => runOne(tx, this.statements.deleteChunk, { limit }));
    }
    // Idempotent; also repairs a store whose companions were dropped.
    await this.schema(this.statements.nodeConstraint, {});
    await this.schema(this.statements.workspaceIndex, {});
    await this.schema(this.statements.createIndex, { dimensions: toInt(dimensions) });
    await this.client.read((tx) =>
      runAll(tx, VECTOR_INDEX_AWAIT, {
        name: this.indexName,
        seconds: toInt(this.onlineTimeoutSeconds),
      }),
    );
    const made = await this.readIndex();
    if (made?.dimensions !== dimensions) {
      // Another instance recreated it for other dimensions meanwhile.
      throw new Error(
        `The Neo4j vector index ${this.indexName} has ${made?.dimensions ?? 'no'} dimensions, ` +
          `not ${dimensions}: is another instance running with another embedder?`,
      );
    }
    this.dims = dimensions;
    return { recreated, created: existing === undefined };
  }

  async upsert(points: readonly VectorPoint[]): Promise<void> {
    if (points.length === 0) {
      return;
    }
    const dims = await this.requireDimensions();
    // The last write of a node wins, as in one SQL transaction.
    const byKey = new Map<string, Record<string, unknown>>();
    for (const point of points) {
      checkVector(point.vector, dims);
      const key = JSON.stringify([point.workspaceId, point.nodeId]);
      byKey.delete(key);
      byKey.set(key, {
        workspaceId: point.workspaceId,
        nodeId: point.nodeId,
        entityType: point.entityType,
        vector: Array.from(point.vector),
      });
    }
    const all = [...byKey.values()];
    const statement = this.statements.upsert;
    for (let start = 0; start < all.length; start += UPSERT_CHUNK) {
      const chunk = all.slice(start, start + UPSERT_CHUNK);
      await this.client.write((tx) => runAll(tx, statement, { points: chunk }));
    }
  }

  async remove(workspaceId: string, nodeIds: readonly string[]): Promise<void> {
    const statement = this.statements.remove;
    for (let start = 0; start < nodeIds.length; start += DELETE_CHUNK) {
      const chunk = nodeIds.slice(start, start + DELETE_CHUNK);
      await this.client.write((tx) => runAll(tx, statement, { workspaceId, nodeIds: chunk }));
    }
  }

  clearWorkspace(workspaceId: string): Promise<void> {
    return this.deleteInChunks((tx, limit) =>
      runOne(tx, this.statements.clearChunk, { workspaceId, limit }),
    );
  }

  async search(query: VectorQuery): Promise<VectorHit[]> {
    const dims = await this.readDimensions();
    if (dims === undefined) {
      return [];
    }
    checkVector(query.vector, dims);
    const vector = Array.from(query.vector);
    const entityType = query.entityType ?? null;
    const { total, selected } = await this.selection(query.workspaceId, entityType);
    if (selected === 0) {
      return [];
    }
    const rescore = OVERFETCH * query.topK;
    let fetch = Math.max(MIN_FETCH, Math.ceil((OVERFETCH * query.topK * total) / selected));
    for (let round = 0; ; round += 1) {
      if (selected <= fetch / SCORE_COST + rescore) {
        this.paths.exact += 1;
        return this.exact(query, vector, entityType);
      }
      this.paths[round === 0 ? 'approximate' : 'widened'] += 1;
      const asked = Math.min(fetch, total);
      const answer = await this.nearest(query.workspaceId, vector, entityType, asked, rescore);
      if (answer === undefined) {
        return [];
      }
      const hits = answer.hits.sort(byScore);
      const kept = hits.filter((h) => query.minScore === undefined || h.score >= query.minScore);
      // Done when topK hits remain, when the index gave all it has, or when a hit of the
      // workspace below minScore shows that the rest, farther still, would not count.
      if (
        kept.length >= query.topK ||
        answer.seen < asked ||
        asked >= total ||
        kept.length < hits.length
      ) {
        return kept.slice(0, query.topK);
      }
      // Widen by the share of the selection among the candidates (at least doubling).
      const share = answer.kept / answer.seen;
      fetch = Math.max(2 * fetch, Math.ceil((OVERFETCH * query.topK) / Math.max(share, 1e-9)));
    }
  }

  count(workspaceId: string): Promise<number> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, this.statements.count, { workspaceId });
      return record ? toNumber(field(record, 'points')) : 0;
    });
  }

  /**
   * Queries this process sent by path since it started: `approximate` (the index, first
   * try), `widened` (the index again, asked for more) and `exact` (the workspace scanned).
   */
  searchCounts(): { approximate: number; widened: number; exact: number } {
    return { ...this.paths };
  }

  /** The driver belongs to the Neo4j stores, which close it. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** One schema command in its own transaction; a twin created by another instance is fine. */
  private async schema<P extends string>(
    statement: Statement<P>,
    params: Readonly<Record<P, unknown>>,
  ): Promise<void> {
    try {
      await this.client.write((tx) => runAll(tx, statement, params));
    } catch (error) {
      if (!isRaceOnSameSchema(error)) {
        throw error;
      }
    }
  }

  /** Runs a chunked delete until a chunk comes out short (each chunk one transaction). */
  private async deleteInChunks(
    chunk: (tx: ManagedTransaction, limit: Integer) => Promise<Neo4jRecord | null>,
  ): Promise<void> {
    for (;;) {
      const deleted = await this.client.write(async (tx) => {
        const record = await chunk(tx, toInt(DELETE_CHUNK));
        return record ? toNumber(field(record, 'deleted')) : 0;
      });
      if (deleted < DELETE_CHUNK) {
        return;
      }
    }
  }

  private selection(
    workspaceId: string,
    entityType: string | null,
  ): Promise<{ total: number; selected: number }> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, this.statements.selection, { workspaceId, entityType });
      return {
        total: record ? toNumber(field(record, 'total')) : 0,
        selected: record ? toNumber(field(record, 'selected')) : 0,
      };
    });
  }

  /**
   * The index's nearest `fetch` points: how many it gave (`seen`), how many of them are the
   * selection's (`kept`), and the best `rescore` of those scored exactly. Undefined when
   * the index is gone.
   */
  private async nearest(
    workspaceId: string,
    vector: number[],
    entityType: string | null,
    fetch: number,
    rescore: number,
  ): Promise<{ seen: number; kept: number; hits: VectorHit[] } | undefined> {
    try {
      return await this.client.read(async (tx) => {
        const record = await runOne(tx, VECTOR_NEAREST, {
          indexName: this.indexName,
          fetch: toInt(fetch),
          vector,
          workspaceId,
          entityType,
          rescore: toInt(rescore),
        });
        if (!record) {
          return { seen: 0, kept: 0, hits: [] };
        }
        const hits = field(record, 'hits') as { nodeId: string; similarity: number }[];
        return {
          seen: toNumber(field(record, 'seen')),
          kept: toNumber(field(record, 'kept')),
          hits: hits.map((h) => ({ nodeId: h.nodeId, score: cosine(h.similarity) })),
        };
      });
    } catch (error) {
      if (isMissingIndex(error)) {
        this.dims = null;
        return undefined;
      }
      throw error;
    }
  }

  private exact(query: VectorQuery, vector: number[], entityType: string | null) {
    return this.client.read(async (tx) => {
      const records = await runAll(tx, this.statements.exact, {
        workspaceId: query.workspaceId,
        entityType,
        vector,
        limit: toInt(query.topK),
      });
      return records
        .map((r) => ({
          nodeId: field(r, 'nodeId') as string,
          score: cosine(toNumber(field(r, 'similarity'))),
        }))
        .filter((hit) => query.minScore === undefined || hit.score >= query.minScore);
    });
  }

  /** The index's state, undefined when it does not exist. */
  private readIndex(): Promise<IndexState | undefined> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, VECTOR_INDEX_SHOW, { name: this.indexName });
      if (!record) {
        return undefined;
      }
      const labels = field(record, 'labelsOrTypes') as string[];
      const properties = field(record, 'properties') as string[];
      const options = field(record, 'options') as { indexConfig?: Record<string, unknown> };
      const config = options.indexConfig ?? {};
      const dimensions = config['vector.dimensions'];
      const ours =
        labels.length === 1 &&
        labels[0] === this.statements.label &&
        properties.length === 1 &&
        properties[0] === 'embedding' &&
        String(config['vector.similarity_function']).toUpperCase() === 'COSINE' &&
        (neo4j.isInt(dimensions) || typeof dimensions === 'number');
      return {
        dimensions: ours ? toNumber(dimensions) : Number.NaN,
        online: field(record, 'state') === 'ONLINE',
      };
    });
  }

  /** The dimensions of the online index; undefined when there is none (yet). */
  private async readDimensions(): Promise<number | undefined> {
    if (this.dims !== null) {
      return this.dims;
    }
    const state = await this.readIndex();
    if (state === undefined || !state.online) {
      return undefined;
    }
    this.dims = state.dimensions;
    return state.dimensions;
  }

  private async requireDimensions(): Promise<number> {
    const dims = await this.readDimensions();
    if (dims === undefined || Number.isNaN(dims)) {
      throw new Error(
        `The Neo4j vector index ${this.indexName} does not exist yet: call VectorIndex.ensure() first`,
      );
    }
    return dims;
  }
}

/** The statements of a store with this label and these index names. */
function fillStatements(label: string, prefix: string) {
  const names = {
    VECTOR_SYSTEM_LABEL: label,
    VECTOR_INDEX: `${prefix}_embedding`,
    NODE_INDEX: `${prefix}_node`,
    WORKSPACE_INDEX: `${prefix}_workspace`,
  };
  return {
    label,
    createIndex: VECTOR_INDEX_CREATE.fill(names),
    dropIndex: VECTOR_INDEX_DROP.fill(names),
    nodeConstraint: VECTOR_NODE_CONSTRAINT.fill(names),
    workspaceIndex: VECTOR_WORKSPACE_INDEX.fill(names),
    upsert: VECTOR_UPSERT.fill(names),
    remove: VECTOR_REMOVE.fill(names),
    clearChunk: VECTOR_CLEAR_CHUNK.fill(names),
    deleteChunk: VECTOR_DELETE_CHUNK.fill(names),
    count: VECTOR_COUNT.fill(names),
    selection: VECTOR_SELECTION.fill(names),
    exact: VECTOR_EXACT.fill(names),
  };
}

/** Cosine similarity from Neo4j's normalised score (1 + cosine) / 2, clamped to [-1, 1]. */
function cosine(similarity: number): number {
  return Math.min(1, Math.max(-1, 2 * similarity - 1));
}

/** Best first; ties by node id, as the other adapters order them. */
function byScore(a: VectorHit, b: VectorHit): number {
  return b.score - a.score || (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0);
}

/** The index was dropped under a search (another instance recreating it). */
function isMissingIndex(error: unknown): boolean {
  return error instanceof Neo4jError && /no such vector schema index/i.test(error.message);
}

function checkVector(vector: Float32Array, dimensions: number): void {
  if (vector.length !== dimensions) {
    throw new Error(
      `Vector has ${vector.length} dimensions, the index expects ${dimensions}: ` +
        'call VectorIndex.ensure() with the embedder dimensions first',
    );
  }
}
