import type { z } from 'zod';
import { ValidationError, type ValidationIssue } from './errors';

/** Converts zod issues to the `details.issues` shape of docs/http-conventions.md. */
export function toIssues(error: z.ZodError, root: string): ValidationIssue[] {
  return error.issues.flatMap((issue) => {
    const at = [root, ...issue.path.map(String)];
    // zod reports all unknown fields of an object as one issue at the object itself;
    // one issue per field tells the client exactly which field to remove.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...at, key].join('.'), message: 'unknown field' }));
    }
    return [{ path: at.join('.'), message: issue.message }];
  });
}

/**
 * Parses `input` (a request body or query) with `schema`, or throws a 400
 * VALIDATION_ERROR listing every problem.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  root: 'body' | 'query' | 'params' | 'headers',
): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issues = toIssues(result.error, root);
    const first = issues[0];
    const summary = first ? `${first.path}: ${first.message}` : 'invalid input';
    throw new ValidationError(`Invalid request ${root}: ${summary}`, issues);
  }
  return result.data;
}
