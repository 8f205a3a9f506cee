import fs from 'node:fs';
import path from 'node:path';

/**
 * The third-party ES modules the Cypher explorer loads, served from the installed packages
 * (no CDN, no bundler). Each is one self-contained file of its package whose imports are
 * bare specifiers of the other modules listed here; the page's import map turns those
 * specifiers into `/explorer/assets/<asset>` URLs. A unit test reads every file and checks
 * that each of its imports is listed, so an upgrade that adds a dependency or splits a
 * package into several files fails there rather than in a browser.
 *
 * CodeMirror 6 (the editor, with the Cypher mode of its legacy-modes collection for
 * highlighting) and Cytoscape (the graph view) are MIT-licensed and have no install scripts.
 */
export interface BrowserModule {
  /** The bare specifier modules import it by. */
  specifier: string;
  /** The file name it is served under, below /explorer/assets/. */
  asset: string;
  /** The package that holds it. */
  packageName: string;
  /** Its file inside that package. */
  file: string;
}

/** The modules, each with the package that depends on it (where resolution starts). */
const MODULES: readonly (BrowserModule & { requiredBy?: string })[] = [
  browserModule('@codemirror/state', 'dist/index.js'),
  browserModule('@codemirror/view', 'dist/index.js'),
  browserModule('@codemirror/language', 'dist/index.js'),
  browserModule('@codemirror/commands', 'dist/index.js'),
  {
    ...browserModule('@codemirror/legacy-modes', 'mode/cypher.js'),
    specifier: '@codemirror/legacy-modes/mode/cypher',
    asset: 'codemirror-legacy-modes-cypher.js',
  },
  {
    ...browserModule('@codemirror/streamparser', 'dist/index.js'),
    requiredBy: '@codemirror/language',
  },
  { ...browserModule('@lezer/common', 'dist/index.js'), requiredBy: '@codemirror/language' },
  { ...browserModule('@lezer/highlight', 'dist/index.js'), requiredBy: '@codemirror/language' },
  {
    ...browserModule('@marijn/find-cluster-break', 'src/index.js'),
    requiredBy: '@codemirror/state',
  },
  { ...browserModule('style-mod', 'src/style-mod.js'), requiredBy: '@codemirror/view' },
  { ...browserModule('w3c-keyname', 'index.js'), requiredBy: '@codemirror/view' },
  { ...browserModule('crelt', 'index.js'), requiredBy: '@codemirror/view' },
  browserModule('cytoscape', 'dist/cytoscape.esm.min.mjs'),
];

function browserModule(packageName: string, file: string): BrowserModule {
  const asset = `${packageName.replace(/^@/, '').replace(/\//g, '-')}${path.extname(file) === '.mjs' ? '.mjs' : '.js'}`;
  return { specifier: packageName, asset, packageName, file };
}

/**
 * The directory of `name` as Node would find it from `from`: the first
 * `node_modules/<name>` going up. Read from the file system rather than through
 * `require.resolve(name + '/package.json')`, which packages with an `exports` map refuse.
 */
function findPackage(name: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) {
      return candidate;
    }
    if (path.dirname(dir) === dir) {
      throw new Error(`the explorer needs the package ${name}, which is not installed`);
    }
  }
}

/** A browser module with the absolute path of its file. */
export interface ResolvedModule extends BrowserModule {
  path: string;
}

let resolved: ResolvedModule[] | undefined;

/**
 * Every module with its file on disk. Packages a listed package depends on are looked up
 * from that package's directory, as Node (and npm's layout) would, so a nested copy wins
 * over a hoisted one.
 */
export function browserModules(): readonly ResolvedModule[] {
  resolved ??= MODULES.map(({ requiredBy, ...entry }) => {
    const from = requiredBy ? findPackage(requiredBy, __dirname) : __dirname;
    return { ...entry, path: path.join(findPackage(entry.packageName, from), entry.file) };
  });
  return resolved;
}

/** The import map of the page: every bare specifier to its URL under `base`. */
export function importMap(base: string): { imports: Record<string, string> } {
  const imports: Record<string, string> = {};
  for (const entry of MODULES) {
    imports[entry.specifier] = `${base}/${entry.asset}`;
  }
  return { imports };
}
