import { z } from 'zod';
import * as liveDataInputs from '../../live-data/inputs';
import type { LiveDataDeps } from '../../live-data/live-data-deps';
import type { Clock } from '../../ports/clock';
import { jsonBody } from '../middleware/json-body';
import { parsePage } from '../paging';
import { sendData, sendPage } from '../presenters/envelope';
import { presentSeries, presentSource } from '../presenters/live-data';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

export interface LiveDataRouteDeps extends LiveDataDeps {
  clock: Clock;
  /** HTTP_BODY_TIMEOUT_MS, for the ingest route's own body parser. */
  bodyTimeoutMs: number;
}

const listQuery = z
  .object({
    limit: z.string().optional(),
    offset: z.string().optional(),
    entityId: z.string().min(1).max(128).optional(),
  })
  .strict();

const idParams = z.object({ id: z.string().min(1).max(128) });

/** Live data sources, ingest and time-series queries (scopes read:livedata / write:livedata). */
export function liveDataRoutes(deps: LiveDataRouteDeps): RouteDef[] {
  const { service: liveData, clock } = deps;
  const read = { workspace: 'required', scope: 'read:livedata' } as const;
  const write = { workspace: 'required', scope: 'write:livedata' } as const;
  return [
    {
      method: 'post',
      path: '/api/live-data/sources',
      access: write,
      handler: async (req, res) => {
        const { workspaceId, principal } = workspaceOf(req.ctx);
        const body = parseInput(liveDataInputs.createSourceBody, req.body, 'body');
        const source = await liveData.createSource(workspaceId, body, principal.actorId);
        res.setHeader('Location', `/api/live-data/sources/${source.id}`);
        sendData(res, 201, presentSource(source));
      },
    },
    {
      method: 'get',
      path: '/api/live-data/sources',
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const q = parseInput(listQuery, req.query, 'query');
        const page = parsePage(q);
        const result = await liveData.listSources(workspaceId, { entityId: q.entityId }, page);
        sendPage(res, result.items.map(presentSource), result.total, page);
      },
    },
    {
      method: 'get',
      path: '/api/live-data/sources/:id',
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        sendData(res, 200, presentSource(await liveData.getSource(workspaceId, id)));
      },
    },
    {
      method: 'post',
      path: '/api/live-data/ingest',
      access: write,
      // Its own JSON parser with a larger limit: 10,000 points with tags exceed 1 MiB.
      rawBody: true,
      before: jsonBody({ limitBytes: deps.ingestBodyLimitBytes, timeoutMs: deps.bodyTimeoutMs }),
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const body = parseInput(liveDataInputs.ingestBodySchema(req.body), req.body, 'body');
        const batches = liveDataInputs.toIngestBatches(body, clock.now());
        sendData(res, 200, await liveData.ingest(workspaceId, batches));
      },
    },
    {
      method: 'get',
      path: '/api/live-data/query',
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const q = parseInput(liveDataInputs.queryParams, req.query, 'query');
        const query = liveDataInputs.toLiveQuery(q, clock.now());
        const results = await liveData.query(workspaceId, query);
        const interval = query.aggregation === 'raw' ? null : (q.interval ?? null);
        const presented = results.map((series) => presentSeries(query, interval, series));
        // One source: the object of docs/live-data.md; several: one such object per source.
        sendData(res, 200, presented.length === 1 ? presented[0] : presented);
      },
    },
  ];
}
