import path from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { packageDir } from '../http/package-dir';
import { EXPLORER_SCRIPT } from './explorer-script';

/**
 * The GraphQL explorer: GraphiQL 4 with React 18, both served from the installed packages
 * (no CDN), under /graphql/assets/. The page has no inline script or style of its own, so
 * it runs under a strict Content-Security-Policy. Its script (explorer-script.ts) keeps
 * credentials out of browser storage and sends nothing before they are entered.
 *
 * Those are the last GraphiQL and React releases that publish a build a browser runs as it
 * is (UMD, on window globals): GraphiQL 5 and React 19 ship only modules for a bundler, and
 * GraphiQL 5's Monaco editor also needs web workers. The service has no front-end build.
 */

const ASSET_BASE = '/graphql/assets';

/** Served files by name; nothing outside this list is reachable. */
function assetFiles(): Record<string, string> {
  return {
    'react.production.min.js': path.join(packageDir('react'), 'umd', 'react.production.min.js'),
    'react-dom.production.min.js': path.join(
      packageDir('react-dom'),
      'umd',
      'react-dom.production.min.js',
    ),
    'graphiql.min.js': path.join(packageDir('graphiql'), 'graphiql.min.js'),
    'graphiql.min.css': path.join(packageDir('graphiql'), 'graphiql.min.css'),
  };
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Workspace Ontology Service GraphQL explorer</title>
  <link rel="stylesheet" href="${ASSET_BASE}/graphiql.min.css">
  <link rel="stylesheet" href="${ASSET_BASE}/explorer.css">
</head>
<body>
  <div id="graphiql">Loading the GraphQL explorer...</div>
  <script src="${ASSET_BASE}/react.production.min.js"></script>
  <script src="${ASSET_BASE}/react-dom.production.min.js"></script>
  <script src="${ASSET_BASE}/graphiql.min.js"></script>
  <script src="${ASSET_BASE}/explorer.js"></script>
</body>
</html>
`;

const CSS = 'html, body, #graphiql { height: 100%; margin: 0; }\n';

/**
 * GraphiQL needs inline style attributes (React sets them), data: URIs for its icons, and
 * fetch to this origin; everything else is this origin's files.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Middleware for GET /graphql: a browser (which prefers text/html) that sends no `query`
 * parameter gets the explorer page; anything else goes on to GraphQL over GET.
 */
export function explorerPage(req: Request, res: Response, next: NextFunction): void {
  const wantsPage =
    req.query.query === undefined && req.accepts(['application/json', 'text/html']) === 'text/html';
  if (!wantsPage) {
    next();
    return;
  }
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept');
  res.type('html').send(PAGE);
}

/** The explorer's static files: React, GraphiQL and the page's initialiser and stylesheet. */
export function explorerAssets(): Router {
  const router = express.Router();
  const files = assetFiles();
  router.get(`${ASSET_BASE}/explorer.js`, (_req, res) => {
    res.type('application/javascript').send(EXPLORER_SCRIPT);
  });
  router.get(`${ASSET_BASE}/explorer.css`, (_req, res) => {
    res.type('text/css').send(CSS);
  });
  router.get(`${ASSET_BASE}/:file`, (req, res, next) => {
    const name = req.params.file;
    const file = Object.hasOwn(files, name) ? files[name] : undefined;
    if (!file) {
      next();
      return;
    }
    res.sendFile(file, { maxAge: '1h' });
  });
  return router;
}
