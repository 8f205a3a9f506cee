/**
 * A thread that runs the node and edge list pages the event loop should not wait for
 * (started by SqliteGraphStore through its ThreadPool, see `ListThreads`): deep offsets and
 * filters no index serves, which walk many records in one synchronous statement. It has its
 * own read-only connection on the store's file, so the page and its total come from one
 * read transaction of committed data, exactly as on the store's reader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { EdgeSortField, NodeSortField, SortKey } from '../../domain/graph';
import type { PropertyIndexes } from '../../filters/indexes';
import { serveRequests } from '../../workers/thread-pool';
import { ListQuery } from './graph-list-query';
import { edgeListDefinition, nodeListDefinition } from './list-definitions';
import type { ListThreadRequest, ListThreadResult } from './list-threads';

const { filename, indexes } = workerData as { filename: string; indexes: PropertyIndexes };
const db = new BetterSqlite3(filename, { readonly: true });
db.pragma('busy_timeout = 5000');
const lists = {
  node: new ListQuery(db, nodeListDefinition(indexes)),
  edge: new ListQuery(db, edgeListDefinition(indexes)),
};

if (parentPort) {
  // The sort keys crossed a thread boundary untyped; ListQuery admits only its list's
  // sortable fields (it throws on any other), as on the store's reader.
  serveRequests<ListThreadRequest, ListThreadResult>(parentPort, (r) =>
    r.kind === 'node'
      ? lists.node.run(r.workspaceId, r.filter, r.sort as SortKey<NodeSortField>[], r.page)
      : lists.edge.run(r.workspaceId, r.filter, r.sort as SortKey<EdgeSortField>[], r.page),
  );
}
