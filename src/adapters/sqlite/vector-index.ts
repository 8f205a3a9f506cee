import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database';
import {
  changeRecorder,
  ensureChangeLog,
  renewGeneration,
  type OwnVectorChange,
  type RecordChange,
} from './vector-changes';
import type { VectorHit, VectorIndex, VectorPoint, VectorQuery } from '../../ports/vector-index';

/**
 * Points written per transaction: bounds how long one write holds the writer (about 50 µs
 * per 512-dimension point, so some 10 ms), since graph commands wait for it.
 */
const WRITE_CHUNK = 200;

/**
 * Vector writes are answered at commit, before the WAL sync: they are derived data. Should
 * power fail before a later sync, the outbox entries completed after them are lost with them
 * (the WAL is one ordered log), so those nodes are simply indexed again.
 */
const INDEX_WRITE = { durable: false } as const;

/**
 * Maps (workspace, node) to the integer rowid of its vector. vec0 primary keys are global,
 * not per partition, so the same node id in two workspaces needs two rows here; counting
 * and listing a workspace's points also stay index lookups instead of vec0 scans.
 */
const CREATE_NODES = `CREATE TABLE IF NOT EXISTS vector_nodes (
  id            INTEGER PRIMARY KEY,
  workspace_id  TEXT NOT NULL,
  node_id       TEXT NOT NULL,
  UNIQUE (workspace_id, node_id)
) STRICT`;

/** The vec0 table: workspace as partition key, entity type as a filterable metadata column. */
function createEmbeddingsSql(dimensions: number): string {
  return (
    'CREATE VIRTUAL TABLE vector_embeddings USING vec0(' +
    'workspace_id TEXT partition key, ' +
    `embedding float[${dimensions}] distance_metric=cosine, ` +
    'entity_type TEXT)'
  );
}

const SELECT_TABLE_SQL = "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?";

/** Exact KNN inside one partition; `distance` is the cosine distance (1 - similarity). */
const KNN_SQL = `WITH knn AS (
  SELECT rowid, distance FROM vector_embeddings
  WHERE embedding MATCH @vector AND k = @k AND workspace_id = @workspaceId
) SELECT n.node_id AS nodeId, knn.distance AS distance
  FROM knn JOIN vector_nodes n ON n.id = knn.rowid
  ORDER BY knn.distance, n.node_id`;

const KNN_BY_TYPE_SQL = `WITH knn AS (
  SELECT rowid, distance FROM vector_embeddings
  WHERE embedding MATCH @vector AND k = @k AND workspace_id = @workspaceId
    AND entity_type = @entityType
) SELECT n.node_id AS nodeId, knn.distance AS distance
  FROM knn JOIN vector_nodes n ON n.id = knn.rowid
  ORDER BY knn.distance, n.node_id`;

interface WriterStatements {
  record: RecordChange;
  findId: Statement<[string, string], number>;
  insertNode: Statement<[string, string]>;
  deleteNode: Statement<[bigint]>;
  insertVector: Statement<[bigint, string, Buffer, string]>;
  deleteVector: Statement<[bigint]>;
}

interface HitRow {
  nodeId: string;
  distance: number;
}

interface KnnParams {
  vector: Buffer;
  k: number;
  workspaceId: string;
  entityType?: string;
}

interface ReaderStatements {
  knn: Statement<[KnnParams], HitRow>;
  knnByType: Statement<[KnnParams], HitRow>;
  count: Statement<[string], number>;
}

/** Options of the sqlite-vec index. */
export interface SqliteVectorIndexOptions {
  /**
   * Called after each write transaction of this index has committed, with the change-log
   * rows it wrote (seq ascending, one transaction's rows are consecutive) and, for upserts,
   * the point written: an in-memory index kept in step with the tables applies them without
   * reading them back.
   */
  onCommit?: (changes: readonly OwnVectorChange[]) => void;
}

/**
 * The embedded VectorIndex: sqlite-vec `vec0` tables in the one SQLite file, partitioned by
 * workspace. Writes go through the writer in `db.transaction` (chunks of WRITE_CHUNK points),
 * each recording its changes in the change log (`vector-changes.ts`) in the same
 * transaction; searches run on the reader and see committed points only. Exact
 * (brute-force) KNN: its cost grows linearly with the workspace (about 15 ms for 20,000
 * points of 512 dimensions); `HnswVectorIndex` answers large workspaces from memory in
 * front of it.
 */
export class SqliteVectorIndex implements VectorIndex {
  readonly backend = 'sqlite-vec';
  /** Dimensions of the vec0 table once known (ensure, or read from the schema). */
  private dims: number | null = null;
  private writerStatements: WriterStatements | null = null;
  private readerStatements: ReaderStatements | null = null;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly options: SqliteVectorIndexOptions = {},
  ) {}

  /** Dimensions of the stored vectors; null while the vector table does not exist. */
  dimensions(): number | null {
    return this.exists() ? this.dims : null;
  }

  async ensure(dimensions: number): Promise<{ recreated: boolean }> {
    if (!Number.isInteger(dimensions) || dimensions < 1) {
      throw new Error(`Vector dimensions must be a positive integer, got ${dimensions}`);
    }
    const { recreated, changes } = await this.db.exclusive(() => {
      const writer = this.db.writer;
      return writer.transaction(() => {
        writer.exec(CREATE_NODES);
        ensureChangeLog(writer);
        const existing = tableDimensions(writer);
        if (existing === dimensions) {
          return { recreated: false, changes: [] };
        }
        if (existing !== null) {
          writer.exec('DROP TABLE vector_embeddings');
          writer.exec('DELETE FROM vector_nodes');
        }
        writer.exec(createEmbeddingsSql(dimensions));
        renewGeneration(writer);
        if (existing === null) {
          return { recreated: false, changes: [] };
        }
        const seq = changeRecorder(writer)('reset', null, null);
        const reset: OwnVectorChange = { seq, op: 'reset', workspaceId: null, pointId: null };
        return { recreated: true, changes: [reset] };
      })();
    });
    this.dims = dimensions;
    this.writerStatements = null;
    this.readerStatements = null;
    this.committed(changes);
    return { recreated };
  }

  async upsert(points: readonly VectorPoint[]): Promise<void> {
    if (points.length === 0) {
      return;
    }
    const dims = this.knownDimensions();
    for (const point of points) {
      checkVector(point.vector, dims);
    }
    for (let start = 0; start < points.length; start += WRITE_CHUNK) {
      const chunk = points.slice(start, start + WRITE_CHUNK);
      const changes = await this.db.transaction(() => {
        const s = this.statements();
        const written: OwnVectorChange[] = [];
        for (const point of chunk) {
          const existing = s.findId.get(point.workspaceId, point.nodeId);
          let id: bigint;
          if (existing === undefined) {
            id = BigInt(s.insertNode.run(point.workspaceId, point.nodeId).lastInsertRowid);
          } else {
            // vec0 has no UPSERT: replace the vector row under the same rowid.
            id = BigInt(existing);
            s.deleteVector.run(id);
          }
          s.insertVector.run(id, point.workspaceId, vectorBlob(point.vector), point.entityType);
          const pointId = Number(id);
          const seq = s.record('upsert', point.workspaceId, pointId);
          written.push({ seq, op: 'upsert', workspaceId: point.workspaceId, pointId, point });
        }
        return Promise.resolve(written);
      }, INDEX_WRITE);
      this.committed(changes);
    }
  }

  async remove(workspaceId: string, nodeIds: readonly string[]): Promise<void> {
    if (nodeIds.length === 0 || !this.exists()) {
      return;
    }
    for (let start = 0; start < nodeIds.length; start += WRITE_CHUNK) {
      const chunk = nodeIds.slice(start, start + WRITE_CHUNK);
      const changes = await this.db.transaction(() => {
        const s = this.statements();
        const written: OwnVectorChange[] = [];
        for (const nodeId of chunk) {
          const existing = s.findId.get(workspaceId, nodeId);
          if (existing !== undefined) {
            s.deleteVector.run(BigInt(existing));
            s.deleteNode.run(BigInt(existing));
            const seq = s.record('remove', workspaceId, existing);
            written.push({ seq, op: 'remove', workspaceId, pointId: existing });
          }
        }
        return Promise.resolve(written);
      }, INDEX_WRITE);
      this.committed(changes);
    }
  }

  async clearWorkspace(workspaceId: string): Promise<void> {
    if (!this.exists()) {
      return;
    }
    const change = await this.db.transaction(() => {
      const writer = this.db.writer;
      writer.prepare('DELETE FROM vector_embeddings WHERE workspace_id = ?').run(workspaceId);
      writer.prepare('DELETE FROM vector_nodes WHERE workspace_id = ?').run(workspaceId);
      // One row for the whole workspace, however many points it had.
      const seq = this.statements().record('clear', workspaceId, null);
      return Promise.resolve<OwnVectorChange>({ seq, op: 'clear', workspaceId, pointId: null });
    });
    this.committed([change]);
  }

  search(query: VectorQuery): Promise<VectorHit[]> {
    return settle(() => this.searchNow(query));
  }

  count(workspaceId: string): Promise<number> {
    return settle(() => (this.exists() ? (this.queries().count.get(workspaceId) ?? 0) : 0));
  }

  /** The database belongs to the container, which closes it. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  private committed(changes: readonly OwnVectorChange[]): void {
    if (changes.length > 0) {
      this.options.onCommit?.(changes);
    }
  }

  private searchNow(query: VectorQuery): VectorHit[] {
    if (!this.exists()) {
      return [];
    }
    checkVector(query.vector, this.knownDimensions());
    const s = this.queries();
    const params = {
      vector: vectorBlob(query.vector),
      k: query.topK,
      workspaceId: query.workspaceId,
    };
    const rows =
      query.entityType === undefined
        ? s.knn.all(params)
        : s.knnByType.all({ ...params, entityType: query.entityType });
    const hits: VectorHit[] = [];
    for (const row of rows) {
      // Float rounding can put a distance a hair outside [0, 2].
      const score = Math.min(1, Math.max(-1, 1 - row.distance));
      if (query.minScore === undefined || score >= query.minScore) {
        hits.push({ nodeId: row.nodeId, score });
      }
    }
    return hits;
  }

  /** True once the vec0 table exists (this process's ensure, or a previous run's). */
  private exists(): boolean {
    if (this.dims === null) {
      this.dims = tableDimensions(this.db.reader);
    }
    return this.dims !== null;
  }

  private knownDimensions(): number {
    if (!this.exists() || this.dims === null) {
      throw new Error('The vector index does not exist yet: call VectorIndex.ensure() first');
    }
    return this.dims;
  }

  /** Reader statements, prepared once the tables exist (a missing table fails `prepare`). */
  private queries(): ReaderStatements {
    if (this.readerStatements === null) {
      const r = this.db.reader;
      this.readerStatements = {
        knn: r.prepare(KNN_SQL),
        knnByType: r.prepare(KNN_BY_TYPE_SQL),
        count: r
          .prepare<[string], number>('SELECT count(*) FROM vector_nodes WHERE workspace_id = ?')
          .pluck(),
      };
    }
    return this.readerStatements;
  }

  private statements(): WriterStatements {
    if (this.writerStatements === null) {
      const w = this.db.writer;
      // A database written before the change log existed gets it here, in the first write
      // transaction, when no `ensure` of this version has run on it yet.
      ensureChangeLog(w);
      this.writerStatements = {
        record: changeRecorder(w),
        findId: w
          .prepare<[string, string], number>(
            'SELECT id FROM vector_nodes WHERE workspace_id = ? AND node_id = ?',
          )
          .pluck(),
        insertNode: w.prepare('INSERT INTO vector_nodes (workspace_id, node_id) VALUES (?, ?)'),
        deleteNode: w.prepare('DELETE FROM vector_nodes WHERE id = ?'),
        insertVector: w.prepare(
          'INSERT INTO vector_embeddings (rowid, workspace_id, embedding, entity_type) ' +
            'VALUES (?, ?, ?, ?)',
        ),
        deleteVector: w.prepare('DELETE FROM vector_embeddings WHERE rowid = ?'),
      };
    }
    return this.writerStatements;
  }
}

/** Dimensions of the existing vec0 table, read from its schema; null when there is none. */
function tableDimensions(connection: Database): number | null {
  const row = connection
    .prepare<[string], { sql: string }>(SELECT_TABLE_SQL)
    .get('vector_embeddings');
  const match = row ? /float\[(\d+)\]/.exec(row.sql) : null;
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** Runs synchronous SQLite work, turning a throw into a rejection. */
function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Throws unless `vector` has the index's dimensions (wrong embedder, or ensure not called). */
export function checkVector(vector: Float32Array, dimensions: number): void {
  if (vector.length !== dimensions) {
    throw new Error(
      `Vector has ${vector.length} dimensions, the index expects ${dimensions}: ` +
        'call VectorIndex.ensure() with the embedder dimensions first',
    );
  }
}

/** sqlite-vec takes float32 vectors as little-endian BLOBs. */
function vectorBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}
