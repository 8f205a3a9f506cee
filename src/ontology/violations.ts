import type { RecordKind } from '../domain/graph';
import { ConflictError, ValidationError, type ValidationIssue } from '../errors';
import type { TypeViolation } from './enforcer';

function summary(issues: readonly ValidationIssue[]): string {
  const shown = issues
    .slice(0, 3)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join('; ');
  return issues.length > 3 ? `${shown}; ... (${issues.length} problems)` : shown;
}

/**
 * The error of a command whose record breaks its type, one issue per violation with its
 * path in the command (`payload.properties.rpm`): 400 VALIDATION_ERROR when the record
 * itself is invalid, 409 CONFLICT when only other records stand in its way (a unique value
 * taken, a `one` end already used). Nothing when there is no violation.
 */
export function throwIfViolated(violations: readonly TypeViolation[]): void {
  if (violations.length === 0) {
    return;
  }
  const issues = violations.map((v) => ({ path: `payload.${v.path}`, message: v.message }));
  if (violations.some((v) => v.conflict !== true)) {
    throw new ValidationError(`The record does not fit its type: ${summary(issues)}.`, issues);
  }
  throw new ConflictError(`The record conflicts with other records: ${summary(issues)}.`, {
    issues,
  });
}

/**
 * 409 CONFLICT for an UNDO or REDO that would bring back a record the ontology, as it is
 * defined now, refuses (a type defined or changed since, a unique value taken since).
 */
export function restoreConflict(
  kind: RecordKind,
  id: string,
  violations: readonly TypeViolation[],
): ConflictError {
  const issues = violations.map(({ path, message }) => ({ path, message }));
  return new ConflictError(
    `The ${kind} ${id} cannot be restored as it was: it breaks the ontology as defined now (${summary(issues)}); nothing was changed.`,
    { kind, id, issues },
  );
}
