import { z } from 'zod';
import type { CypherService } from '../../cypher/cypher-service';
import { cypherParameters } from '../../http/routes/cypher';
import { parseInput } from '../../parse-input';
import { requireScope } from '../context';
import { asArguments } from '../errors';
import type { ResolverMap } from './inputs';

/** The REST body's rules; `parameters` may be null or absent (no parameters). */
const cypherArgs = z.object({
  query: z.string().min(1, 'query must not be empty'),
  parameters: cypherParameters.nullish().transform((p) => p ?? {}),
});

/** `Query.cypher`: the same CypherService as the REST route, with its two scopes. */
export function cypherResolvers(cypher: CypherService): ResolverMap {
  return {
    Query: {
      cypher: (_root, args: Record<string, unknown>, ctx) => {
        requireScope(ctx, 'read:nodes');
        requireScope(ctx, 'read:edges');
        const input = asArguments(() => parseInput(cypherArgs, args, 'body'));
        return cypher.run(ctx.workspaceId, input.query, input.parameters, ctx.signal);
      },
    },
  };
}
