import type { Request, RequestHandler, Response } from 'express';
import type { GuardOptions } from './middleware/guard';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One route of the API. Every route is declared this way so that the app can mount it
 * and the OpenAPI test can compare the table with `docs/api/openapi.yaml`.
 */
export interface RouteDef {
  method: HttpMethod;
  /** Express path template, e.g. `/api/api-keys/:id`. */
  path: string;
  /** `public` routes skip authentication (health, docs, webhooks verified by signature). */
  access: GuardOptions | 'public';
  /**
   * Opts out of the app's JSON parser: routes that read the raw body themselves (webhooks,
   * OAuth forms) or parse JSON with their own settings (in `before`).
   */
  rawBody?: boolean;
  handler: (req: Request, res: Response) => Promise<void> | void;
  /** Extra middleware run after the guard and before the handler. */
  before?: RequestHandler[];
}

/** `/api/api-keys/:id` -> `/api/api-keys/{id}` (OpenAPI path template). */
export function toOpenApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
