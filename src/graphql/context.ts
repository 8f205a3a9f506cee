import type { Request } from 'express';
import type { Logger } from 'pino';
import type { GraphNode } from '../domain/graph';
import type { Principal } from '../domain/principal';
import type { Scope } from '../domain/scopes';
import { InsufficientScopeError, NotFoundError } from '../errors';
import { clientGoneSignal } from '../http/request-context';
import type { GraphQueries } from '../queries/graph-queries';

/**
 * What every resolver receives: the caller and workspace exactly as the REST guard resolved
 * them (`req.ctx`), the request id for error reports, and a per-request cache of node reads
 * so that `Edge.source`/`Edge.target` over a page read each node once.
 */
export interface GraphQLContext {
  requestId: string;
  workspaceId: string;
  principal: Principal;
  scopes: readonly Scope[];
  logger: Logger;
  /** The node with `id` in the workspace, or null; memoised for the request. */
  loadNode(id: string): Promise<GraphNode | null>;
  /** The claims @neo4j/graphql's authorization rules read (Neo4j mode). */
  jwt: { workspaceId: string; sub: string };
  /** Aborted when the client closes its connection before the answer (clientGoneSignal). */
  signal: AbortSignal;
}

/** Builds the context of one GraphQL request from a request that passed the guard. */
export function contextFromRequest(
  req: Request,
  queries: GraphQueries,
  logger: Logger,
): GraphQLContext {
  const { workspaceId, principal, scopes = [], requestId } = req.ctx;
  if (!workspaceId || !principal) {
    throw new Error('/graphql is missing its workspace guard');
  }
  const nodes = new Map<string, Promise<GraphNode | null>>();
  let signal: AbortSignal | undefined;
  return {
    requestId,
    workspaceId,
    principal,
    scopes,
    logger,
    loadNode(id) {
      let pending = nodes.get(id);
      if (!pending) {
        pending = queries.getNode(workspaceId, id).catch((error: unknown) => {
          if (error instanceof NotFoundError) {
            return null; // An edge's end or a source's entity deleted meanwhile: null.
          }
          throw error;
        });
        nodes.set(id, pending);
      }
      return pending;
    },
    jwt: { workspaceId, sub: principal.actorId },
    // Made on first use (only the cypher field asks): nothing per request otherwise.
    get signal(): AbortSignal {
      signal ??= req.res ? clientGoneSignal(req.res) : new AbortController().signal;
      return signal;
    },
  };
}

/** Throws INSUFFICIENT_SCOPE (as the REST routes do) unless the caller holds `scope`. */
export function requireScope(ctx: GraphQLContext, scope: Scope): void {
  if (!ctx.scopes.includes(scope)) {
    throw new InsufficientScopeError(scope);
  }
}
