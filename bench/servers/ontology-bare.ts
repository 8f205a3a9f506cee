/**
 * The `bare` variant of bench/ontology.ts: Express 5 with no middleware, answering the node
 * reads of the real service from the same database file, opened read-only. Each route runs
 * the statements the SQLite adapter runs (src/adapters/sqlite/graph-store.ts and
 * graph-list-query.ts: the same SQL text, the same count-then-page read transaction, the
 * unfiltered total from graph_counts) and maps rows with the adapter's own `toNode`, so the
 * body is byte for byte the real one. App settings match src/app.ts (no ETag, no
 * X-Powered-By, simple query parser).
 *
 * Only what the benchmark requests is supported: `limit`, `offset`, `entityType`, and
 * `sort` absent or `-createdAt`. A page's meta is the service's: `nextCursor` (one row read
 * past the page, the cursor bound to the filter and sort as src/filters/cursor.ts binds it)
 * and `eventCursor` (the change log's head, read before and after the page as the service
 * reads it).
 *
 * Env: PORT; BENCH_DB (the service's ontology.db); BENCH_WORKSPACE_ID; BENCH_REQUEST_ID (a
 * request id of the real length, sent verbatim).
 */
import BetterSqlite3 from 'better-sqlite3';
import express from 'express';
import { NODE_COLUMNS, toNode, type NodeRow } from '../../src/adapters/sqlite/graph-rows';
import { NODE_SORT_FIELDS } from '../../src/domain/graph';
import { encodeCursor, listBinding } from '../../src/filters/cursor';
import { nodeFilterTree } from '../../src/filters/shorthands';
import { parseSort } from '../../src/queries/parse-sort';

const port = Number(process.env.PORT);
const workspaceId = process.env.BENCH_WORKSPACE_ID ?? '';
const requestId = process.env.BENCH_REQUEST_ID ?? 'req_00000000000000000000';

// As the service's reader connection (src/adapters/sqlite/database.ts).
const db = new BetterSqlite3(process.env.BENCH_DB ?? '', { readonly: true });
db.pragma('busy_timeout = 5000');

type Params = Record<string, unknown>;

const getNode = db.prepare<[string, string], NodeRow>(
  `SELECT ${NODE_COLUMNS} FROM graph_nodes WHERE workspace_id = ? AND id = ?`,
);
const countAll = db
  .prepare<[Params], number>('SELECT nodes FROM graph_counts WHERE workspace_id = @workspaceId')
  .pluck();
const logHead = db
  .prepare<[string], number>('SELECT head FROM change_log_heads WHERE workspace_id = ?')
  .pluck();

/** The statements ListQuery prepares for one shape (WHERE conditions, ORDER BY). */
function listStatements(where: string, orderBy: string) {
  return {
    count: db.prepare<[Params], number>(`SELECT COUNT(*) FROM graph_nodes WHERE ${where}`).pluck(),
    page: db.prepare<[Params], NodeRow>(
      `SELECT ${NODE_COLUMNS} FROM graph_nodes WHERE ${where}
         ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`,
    ),
  };
}

const shapes = {
  all: listStatements('workspace_id = @workspaceId', 'id ASC'),
  allByCreated: listStatements('workspace_id = @workspaceId', 'created_at DESC, id ASC'),
  typed: listStatements('workspace_id = @workspaceId AND entity_type = @entityType', 'id ASC'),
  typedByCreated: listStatements(
    'workspace_id = @workspaceId AND entity_type = @entityType',
    'created_at DESC, id ASC',
  ),
};

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.set('query parser', 'simple');

app.get('/api/queries/nodes/:id', (req, res) => {
  const row = getNode.get(workspaceId, req.params.id);
  if (!row) {
    res.status(404).json({ success: false, requestId });
    return;
  }
  res.status(200).json({ success: true, data: toNode(row), requestId });
});

app.get('/api/queries/nodes', (req, res) => {
  const query = req.query as Record<string, string | undefined>;
  const limit = Math.min(Number(query.limit ?? 50), 100);
  const offset = Number(query.offset ?? 0);
  const params: Params = { workspaceId };
  const descending = query.sort === '-createdAt';
  let statements;
  if (query.entityType !== undefined) {
    params.entityType = query.entityType;
    statements = descending ? shapes.typedByCreated : shapes.typed;
  } else {
    statements = descending ? shapes.allByCreated : shapes.all;
  }
  const filtered = query.entityType !== undefined;
  const head = logHead.get(workspaceId) ?? 0;
  const { items, total } = db.transaction(() => {
    const count = (filtered ? statements.count : countAll).get(params) ?? 0;
    return {
      total: count,
      items:
        limit > 0 && offset < count
          ? statements.page.all({ ...params, limit: limit + 1, offset })
          : [],
    };
  })();
  logHead.get(workspaceId);
  const page = items.slice(0, limit).map(toNode);
  const last = page.at(-1);
  const keys = parseSort(query.sort, NODE_SORT_FIELDS);
  const nextCursor =
    items.length > limit && last
      ? encodeCursor(listBinding('node', nodeFilterTree({ entityType: query.entityType }), keys), {
          values: keys.map((key) => String(last[key.field])),
          id: last.id,
        })
      : null;
  res.status(200).json({
    success: true,
    data: page,
    meta: { total, limit, offset, nextCursor, eventCursor: String(head) },
    requestId,
  });
});

app.listen(port, '127.0.0.1');

// Exit normally on SIGTERM so that --cpu-prof can write its profile.
process.on('SIGTERM', () => process.exit(0));
