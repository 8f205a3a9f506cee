import BetterSqlite3 from 'better-sqlite3';
import type { RecordChunk } from '../../ports/graph-store';
import { yieldToEventLoop } from '../../yield-to-event-loop';
import * as graphRows from './graph-rows';

/** Records per chunk at most. */
const CHUNK_RECORDS = 500;
/** A chunk ends early once reading it took this long, so the event loop is never held long. */
const CHUNK_MS = 4;

/**
 * `GraphStore.exportRecords` on the embedded store: one read transaction on a connection of
 * its own, so every record comes from the same snapshot of committed data (WAL readers see
 * the database as of their first read; writes go on meanwhile and are not seen). Nodes by
 * id, then edges by id, both in primary-key order. Edges reference nodes of the same
 * snapshot (foreign keys), so every edge's ends are among the nodes read. The connection
 * is closed when the iteration ends, however it ends.
 */
export async function* snapshotRecords(
  filename: string,
  workspaceId: string,
  chunkRecords = CHUNK_RECORDS,
): AsyncGenerator<RecordChunk, void, undefined> {
  for (const chunk of readSnapshot(filename, workspaceId, chunkRecords)) {
    yield chunk;
    // Reading is synchronous: other requests get their turn between two chunks, whatever
    // the consumer does with them.
    await yieldToEventLoop();
  }
}

function* readSnapshot(
  filename: string,
  workspaceId: string,
  chunkRecords: number,
): Generator<RecordChunk, void, undefined> {
  const db = new BetterSqlite3(filename, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN');
    // Every row of a table in the workspace, by id.
    const rowsOf = <Row>(table: string, columns: string) =>
      db
        .prepare<[string], Row>(
          `SELECT ${columns} FROM ${table} WHERE workspace_id = ? ORDER BY id`,
        )
        .iterate(workspaceId);
    const nodes = rowsOf<graphRows.NodeRow>('graph_nodes', graphRows.NODE_COLUMNS);
    for (const items of chunksOf(nodes, graphRows.toNode, chunkRecords)) {
      yield { kind: 'node', items };
    }
    const edges = rowsOf<graphRows.EdgeRow>('graph_edges', graphRows.EDGE_COLUMNS);
    for (const items of chunksOf(edges, graphRows.toEdge, chunkRecords)) {
      yield { kind: 'edge', items };
    }
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

/**
 * The rows of `rows` mapped, in chunks of `size` or of `CHUNK_MS` of reading, whichever
 * comes first. Stopping early ends the statement (so its connection can close).
 */
function* chunksOf<R, T>(
  rows: IterableIterator<R>,
  map: (row: R) => T,
  size: number,
): Generator<T[], void, undefined> {
  try {
    for (;;) {
      const started = performance.now();
      const chunk: T[] = [];
      for (let next = rows.next(); ; next = rows.next()) {
        if (next.done === true) {
          if (chunk.length > 0) {
            yield chunk;
          }
          return;
        }
        chunk.push(map(next.value));
        if (chunk.length >= size || performance.now() - started >= CHUNK_MS) {
          break;
        }
      }
      yield chunk;
    }
  } finally {
    rows.return?.();
  }
}
