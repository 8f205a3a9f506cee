import type { GraphQLResolveInfo } from 'graphql';
import type { Direction } from '../../domain/graph';
import { TYPE_NAME_PATTERN } from '../../domain/properties';
import { ValidationError, type ValidationIssue } from '../../errors';
import type { PageRequest } from '../../ports/paging';
import type { GraphQLContext } from '../context';

/**
 * Argument rules shared by the resolvers. They are the REST rules (docs/http-conventions.md) in
 * GraphQL terms: a bad argument is a VALIDATION_ERROR whose issues name `args.<argument>`.
 */

/**
 * A field resolver. Each resolver types its own parent and arguments; `never` here lets
 * any such signature in (graphql-js checks the shapes against the schema at run time).
 */
export type FieldResolver = (
  parent: never,
  args: never,
  ctx: GraphQLContext,
  info: GraphQLResolveInfo,
) => unknown;

/** A subscription field: the stream of values (`subscribe`), and how each one is shown. */
export interface SubscriptionResolver {
  subscribe: (parent: never, args: never, ctx: GraphQLContext) => Promise<AsyncIterable<unknown>>;
  resolve: (value: never) => unknown;
}

/** Resolvers by type name, then field name. */
export type ResolverMap = Record<string, Record<string, FieldResolver | SubscriptionResolver>>;

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

function invalid(path: string, message: string): ValidationError {
  return new ValidationError(`Invalid arguments: ${path}: ${message}`, [{ path, message }]);
}

/** `limit` (default 50, clamped to 100) and `offset`; negative values are rejected. */
export function pageOf(args: { limit?: number | null; offset?: number | null }): PageRequest {
  const limit = args.limit ?? DEFAULT_LIMIT;
  const offset = args.offset ?? 0;
  if (limit < 0) {
    throw invalid('args.limit', 'must be a non-negative integer');
  }
  if (offset < 0) {
    throw invalid('args.offset', 'must be a non-negative integer');
  }
  return { limit: Math.min(limit, MAX_LIMIT), offset };
}

/** A sort list as the REST `sort` parameter spells it: `-createdAt,name`. */
export function sortString(
  sort: readonly { field: string; direction?: 'ASC' | 'DESC' | null }[] | null | undefined,
): string | undefined {
  if (!sort || sort.length === 0) {
    return undefined;
  }
  return sort.map((s) => (s.direction === 'DESC' ? `-${s.field}` : s.field)).join(',');
}

/** Collects issues of optional filter arguments; throws them all together. */
export class ArgumentCheck {
  private readonly issues: ValidationIssue[] = [];

  typeName(path: string, value: string | null | undefined): string | undefined {
    if (value === null || value === undefined) {
      return undefined;
    }
    if (!TYPE_NAME_PATTERN.test(value)) {
      this.issues.push({ path, message: 'must be a valid type name' });
    }
    return value;
  }

  id(path: string, value: string | null | undefined): string | undefined {
    if (value === null || value === undefined) {
      return undefined;
    }
    if (value.length < 1 || value.length > 128) {
      this.issues.push({ path, message: 'must be 1 to 128 characters' });
    }
    return value;
  }

  text(path: string, value: string | null | undefined, max: number): string | undefined {
    if (value === null || value === undefined) {
      return undefined;
    }
    if (value.length > max) {
      this.issues.push({ path, message: `must be at most ${max} characters` });
    }
    return value;
  }

  /** Throws a VALIDATION_ERROR listing every issue found, if any. */
  done(): void {
    const first = this.issues[0];
    if (first) {
      throw new ValidationError(`Invalid arguments: ${first.path}: ${first.message}`, this.issues);
    }
  }
}

/** GraphQL's OUT/IN/BOTH as the domain's direction. */
export function directionOf(value: 'OUT' | 'IN' | 'BOTH' | null | undefined): Direction {
  return value === 'OUT' ? 'out' : value === 'IN' ? 'in' : 'both';
}

/** `depth` of a neighbourhood: 1, 2 or 3 (as GET /api/queries/nodes/{id}/neighbors). */
export function neighborhoodDepth(value: number | null | undefined): number {
  const depth = value ?? 1;
  if (depth < 1 || depth > 3) {
    throw invalid('args.depth', 'must be 1, 2 or 3');
  }
  return depth;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The optional idempotencyKey argument: 1-255 printable ASCII characters, as the header. */
export function idempotencyKeyOf(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) {
    return undefined;
  }
  if (!IDEMPOTENCY_KEY.test(value)) {
    throw invalid('args.idempotencyKey', 'must be 1-255 printable ASCII characters');
  }
  return value;
}

/** The arguments the client gave: left-out and null ones dropped, as a JSON body omits them. */
export function withoutNulls(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== null));
}
