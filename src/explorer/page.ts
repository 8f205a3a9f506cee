import { createHash } from 'node:crypto';
import { htmlDocument } from '../http/html-document';
import { importMap } from './browser-modules';

/** Where the explorer's files are served (see assets.ts). */
export const ASSET_BASE = '/explorer/assets';

/**
 * The import map is the page's only inline script: browsers take an import map inline
 * only. The CSP allows it by its hash, so no other inline script can run.
 */
const IMPORT_MAP = JSON.stringify(importMap(ASSET_BASE));

/**
 * The page, with the style nonce of this response. Its inputs have autocomplete off and sit
 * outside any form, so the browser neither fills them in nor offers to save them; the
 * script keeps them out of storage.
 */
export function explorerPage(styleNonce: string): string {
  return htmlDocument(
    `  <meta name="explorer-style-nonce" content="${styleNonce}">
  <title>Workspace Ontology Service Cypher explorer</title>
  <link rel="stylesheet" href="${ASSET_BASE}/explorer.css">
  <script type="importmap">${IMPORT_MAP}</script>
  <script type="module" src="${ASSET_BASE}/explorer-main.js"></script>`,
    `  <header>
    <h1>Cypher explorer</h1>
    <label>API key <input id="api-key" type="password" autocomplete="off" spellcheck="false" placeholder="wos_..."></label>
    <label>Workspace id <input id="workspace" type="text" autocomplete="off" spellcheck="false" placeholder="workspace id"></label>
    <button id="run" type="button" title="Run (Ctrl-Enter)">Run</button>
    <button id="stop" type="button" title="Stop the running query" disabled>Stop</button>
  </header>
  <main>
    <section class="query">
      <div id="editor"></div>
      <label class="parameters">Parameters (JSON)
        <textarea id="parameters" rows="2" spellcheck="false" autocomplete="off">{}</textarea>
      </label>
      <div id="status" class="status" role="status" aria-live="polite"></div>
    </section>
    <section class="results">
      <div class="table-view" id="table" aria-label="Result table"></div>
      <div class="graph-pane">
        <div class="graph-view" id="graph" aria-label="Graph of the result"></div>
        <p id="graph-summary" class="graph-summary"></p>
      </div>
    </section>
  </main>`,
  );
}

/**
 * The one style element Cytoscape inserts (once per page, without a nonce), allowed by the
 * hash of its exact text. Were a Cytoscape upgrade to change it, the browser test would see
 * the CSP violation.
 */
const CYTOSCAPE_STYLE = '.__________cytoscape_container { position: relative; }';

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The CSP of the page: this origin's files, the import map (by hash), and the style
 * elements the editor creates (CodeMirror puts its generated theme in a <style> element,
 * which carries this response's nonce) and Cytoscape's one fixed rule (by hash). No inline
 * style attribute and no other inline script or style is allowed.
 */
export function explorerCsp(styleNonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' ${sha256(IMPORT_MAP)}`,
    `style-src 'self' 'nonce-${styleNonce}' ${sha256(CYTOSCAPE_STYLE)}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The page's stylesheet (served as explorer.css). */
export const EXPLORER_CSS = `* { box-sizing: border-box; }
html, body { height: 100%; margin: 0; }
body {
  display: flex; flex-direction: column;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827;
}
header {
  display: flex; flex-wrap: wrap; align-items: center; gap: 12px;
  padding: 8px 16px; border-bottom: 1px solid #e5e7eb; background: #f9fafb;
}
header h1 { font-size: 16px; margin: 0 12px 0 0; }
header input { margin-left: 4px; padding: 4px 6px; width: 18em; }
button { padding: 5px 16px; font-weight: 600; cursor: pointer; }
main { flex: 1; display: flex; flex-direction: column; min-height: 0; padding: 8px 16px; gap: 8px; }
#editor { border: 1px solid #d1d5db; min-height: 7em; max-height: 30vh; overflow: auto; }
#editor .cm-editor { min-height: 7em; }
.parameters { display: flex; align-items: center; gap: 8px; margin-top: 6px; }
.parameters textarea { flex: 1; font-family: ui-monospace, monospace; }
.status { margin-top: 6px; min-height: 1.4em; }
.status.error { color: #b91c1c; }
.status.busy { color: #6b7280; }
.results { flex: 1; display: grid; grid-template-columns: 1fr 1fr; gap: 8px; min-height: 20em; }
.table-view { overflow: auto; border: 1px solid #e5e7eb; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { border-bottom: 1px solid #e5e7eb; padding: 4px 8px; text-align: left; vertical-align: top; }
th { position: sticky; top: 0; background: #f3f4f6; }
td { font-family: ui-monospace, monospace; white-space: pre-wrap; word-break: break-word; }
.graph-pane { display: flex; flex-direction: column; min-height: 0; }
.graph-view { flex: 1; min-height: 18em; border: 1px solid #e5e7eb; }
.graph-summary { margin: 4px 0 0; color: #4b5563; }
`;
