import type { ApolloServerPlugin } from '@apollo/server';
import {
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { getComplexity, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
import type { GraphQLContext } from './context';
import { requestError } from './errors';

/** Limits on one operation (GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_COMPLEXITY). */
export interface QueryLimits {
  maxDepth: number;
  maxComplexity: number;
}

/** The most tokens a document may have; graphql-js stops parsing past it. */
export const MAX_TOKENS = 5000;

/** Selections counted by the complexity analysis before it gives up (a runaway document). */
const MAX_QUERY_NODES = 2000;

const DEFAULT_PAGE = 50;
const MAX_PAGE = 100;
/** Neighbourhood sizes assumed per depth (the real bound is 500 nodes). */
const NEIGHBORHOOD_SIZE = [1, 20, 100, 500];
/** What one change costs on top of what it selects: mutations do real work. */
const MUTATION_COST = 10;

/**
 * Root fields an operation may hold only a few of, however aliased: a batch is up to 1,000
 * commands counted as one request, and a Cypher query takes a query thread for up to its
 * time limit, so many of either in one request would multiply what one request may do.
 */
export const ROOT_FIELD_LIMITS: Readonly<Record<string, number>> = {
  executeBatch: 1,
  cypher: 2,
};

function pageSize(args: Record<string, unknown>, name = 'limit', fallback = DEFAULT_PAGE): number {
  const value = args[name];
  return typeof value === 'number' && value >= 0 ? Math.min(value, MAX_PAGE) : fallback;
}

/**
 * Cost of a field: 1, plus its selections times how many items it may return. Lists are
 * counted by their `limit` argument (default 50, at most 100), neighbourhoods by their
 * depth, and a time series as one item (its points are leaves, bounded by the REST limits).
 */
const ontologyEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  const key = `${type.name}.${field.name}`;
  switch (key) {
    case 'Query.nodes':
    case 'Query.edges':
    case 'Query.liveDataSources':
    case 'Node.edges':
    case 'Node.liveDataSources':
      return 1 + pageSize(args) * childComplexity;
    case 'Node.neighbors': {
      const depth = typeof args.depth === 'number' ? Math.min(Math.max(args.depth, 1), 3) : 1;
      return 1 + (NEIGHBORHOOD_SIZE[depth] ?? 500) * childComplexity;
    }
    case 'Query.search':
    case 'Query.hybridSearch':
      return 1 + pageSize(args, 'topK', 10) * childComplexity;
    default:
      return type.name === 'Mutation' ? MUTATION_COST + childComplexity : undefined;
  }
};

/**
 * Depth of the deepest selection, following fragments. Introspection fields (`__schema`,
 * `__type`) do not count: GraphiQL's own introspection query is deeper than any data query.
 */
export function operationDepth(
  operation: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
): number {
  const visit = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): number => {
    if (!set) {
      return depth;
    }
    let deepest = depth;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) {
          continue;
        }
        deepest = Math.max(deepest, visit(selection.selectionSet, depth + 1, seen));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        deepest = Math.max(deepest, visit(selection.selectionSet, depth, seen));
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // Validation has rejected fragment cycles already; `seen` is a second guard.
        if (fragment && !seen.has(name)) {
          const next = new Set(seen).add(name);
          deepest = Math.max(deepest, visit(fragment.selectionSet, depth, next));
        }
      }
    }
    return deepest;
  };
  return visit(operation.selectionSet, 0, new Set());
}

/** How many times each root field occurs in the operation (aliases and fragments included). */
export function rootFieldCounts(
  operation: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (set: SelectionSetNode, seen: Set<string>): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        counts.set(name, (counts.get(name) ?? 0) + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, seen);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (fragment && !seen.has(name)) {
          visit(fragment.selectionSet, new Set(seen).add(name));
        }
      }
    }
  };
  visit(operation.selectionSet, new Set());
  return counts;
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const map = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      map.set(definition.name.value, definition);
    }
  }
  return map;
}

/**
 * Rejects an operation that is too deep or too complex before anything runs: HTTP 400 with
 * a GraphQL error whose code is QUERY_TOO_DEEP or QUERY_TOO_COMPLEX and whose extensions
 * give the limit and the operation's value.
 */
export function queryLimitsPlugin(
  schema: GraphQLSchema,
  limits: QueryLimits,
): ApolloServerPlugin<GraphQLContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation(rc) {
          const { operation, document } = rc;
          if (!operation) {
            return Promise.resolve(); // Apollo has answered OPERATION_RESOLUTION_FAILURE.
          }
          const fragments = fragmentsOf(document);
          const counts = rootFieldCounts(operation, fragments);
          for (const [field, max] of Object.entries(ROOT_FIELD_LIMITS)) {
            const count = counts.get(field) ?? 0;
            if (count > max) {
              throw requestError(
                `An operation may contain ${field} at most ${max === 1 ? 'once' : `${max} times`}; this one has it ${count} times. ` +
                  'Send the others in requests of their own.',
                'QUERY_TOO_COMPLEX',
                { maxComplexity: limits.maxComplexity, field, max, count },
              );
            }
          }
          const depth = operationDepth(operation, fragments);
          if (depth > limits.maxDepth) {
            throw requestError(
              `The operation is nested ${depth} levels deep; at most ${limits.maxDepth} are allowed.`,
              'QUERY_TOO_DEEP',
              { maxDepth: limits.maxDepth, depth },
            );
          }
          let complexity: number;
          try {
            complexity = getComplexity({
              schema,
              query: document,
              variables: rc.request.variables ?? {},
              ...(rc.operationName ? { operationName: rc.operationName } : {}),
              estimators: [ontologyEstimator, simpleEstimator({ defaultComplexity: 1 })],
              maxQueryNodes: MAX_QUERY_NODES,
            });
          } catch (error) {
            if (
              error instanceof Error &&
              error.message.includes('maximum allowed number of nodes')
            ) {
              throw requestError(
                `The operation has more than ${MAX_QUERY_NODES} selections.`,
                'QUERY_TOO_COMPLEX',
                { maxComplexity: limits.maxComplexity },
              );
            }
            // Arguments that do not coerce (bad variables): execution rejects the operation
            // with BAD_USER_INPUT before any resolver runs.
            return Promise.resolve();
          }
          if (complexity > limits.maxComplexity) {
            throw requestError(
              `The operation's complexity is ${complexity}; at most ${limits.maxComplexity} is allowed. ` +
                'Ask for smaller pages (limit) or fewer nested lists.',
              'QUERY_TOO_COMPLEX',
              { maxComplexity: limits.maxComplexity, complexity },
            );
          }
          return Promise.resolve();
        },
      });
    },
  };
}
