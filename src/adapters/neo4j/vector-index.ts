import { setTimeout as sleep } from 'node:timers/promises';
import neo4j, {
  type Integer,
  type ManagedTransaction,
  type Record as Neo4jRecord,
} from 'neo4j-driver';
import type { VectorHit, VectorIndex, VectorPoint, VectorQuery } from '../../ports/vector-index';
import { isRaceOnSameSchema, type Neo4jClient } from './client';
import { countField, field, runAll, runOne, type Statement } from './statement';
import { VECTOR_INDEX_SHOW, vectorStatements, type VectorStatements } from './statements/vectors';
import { toInt, toNumber } from './values';
import { WorkspaceVectorSearch, type SearchCounts } from './vector-search';

/** Where the vectors live (a test store names its own). */
export interface Neo4jVectorIndexOptions {
  /** Label of the vector nodes, a `_` label; default `_Vector`. */
  label?: string;
  /** Prefix of the index and constraint names; default `vector`. */
  prefix?: string;
  /** How long `ensure` waits for a new index to come online; default 300 s. */
  onlineTimeoutSeconds?: number;
}

const DEFAULT_LABEL = '_Vector';
const DEFAULT_PREFIX = 'vector';
const DEFAULT_ONLINE_TIMEOUT_SECONDS = 300;
/** Points per upsert transaction (a 512-dim chunk is about 2 MB over Bolt). */
const UPSERT_CHUNK = 500;
/** Ids per remove transaction, points per delete transaction. */
const DELETE_CHUNK = 5000;
/** How often `ensure` looks whether a new index is online (short reads, no long wait). */
const ONLINE_POLL_MS = 250;

/** The vector index's state as `ensure` and searches need it. */
interface IndexState {
  /** NaN when the index is not one this adapter made (other label, property or function). */
  dimensions: number;
  /** `ONLINE`, `POPULATING` or `FAILED`. */
  state: string;
}

/**
 * VectorIndex on Neo4j's own vector index (Neo4j 5.26, Community): the vectors beside the
 * graph they describe, so a deployment on Neo4j searches without another engine, and
 * hybrid search seeds and expands in one database. One `(:_Vector)` node per indexed
 * entity (see `statements/vectors.ts` for why not a property of the entity), one cosine
 * vector index over all of them, range indexes for the workspace's own look-ups. Every
 * read and write names its workspace; searches keep to it as `WorkspaceVectorSearch`
 * says. Driver failures become 503 SERVICE_UNAVAILABLE at the client.
 */
export class Neo4jVectorIndex implements VectorIndex {
  readonly backend = 'neo4j';
  readonly indexName: string;
  private readonly onlineTimeoutSeconds: number;
  /** The index's dimensions once read; a missing index is not remembered. */
  private dims: number | null = null;
  private readonly statements: VectorStatements;
  private readonly searches: WorkspaceVectorSearch;

  constructor(
    private readonly client: Neo4jClient,
    options: Neo4jVectorIndexOptions = {},
  ) {
    this.onlineTimeoutSeconds = options.onlineTimeoutSeconds ?? DEFAULT_ONLINE_TIMEOUT_SECONDS;
    // Throws at once on a label or prefix that no slot takes.
    this.statements = vectorStatements(
      options.label ?? DEFAULT_LABEL,
      options.prefix ?? DEFAULT_PREFIX,
    );
    this.indexName = this.statements.indexName;
    this.searches = new WorkspaceVectorSearch(client, this.statements);
  }

  async ensure(dimensions: number): Promise<{ recreated: boolean; created: boolean }> {
    if (!Number.isInteger(dimensions) || dimensions < 1) {
      throw new Error(`Vector dimensions must be a positive integer, got ${dimensions}`);
    }
    const existing = await this.readIndex();
    // Without an index, the vectors stored (if any) say which embedder made them.
    const stored = existing === undefined ? await this.storedDimensions() : undefined;
    const recreated =
      existing !== undefined
        ? existing.dimensions !== dimensions
        : stored !== undefined && stored !== dimensions;
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
    const made = await this.awaitOnline();
    if (made?.dimensions !== dimensions) {
      // Another instance recreated it for other dimensions meanwhile.
      throw new Error(
        `The Neo4j vector index ${this.indexName} has ${made?.dimensions ?? 'no'} dimensions, ` +
          `not ${dimensions}: is another instance running with another embedder?`,
      );
    }
    this.dims = dimensions;
    // An index dropped by hand is made again from the vectors still stored: nothing is lost.
    return { recreated, created: existing === undefined && stored === undefined };
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
    const hits = await this.searches.search(query);
    if (hits === undefined) {
      // Dropped under the search: the next one reads the index again.
      this.dims = null;
      return [];
    }
    return hits;
  }

  count(workspaceId: string): Promise<number> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, this.statements.count, { workspaceId });
      return countField(record, 'points');
    });
  }

  /** Searches this process sent by path (see `WorkspaceVectorSearch.counts`). */
  searchCounts(): SearchCounts {
    return this.searches.counts();
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
        return countField(record, 'deleted');
      });
      if (deleted < DELETE_CHUNK) {
        return;
      }
    }
  }

  /** The length of a stored vector; undefined when none is stored. */
  private storedDimensions(): Promise<number | undefined> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, this.statements.storedDimensions, {});
      const dimensions = record ? field(record, 'dimensions') : null;
      return dimensions === null ? undefined : toNumber(dimensions);
    });
  }

  /**
   * The index once online, read every ONLINE_POLL_MS (a population can outlast a server's
   * transaction timeout, so no statement waits for it); undefined when it was dropped.
   */
  private async awaitOnline(): Promise<IndexState | undefined> {
    const deadline = Date.now() + this.onlineTimeoutSeconds * 1000;
    for (;;) {
      const index = await this.readIndex();
      if (index === undefined || index.state === 'ONLINE') {
        return index;
      }
      if (index.state === 'FAILED' || Date.now() > deadline) {
        throw new Error(
          `The Neo4j vector index ${this.indexName} is ${index.state}, not online ` +
            '(SHOW VECTOR INDEXES tells why)',
        );
      }
      await sleep(ONLINE_POLL_MS);
    }
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
        state: String(field(record, 'state')),
      };
    });
  }

  /** The dimensions of the online index; undefined when there is none (yet). */
  private async readDimensions(): Promise<number | undefined> {
    if (this.dims !== null) {
      return this.dims;
    }
    const state = await this.readIndex();
    if (state === undefined || state.state !== 'ONLINE') {
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

function checkVector(vector: Float32Array, dimensions: number): void {
  if (vector.length !== dimensions) {
    throw new Error(
      `Vector has ${vector.length} dimensions, the index expects ${dimensions}: ` +
        'call VectorIndex.ensure() with the embedder dimensions first',
    );
  }
}
