import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { NotFoundError } from '../../errors';
import { explorerAssets, type ExplorerAsset } from '../../explorer/assets';
import { explorerCsp, explorerPage } from '../../explorer/page';
import type { RouteDef } from '../route-table';

/** How long browsers may keep the packages' files (their content changes only on upgrade). */
const PACKAGE_FILE_MAX_AGE_MS = 60 * 60 * 1000;

function sendAsset(res: Response, asset: ExplorerAsset): Promise<void> {
  res.setHeader('Content-Type', asset.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (asset.kind === 'text') {
    res.setHeader('Cache-Control', 'no-cache');
    res.send(asset.text);
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    res.sendFile(asset.path, { maxAge: PACKAGE_FILE_MAX_AGE_MS }, (error) => {
      if (error && !res.headersSent) {
        reject(error);
        return;
      }
      resolve();
    });
  });
}

/**
 * The Cypher explorer (docs/explorer.md): the page at /explorer and its files under
 * /explorer/assets/. Both are public: the page holds no data, and every request it makes
 * to the API carries the key the analyst types in.
 */
export function explorerRoutes(): RouteDef[] {
  return [
    {
      method: 'get',
      path: '/explorer',
      access: 'public',
      handler: (_req, res) => {
        // A new nonce per response: it allows the editor's style elements and nothing else.
        const nonce = randomBytes(16).toString('base64');
        res.setHeader('Content-Security-Policy', explorerCsp(nonce));
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.type('html').send(explorerPage(nonce));
      },
    },
    {
      method: 'get',
      path: '/explorer/assets/:file',
      access: 'public',
      handler: (req, res) => {
        const name = String(req.params.file);
        const asset = explorerAssets().get(name);
        if (!asset) {
          throw new NotFoundError(`The explorer has no file named ${name}.`, { file: name });
        }
        return sendAsset(res, asset);
      },
    },
  ];
}
