import { QdrantClient, type Schemas } from '@qdrant/js-client-rest';
import type { VectorHit, VectorIndex, VectorPoint, VectorQuery } from '../../ports/vector-index';
import { classifyQdrantError, translateQdrantError } from './errors';
import { pointId } from './point-id';

/** Connection settings (config `qdrant`). */
export interface QdrantVectorIndexOptions {
  url: string;
  apiKey?: string;
  /** Default `ontology_nodes`. */
  collection?: string;
  /** Per request, default 10 s: past it the call fails with 503. */
  timeoutMs?: number;
}

export const DEFAULT_QDRANT_COLLECTION = 'ontology_nodes';
const DEFAULT_TIMEOUT_MS = 10_000;
/** Points per upsert request (a 512-dim batch of 256 is about 1.5 MB of JSON). */
const UPSERT_CHUNK = 256;
/** Ids per delete request. */
const DELETE_CHUNK = 1000;

/** Payload stored with every point. */
interface PointPayload {
  workspace_id: string;
  node_id: string;
  entity_type: string;
}

function workspaceFilter(workspaceId: string, ...more: Schemas['Condition'][]): Schemas['Filter'] {
  return { must: [{ key: 'workspace_id', match: { value: workspaceId } }, ...more] };
}

/**
 * VectorIndex on Qdrant: one collection for every workspace (cosine distance), with
 * `workspace_id` as a keyword payload index marked `is_tenant` (Qdrant stores each
 * tenant's points together and builds per-tenant HNSW graphs: `payload_m` 16, `m` 0, the
 * multitenancy layout Qdrant documents) and `entity_type` as a keyword index. Every
 * search, count and delete carries a `workspace_id` filter. Client failures become 503
 * SERVICE_UNAVAILABLE (see `./errors`).
 */
export class QdrantVectorIndex implements VectorIndex {
  readonly backend = 'qdrant';
  readonly collection: string;
  private readonly client: QdrantClient;
  /**
   * Vector size of the collection once read (NaN: not a layout we keep). A missing
   * collection is not remembered: another instance may create it at any time.
   */
  private dims: number | null = null;

  constructor(options: QdrantVectorIndexOptions) {
    this.collection = options.collection ?? DEFAULT_QDRANT_COLLECTION;
    this.client = new QdrantClient({
      url: options.url,
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      // It would only print a warning when the server is down at start-up; /ready reports it.
      checkCompatibility: false,
    });
  }

  ensure(dimensions: number): Promise<{ recreated: boolean; created: boolean }> {
    return this.call(async () => {
      if (!Number.isInteger(dimensions) || dimensions < 1) {
        throw new Error(`Vector dimensions must be a positive integer, got ${dimensions}`);
      }
      const existing = await this.readDimensions();
      if (existing !== undefined && existing !== dimensions) {
        await this.client.deleteCollection(this.collection);
      }
      if (existing !== dimensions) {
        await this.createCollection(dimensions);
      }
      // Idempotent; also repairs a collection created without them.
      await this.createPayloadIndexes();
      this.dims = dimensions;
      return {
        recreated: existing !== undefined && existing !== dimensions,
        // A new collection holds none of the graph's nodes: the indexer enqueues them all.
        created: existing === undefined,
      };
    });
  }

  upsert(points: readonly VectorPoint[]): Promise<void> {
    return this.call(async () => {
      if (points.length === 0) {
        return;
      }
      const dims = await this.requireDimensions();
      // The last write of a node wins, as in one SQL transaction.
      const byId = new Map<string, Schemas['PointStruct']>();
      for (const point of points) {
        checkVector(point.vector, dims);
        const payload: PointPayload = {
          workspace_id: point.workspaceId,
          node_id: point.nodeId,
          entity_type: point.entityType,
        };
        const id = pointId(point.workspaceId, point.nodeId);
        byId.delete(id);
        byId.set(id, { id, vector: Array.from(point.vector), payload: { ...payload } });
      }
      const all = [...byId.values()];
      for (let start = 0; start < all.length; start += UPSERT_CHUNK) {
        await this.client.upsert(this.collection, {
          wait: true,
          points: all.slice(start, start + UPSERT_CHUNK),
        });
      }
    });
  }

  remove(workspaceId: string, nodeIds: readonly string[]): Promise<void> {
    return this.call(async () => {
      for (let start = 0; start < nodeIds.length; start += DELETE_CHUNK) {
        const ids = nodeIds.slice(start, start + DELETE_CHUNK).map((n) => pointId(workspaceId, n));
        const done = await this.whenExists(() =>
          this.client.delete(this.collection, {
            wait: true,
            filter: workspaceFilter(workspaceId, { has_id: ids }),
          }),
        );
        if (done === undefined) {
          return;
        }
      }
    });
  }

  clearWorkspace(workspaceId: string): Promise<void> {
    return this.call(async () => {
      await this.whenExists(() =>
        this.client.delete(this.collection, { wait: true, filter: workspaceFilter(workspaceId) }),
      );
    });
  }

  search(query: VectorQuery): Promise<VectorHit[]> {
    return this.call(async () => {
      const dims = await this.readDimensions();
      if (dims === undefined) {
        return [];
      }
      checkVector(query.vector, dims);
      const filter =
        query.entityType === undefined
          ? workspaceFilter(query.workspaceId)
          : workspaceFilter(query.workspaceId, {
              key: 'entity_type',
              match: { value: query.entityType },
            });
      const request: Schemas['QueryRequest'] = {
        query: Array.from(query.vector),
        filter,
        limit: query.topK,
        with_payload: ['node_id'],
        ...(query.minScore === undefined ? {} : { score_threshold: query.minScore }),
      };
      const response = await this.whenExists(() => this.client.query(this.collection, request));
      const hits: VectorHit[] = [];
      for (const point of response?.points ?? []) {
        const nodeId = point.payload?.node_id;
        if (typeof nodeId !== 'string') {
          continue;
        }
        const score = Math.min(1, Math.max(-1, point.score));
        if (query.minScore === undefined || score >= query.minScore) {
          hits.push({ nodeId, score });
        }
      }
      // Same order as the embedded index for equal scores.
      return hits.sort((a, b) => b.score - a.score || compare(a.nodeId, b.nodeId));
    });
  }

  count(workspaceId: string): Promise<number> {
    return this.call(async () => {
      const result = await this.whenExists(() =>
        this.client.count(this.collection, { filter: workspaceFilter(workspaceId), exact: true }),
      );
      return result?.count ?? 0;
    });
  }

  /** Resolves true when Qdrant answers (readiness). */
  ping(): Promise<boolean> {
    return this.call(async () => {
      await this.client.versionInfo();
      return true;
    });
  }

  /** The HTTP client keeps no state worth closing (its sockets are pooled and unref'd). */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Runs client calls, translating failures at the boundary. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw translateQdrantError(error);
    }
  }

  /** Runs a request; `undefined` when the collection does not exist (and forgets its size). */
  private async whenExists<T>(request: () => Promise<T>): Promise<T | undefined> {
    try {
      return await request();
    } catch (error) {
      if (classifyQdrantError(error) === 'missing') {
        this.dims = null;
        return undefined;
      }
      throw error;
    }
  }

  /**
   * The collection's vector size: `undefined` when there is no collection, NaN when it
   * is not ours to keep (named vectors, or a distance other than cosine).
   */
  private async readDimensions(): Promise<number | undefined> {
    if (this.dims !== null) {
      return this.dims;
    }
    const info = await this.whenExists(() => this.client.getCollection(this.collection));
    const vectors = info?.config.params.vectors;
    let size: number | undefined;
    if (info !== undefined) {
      const single = vectors as Schemas['VectorParams'] | undefined;
      size =
        typeof single?.size === 'number' && single.distance === 'Cosine' ? single.size : Number.NaN;
    }
    this.dims = size ?? null;
    return size;
  }

  private async requireDimensions(): Promise<number> {
    const dims = await this.readDimensions();
    if (dims === undefined || Number.isNaN(dims)) {
      throw new Error(
        `The Qdrant collection ${this.collection} does not exist yet: call VectorIndex.ensure() first`,
      );
    }
    return dims;
  }

  private async createCollection(dimensions: number): Promise<void> {
    try {
      await this.client.createCollection(this.collection, {
        vectors: { size: dimensions, distance: 'Cosine' },
        hnsw_config: { payload_m: 16, m: 0 },
      });
    } catch (error) {
      // Another instance created it at the same moment: fine if it has our size.
      const status = (error as { status?: unknown }).status;
      if (status !== 409) {
        throw error;
      }
      this.dims = null;
      if ((await this.readDimensions()) !== dimensions) {
        throw error;
      }
    }
  }

  private async createPayloadIndexes(): Promise<void> {
    await this.client.createPayloadIndex(this.collection, {
      wait: true,
      field_name: 'workspace_id',
      field_schema: { type: 'keyword', is_tenant: true },
    });
    await this.client.createPayloadIndex(this.collection, {
      wait: true,
      field_name: 'entity_type',
      field_schema: 'keyword',
    });
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

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
