/**
 * The explorer page's entry module (served as /explorer/assets/explorer-main.js): wires the
 * editor, the credential inputs, the table and the graph view together. The API key and
 * workspace live in their inputs only (never in storage, cookies or the URL), so a reload
 * or a new tab starts without them.
 */
export const MAIN_MODULE = `// The Cypher explorer page.
import { ExplorerError, hasCredentials, neighbours, runCypher } from './explorer-api.js';
import { createEditor } from './explorer-editor.js';
import { GraphView } from './explorer-graph.js';
import { collectRecords } from './explorer-records.js';
import { renderTable } from './explorer-table.js';

const DEFAULT_QUERY = 'MATCH (n)-[r]->(m)\\nRETURN n, r, m\\nLIMIT 25\\n';

const $ = (id) => document.getElementById(id);
const inputs = { key: $('api-key'), workspace: $('workspace') };
const status = $('status');
const runButton = $('run');
const stopButton = $('stop');
/** The running query's AbortController, while one runs. */
let running = null;

/** Shows a message in the status line; kind is 'info', 'busy' or 'error'. */
function say(kind, parts) {
  status.className = 'status ' + kind;
  status.replaceChildren(
    ...parts.map((part) => {
      if (typeof part === 'string') {
        return document.createTextNode(part);
      }
      const strong = document.createElement('strong');
      strong.textContent = part.strong;
      return strong;
    }),
  );
}

/** An error as the page shows it: its code, where it points in the query, its message. */
function sayError(error) {
  if (!(error instanceof ExplorerError)) {
    say('error', [{ strong: 'ERROR' }, ' ' + String(error && error.message ? error.message : error)]);
    return;
  }
  const details = error.details || {};
  const parts = [{ strong: error.code }];
  if (Number.isInteger(details.line) && Number.isInteger(details.column)) {
    parts.push(' at line ' + details.line + ', column ' + details.column);
    editor.focusAt(details.line, details.column);
  }
  parts.push(': ' + error.message);
  if (error.requestId) {
    parts.push(' (request ' + error.requestId + ')');
  }
  say('error', parts);
}

/** The parameters box as an object ({} when empty), or an ExplorerError. */
function parameters() {
  const text = $('parameters').value.trim();
  if (text === '') {
    return {};
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (notJson) {
    throw new ExplorerError('PARAMETERS_INVALID', 'Parameters must be a JSON object: ' + notJson.message);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ExplorerError('PARAMETERS_INVALID', 'Parameters must be a JSON object.');
  }
  return value;
}

/** "1 row", "2 rows". */
function count(n, noun) {
  return n + ' ' + noun + (n === 1 ? '' : 's');
}

function describeMeta(meta, rows) {
  let text = count(Number.isInteger(meta.rowCount) ? meta.rowCount : rows.length, 'row');
  if (typeof meta.elapsedMs === 'number') {
    text += ' in ' + meta.elapsedMs + ' ms';
  }
  if (meta.truncated === true) {
    text += '; truncated at the row limit (add LIMIT or narrow the query)';
  }
  return text + '.';
}

async function run() {
  if (running) {
    return; // Ctrl-Enter while a query runs: Stop it first.
  }
  if (!hasCredentials(inputs)) {
    say('error', [{ strong: 'CREDENTIALS_MISSING' }, ': Nothing was sent: enter the API key and the workspace id first.']);
    (inputs.key.value.trim() === '' ? inputs.key : inputs.workspace).focus();
    return;
  }
  runButton.disabled = true;
  stopButton.disabled = false;
  running = new AbortController();
  say('busy', ['Running...']);
  try {
    const result = await runCypher(inputs, editor.text(), parameters(), running.signal);
    renderTable($('table'), result.columns, result.rows);
    const records = collectRecords(result.rows);
    graph.show(records.nodes, records.edges);
    say('info', [describeMeta(result.meta, result.rows)]);
  } catch (error) {
    if (error instanceof ExplorerError && error.code === 'STOPPED') {
      say('info', [error.message]);
    } else {
      sayError(error);
    }
  } finally {
    running = null;
    runButton.disabled = false;
    stopButton.disabled = true;
  }
}

/** Adds the neighbours of a node to the graph view. */
async function expand(nodeId, label) {
  say('busy', ['Expanding ' + label + '...']);
  try {
    const around = await neighbours(inputs, nodeId);
    const added = graph.merge(around.nodes, around.edges, nodeId);
    say('info', [
      'Expanded ' + label + ': ' + count(added.nodes, 'new node') + ', ' +
        count(added.edges, 'new relationship') +
        (around.truncated ? ' (the service truncated the neighbourhood).' : '.'),
    ]);
  } catch (error) {
    sayError(error);
  }
}

const editor = createEditor($('editor'), DEFAULT_QUERY, () => void run());
const graph = new GraphView($('graph'), $('graph-summary'), (id, label) => void expand(id, label));
runButton.addEventListener('click', () => void run());
// Closes the query's connection: the service stops the query (docs/cypher.md, "Limits").
stopButton.addEventListener('click', () => running && running.abort());
// For the browser console: the Cytoscape instance of the graph view.
window.cypherExplorer = { graph: graph.cy };
say('info', ['Enter an API key and a workspace id, write a query, then Run (Ctrl-Enter).']);
`;
