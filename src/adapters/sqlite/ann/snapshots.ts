import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PointLabel } from './hnsw-workspace';

/** What a snapshot's graph was built from; a snapshot is used only if all of it matches. */
export interface SnapshotHeader {
  /** `vector_index_state.generation` of the vector table the graph was built from. */
  generation: string;
  dimensions: number;
  connectivity: number;
  expansionAdd: number;
  /** The graph holds every change up to this log seq (and possibly some later ones). */
  watermark: number;
}

/** A saved graph with the labels of its keys. */
export interface Snapshot extends SnapshotHeader {
  graphPath: string;
  keys: number[];
  labels: PointLabel[];
}

/** Version of the meta file layout. */
const FORMAT = 1;

/** The meta file: the header, the graph file (name and size) and the labels, compactly. */
interface MetaFile extends SnapshotHeader {
  format: number;
  workspaceId: string;
  graphFile: string;
  graphBytes: number;
  keys: number[];
  nodeIds: string[];
  types: string[];
  /** Index into `types`, per key. */
  typeOf: number[];
}

/**
 * Snapshot files of the HNSW graphs, in one directory: per workspace a graph file saved by
 * usearch (`<workspace>-<random>.usearch`) and a JSON meta file (`<workspace>.json`) naming
 * it. The meta is written last, to a temporary name then renamed, so a reader sees either
 * the previous complete snapshot or the new one; a meta whose graph file is missing or of
 * another size is ignored. A snapshot is derived data: any doubt, and it is rebuilt.
 */
export class SnapshotStore {
  constructor(readonly dir: string) {}

  /** A new graph file path for the workspace, not referenced by any meta yet. */
  newGraphPath(workspaceId: string): string {
    fs.mkdirSync(this.dir, { recursive: true });
    return path.join(this.dir, `${fileStem(workspaceId)}-${randomUUID()}.usearch`);
  }

  /**
   * Makes `graphPath` (complete on disk) the workspace's snapshot, then deletes its other
   * graph files.
   */
  commit(
    workspaceId: string,
    graphPath: string,
    header: SnapshotHeader,
    keys: readonly number[],
    labels: readonly PointLabel[],
  ): void {
    const types: string[] = [];
    const typeIndex = new Map<string, number>();
    const typeOf = labels.map((label) => {
      let index = typeIndex.get(label.entityType);
      if (index === undefined) {
        index = types.length;
        types.push(label.entityType);
        typeIndex.set(label.entityType, index);
      }
      return index;
    });
    const meta: MetaFile = {
      format: FORMAT,
      workspaceId,
      ...header,
      graphFile: path.basename(graphPath),
      graphBytes: fs.statSync(graphPath).size,
      keys: [...keys],
      nodeIds: labels.map((label) => label.nodeId),
      types,
      typeOf,
    };
    fs.mkdirSync(this.dir, { recursive: true });
    const metaPath = this.metaPath(workspaceId);
    const temporary = `${metaPath}.${randomUUID()}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(meta));
    fs.renameSync(temporary, metaPath);
    this.removeGraphFiles(workspaceId, path.basename(graphPath));
  }

  /** The workspace's snapshot when its files are complete and consistent; else null. */
  read(workspaceId: string): Snapshot | null {
    let meta: MetaFile;
    try {
      meta = JSON.parse(fs.readFileSync(this.metaPath(workspaceId), 'utf8')) as MetaFile;
    } catch {
      return null;
    }
    if (!validMeta(meta, workspaceId)) {
      return null;
    }
    const graphPath = path.join(this.dir, meta.graphFile);
    try {
      if (fs.statSync(graphPath).size !== meta.graphBytes) {
        return null;
      }
    } catch {
      return null;
    }
    const labels: PointLabel[] = [];
    for (let i = 0; i < meta.keys.length; i += 1) {
      const entityType = meta.types[meta.typeOf[i] ?? -1];
      const nodeId = meta.nodeIds[i];
      if (entityType === undefined || nodeId === undefined) {
        return null;
      }
      labels.push({ nodeId, entityType });
    }
    return {
      generation: meta.generation,
      dimensions: meta.dimensions,
      connectivity: meta.connectivity,
      expansionAdd: meta.expansionAdd,
      watermark: meta.watermark,
      graphPath,
      keys: meta.keys,
      labels,
    };
  }

  /** Deletes the workspace's snapshot, if any. */
  discard(workspaceId: string): void {
    fs.rmSync(this.metaPath(workspaceId), { force: true });
    this.removeGraphFiles(workspaceId, null);
  }

  /** Deletes every snapshot (the vector table was recreated). */
  discardAll(): void {
    this.removeFiles(
      (name) => name.endsWith('.json') || name.endsWith('.usearch') || name.endsWith('.tmp'),
    );
  }

  private metaPath(workspaceId: string): string {
    return path.join(this.dir, `${fileStem(workspaceId)}.json`);
  }

  private removeGraphFiles(workspaceId: string, keep: string | null): void {
    const prefix = `${fileStem(workspaceId)}-`;
    // Graph files are `<stem>-<uuid>.usearch`: the prefix alone could match another stem.
    this.removeFiles(
      (name) =>
        name.startsWith(prefix) &&
        name.endsWith('.usearch') &&
        name.length === prefix.length + 36 + '.usearch'.length &&
        name !== keep,
    );
  }

  /** Deletes the directory's files whose name `matches` (none when it cannot be listed). */
  private removeFiles(matches: (name: string) => boolean): void {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names.filter(matches)) {
      fs.rmSync(path.join(this.dir, name), { force: true });
    }
  }
}

/** A file name for any workspace id: itself when it is plain, else its hex encoding. */
function fileStem(workspaceId: string): string {
  return /^[A-Za-z0-9-]{1,100}$/.test(workspaceId)
    ? workspaceId
    : `x${Buffer.from(workspaceId).toString('hex').slice(0, 200)}`;
}

function validMeta(meta: MetaFile, workspaceId: string): boolean {
  return (
    typeof meta === 'object' &&
    meta !== null &&
    meta.format === FORMAT &&
    meta.workspaceId === workspaceId &&
    typeof meta.generation === 'string' &&
    Number.isInteger(meta.dimensions) &&
    Number.isInteger(meta.connectivity) &&
    Number.isInteger(meta.expansionAdd) &&
    Number.isInteger(meta.watermark) &&
    typeof meta.graphFile === 'string' &&
    path.basename(meta.graphFile) === meta.graphFile &&
    Number.isInteger(meta.graphBytes) &&
    Array.isArray(meta.keys) &&
    Array.isArray(meta.nodeIds) &&
    Array.isArray(meta.types) &&
    Array.isArray(meta.typeOf) &&
    meta.keys.length === meta.nodeIds.length &&
    meta.keys.length === meta.typeOf.length &&
    meta.keys.every((key) => Number.isSafeInteger(key))
  );
}
