import {
  CHANGE_EVENT_TYPES,
  isChangeEventType,
  type ChangeEventType,
} from '../domain/change-events';
import { TYPE_NAME_PATTERN } from '../domain/properties';
import { ValidationError, type ValidationIssue } from '../errors';

/** A cursor as clients send it: the seq of an event, in decimal digits. */
export const CURSOR_PATTERN = /^\d{1,15}$/;

/** What a reader of the feed asks, validated; REST and GraphQL read their input into it. */
export interface FeedFilterInput {
  after: number | null;
  types: ChangeEventType[];
  subjectType?: string;
}

/**
 * Checks a feed request's cursor, event types and entity type. Issues are named
 * `<prefix>.after`, `<prefix>.types.N` and `<prefix>.entityType` (`query` on REST, `args`
 * on GraphQL), all reported together.
 */
export function parseFeedFilter(
  raw: { after?: string | null; types?: readonly string[] | null; entityType?: string | null },
  prefix: string,
): FeedFilterInput {
  const issues: ValidationIssue[] = [];
  let after: number | null = null;
  if (raw.after !== undefined && raw.after !== null) {
    if (CURSOR_PATTERN.test(raw.after)) {
      after = Number(raw.after);
    } else {
      issues.push({
        path: `${prefix}.after`,
        message: 'must be a cursor: the seq of an event, as decimal digits',
      });
    }
  }
  const types: ChangeEventType[] = [];
  const asked = raw.types ?? [];
  if (asked.length > CHANGE_EVENT_TYPES.length) {
    issues.push({
      path: `${prefix}.types`,
      message: `must list at most the ${CHANGE_EVENT_TYPES.length} event types, each once`,
    });
  } else {
    asked.forEach((type, index) => {
      if (!isChangeEventType(type)) {
        issues.push({
          path: `${prefix}.types.${index}`,
          message: `must be one of ${CHANGE_EVENT_TYPES.join(', ')}`,
        });
      } else if (types.includes(type)) {
        issues.push({ path: `${prefix}.types.${index}`, message: 'is listed twice' });
      } else {
        types.push(type);
      }
    });
  }
  const entityType = raw.entityType ?? undefined;
  if (entityType !== undefined && !TYPE_NAME_PATTERN.test(entityType)) {
    issues.push({ path: `${prefix}.entityType`, message: 'must be a valid type name' });
  }
  if (issues.length > 0) {
    throw new ValidationError(
      `Invalid ${prefix === 'query' ? 'query' : 'arguments'}: ${issues
        .map((issue) => `${issue.path}: ${issue.message}`)
        .join('; ')}`,
      issues,
    );
  }
  return { after, types, ...(entityType !== undefined ? { subjectType: entityType } : {}) };
}
