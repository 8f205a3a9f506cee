import { z } from 'zod';
import type { CypherService } from '../../cypher/cypher-service';
import { sendData } from '../presenters/envelope';
import { clientGoneSignal, workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

/**
 * The body of POST /api/queries/cypher. The query's length is checked by the language
 * itself (400 CYPHER_LIMIT_EXCEEDED, `limit: "queryLength"`), so that the limit has one home.
 */
/**
 * A query's parameters: the parsed object itself, not a copy (a record schema copies by
 * assignment, which turns a `__proto__` parameter into a prototype instead of a parameter).
 */
export const cypherParameters = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'parameters must be an object',
);

const cypherBody = z
  .object({
    query: z.string().min(1, 'query must not be empty'),
    parameters: cypherParameters.default(() => ({})),
  })
  .strict();

/** Analyst Cypher (docs/cypher.md): read-only, confined to the request's workspace. */
export function cypherRoutes(deps: { cypher: CypherService }): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/api/queries/cypher',
      access: { workspace: 'required', scope: ['read:nodes', 'read:edges'] },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const body = parseInput(cypherBody, req.body, 'body');
        // A query whose client hung up stops, freeing its query thread for the next one.
        const answer = await deps.cypher.run(
          workspaceId,
          body.query,
          body.parameters,
          clientGoneSignal(res),
        );
        sendData(res, 200, { columns: answer.columns, rows: answer.rows }, answer.meta);
      },
    },
  ];
}
