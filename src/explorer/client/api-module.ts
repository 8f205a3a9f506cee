/**
 * The explorer's client of the service (served as /explorer/assets/explorer-api.js): the
 * two calls the page makes, POST /api/queries/cypher and GET
 * /api/queries/nodes/{id}/neighbors, with the API key and workspace read from the page's
 * inputs at the moment of the call. Nothing is stored, and nothing is sent while either is
 * empty: the call fails locally instead.
 *
 * Browser JavaScript in a string (no bundler): the page loads it as an ES module under a
 * CSP that allows only this origin's scripts.
 */
export const API_MODULE = `// The service's API as the explorer uses it.

/** An answer that is not a success: the service's error envelope, or a local refusal. */
export class ExplorerError extends Error {
  constructor(code, message, details, status, requestId) {
    super(message);
    this.code = code;
    this.details = details || null;
    this.status = status || 0;
    this.requestId = requestId || null;
  }
}

/** The credentials as typed, trimmed; either may be empty. */
function credentials(inputs) {
  return { key: inputs.key.value.trim(), workspace: inputs.workspace.value.trim() };
}

/** True when both the key and the workspace are filled in. */
export function hasCredentials(inputs) {
  const c = credentials(inputs);
  return c.key !== '' && c.workspace !== '';
}

async function call(inputs, method, path, body, signal) {
  const c = credentials(inputs);
  if (c.key === '' || c.workspace === '') {
    throw new ExplorerError(
      'CREDENTIALS_MISSING',
      'Nothing was sent: enter the API key and the workspace id first.',
    );
  }
  const headers = {
    Accept: 'application/json',
    Authorization: 'Bearer ' + c.key,
    'x-workspace-id': c.workspace,
  };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      // The key travels in the Authorization header only: no cookies, no HTTP cache.
      credentials: 'omit',
      cache: 'no-store',
      // Aborting closes the connection, and the service stops the query.
      signal,
    });
  } catch (failure) {
    if (signal && signal.aborted) {
      throw new ExplorerError('STOPPED', 'Stopped: the query was cancelled.');
    }
    throw new ExplorerError('NETWORK_ERROR', 'The service could not be reached: ' + failure.message);
  }
  let payload = null;
  try {
    payload = await response.json();
  } catch (notJson) {
    if (signal && signal.aborted) {
      throw new ExplorerError('STOPPED', 'Stopped: the query was cancelled.');
    }
    payload = null;
  }
  const requestId = response.headers.get('x-request-id');
  if (!response.ok || payload === null || payload.success !== true) {
    const error = (payload && payload.error) || {};
    throw new ExplorerError(
      error.code || 'HTTP_' + response.status,
      error.message || 'The service answered ' + response.status + '.',
      error.details,
      response.status,
      requestId,
    );
  }
  return payload;
}

/**
 * Runs a Cypher query: { columns, rows, meta: { rowCount, truncated, elapsedMs } }. The
 * result's meta is read from data.meta, or from the envelope's meta when it is there.
 * Aborting \`signal\` stops it (an ExplorerError with code STOPPED).
 */
export async function runCypher(inputs, query, parameters, signal) {
  const payload = await call(inputs, 'POST', '/api/queries/cypher', { query, parameters }, signal);
  const data = payload.data || {};
  const meta = Object.assign({}, payload.meta || {}, data.meta || {});
  const columns = Array.isArray(data.columns) ? data.columns.map(String) : [];
  const rows = Array.isArray(data.rows) ? data.rows.filter(Array.isArray) : [];
  return { columns, rows, meta };
}

/** The nodes and edges one hop around a node: { nodes, edges, truncated }. */
export async function neighbours(inputs, nodeId) {
  const payload = await call(
    inputs,
    'GET',
    '/api/queries/nodes/' + encodeURIComponent(nodeId) + '/neighbors?depth=1&direction=both',
  );
  const data = payload.data || {};
  return {
    nodes: Array.isArray(data.nodes) ? data.nodes : [],
    edges: Array.isArray(data.edges) ? data.edges : [],
    truncated: Boolean(payload.meta && payload.meta.truncated),
  };
}
`;
