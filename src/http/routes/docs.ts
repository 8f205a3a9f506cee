import express, { type Router } from 'express';
import { packageDir } from '../package-dir';
import type { RouteDef } from '../route-table';

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Workspace Ontology Service API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.yaml', dom_id: '#swagger-ui', deepLinking: true });\n`;

/** The browsable API reference: Swagger UI served from the installed package, no CDN. */
export function docsRoutes(): RouteDef[] {
  return [
    {
      method: 'get',
      path: '/docs',
      access: 'public',
      handler: (_req, res) => {
        res.type('html').send(PAGE);
      },
    },
  ];
}

/** Static assets of the docs page (Swagger UI's bundle) and its tiny initialiser. */
export function docsAssets(): Router {
  const router = express.Router();
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  router.use(
    '/docs/assets',
    express.static(packageDir('swagger-ui-dist'), { index: false, maxAge: '1h' }),
  );
  return router;
}
