import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  HnswVectorIndex,
  type HnswVectorIndexOptions,
} from '../../src/adapters/sqlite/ann/hnsw-vector-index';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database';
import { SqliteVectorIndex } from '../../src/adapters/sqlite/vector-index';
import type { VectorPoint } from '../../src/ports/vector-index';

/**
 * One SQLite file in a temporary directory and the connections opened on it: each `open`
 * is a separate `openDatabase`, as another process would have. `close` closes them all
 * (indexes first) and deletes the directory.
 */
export class HnswStore {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hnsw-store-'));
  readonly filename = path.join(this.dir, 'ontology.db');
  readonly snapshotDir = path.join(this.dir, 'vector-snapshots');
  private readonly opened: { db: SqliteDatabase; index: { close(): Promise<void> } }[] = [];

  /** An HNSW index on a connection of its own (graphs for any size unless told otherwise). */
  open(options: HnswVectorIndexOptions = {}): { db: SqliteDatabase; index: HnswVectorIndex } {
    const db = openDatabase({ filename: this.filename });
    const index = new HnswVectorIndex(db, { minPoints: 0, buildThreads: 1, ...options });
    this.opened.push({ db, index });
    return { db, index };
  }

  /** A plain sqlite-vec index on a connection of its own: another process's writes. */
  other(): { db: SqliteDatabase; index: SqliteVectorIndex } {
    const db = openDatabase({ filename: this.filename });
    const index = new SqliteVectorIndex(db);
    this.opened.push({ db, index });
    return { db, index };
  }

  /** Closes one index and its connection (a process stopping). */
  async stop(db: SqliteDatabase): Promise<void> {
    const at = this.opened.findIndex((entry) => entry.db === db);
    const [entry] = this.opened.splice(at, 1);
    if (entry) {
      await entry.index.close();
      entry.db.close();
    }
  }

  /** Snapshot files in the snapshot directory. */
  snapshotFiles(): string[] {
    return fs.existsSync(this.snapshotDir) ? fs.readdirSync(this.snapshotDir).sort() : [];
  }

  async close(): Promise<void> {
    for (const entry of this.opened.splice(0).reverse()) {
      await entry.index.close();
      entry.db.close();
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Points `prefix0..` of one workspace for the given vectors. */
export function pointsOf(
  workspaceId: string,
  vectors: readonly Float32Array[],
  options: { prefix?: string; entityType?: (i: number) => string } = {},
): VectorPoint[] {
  return vectors.map((vector, i) => ({
    workspaceId,
    nodeId: `${options.prefix ?? 'n'}${i}`,
    entityType: options.entityType?.(i) ?? 'Pump',
    vector,
  }));
}

/** Lets the index apply its pending changes (slices run from setImmediate). */
export async function applied(index: HnswVectorIndex, workspaceId: string): Promise<void> {
  for (let turn = 0; turn < 10_000 && index.annStatus(workspaceId).backlog > 0; turn += 1) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  expect(index.annStatus(workspaceId).backlog).toBe(0);
}
