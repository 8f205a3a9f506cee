import { browserModules } from './browser-modules';
import { API_MODULE } from './client/api-module';
import { EDITOR_MODULE } from './client/editor-module';
import { GRAPH_MODULE } from './client/graph-module';
import { MAIN_MODULE } from './client/main-module';
import { RECORDS_MODULE } from './client/records-module';
import { TABLE_MODULE } from './client/table-module';
import { EXPLORER_CSS } from './page';

/** One file of the explorer: the page's own (text in memory) or a package's (a path). */
export type ExplorerAsset =
  | { kind: 'text'; contentType: string; text: string }
  | { kind: 'file'; contentType: string; path: string };

const JS = 'application/javascript; charset=utf-8';

/** The page's own modules by file name; they import each other by these names. */
const OWN_MODULES: Record<string, string> = {
  'explorer-main.js': MAIN_MODULE,
  'explorer-api.js': API_MODULE,
  'explorer-editor.js': EDITOR_MODULE,
  'explorer-graph.js': GRAPH_MODULE,
  'explorer-records.js': RECORDS_MODULE,
  'explorer-table.js': TABLE_MODULE,
};

let assets: Map<string, ExplorerAsset> | undefined;

/**
 * Every file the explorer serves, by name: its stylesheet, its own modules and the
 * packages' modules. Nothing outside this list is reachable under /explorer/assets/.
 */
export function explorerAssets(): ReadonlyMap<string, ExplorerAsset> {
  if (!assets) {
    assets = new Map<string, ExplorerAsset>([
      [
        'explorer.css',
        { kind: 'text', contentType: 'text/css; charset=utf-8', text: EXPLORER_CSS },
      ],
    ]);
    for (const [name, text] of Object.entries(OWN_MODULES)) {
      assets.set(name, { kind: 'text', contentType: JS, text });
    }
    for (const entry of browserModules()) {
      assets.set(entry.asset, { kind: 'file', contentType: JS, path: entry.path });
    }
  }
  return assets;
}
