import type { RecordKind } from '../domain/graph';
import { ConflictError, NotFoundError, VersionConflictError } from '../errors';
import type { InsertResult, WriteResult } from '../ports/graph-store';

const LABEL: Record<RecordKind, string> = { node: 'Node', edge: 'Edge' };

export function notFound(kind: RecordKind, id: string): NotFoundError {
  return new NotFoundError(`${LABEL[kind]} ${id} not found.`, { kind, id });
}

/** Unwraps a conditional write or throws the matching 404 / 409. */
export function unwrapWrite<T>(result: WriteResult<T>, kind: RecordKind, id: string): T {
  switch (result.status) {
    case 'ok':
      return result.record;
    case 'missing':
      throw notFound(kind, id);
    case 'conflict':
      throw new VersionConflictError(
        `${LABEL[kind]} ${id} is at version ${result.currentVersion}, not the expected one.`,
        result.currentVersion,
        { kind, id },
      );
  }
}

/** Unwraps an insert of a new record or throws 409 CONFLICT / 404 for a missing end. */
export function unwrapInsert(
  result: InsertResult,
  kind: RecordKind,
  id: string,
  ends?: { sourceId: string; targetId: string },
): void {
  switch (result.status) {
    case 'ok':
      return;
    case 'exists':
      throw new ConflictError(`${LABEL[kind]} ${id} already exists in this workspace.`, {
        kind,
        id,
      });
    case 'missing_end': {
      const endId = result.end === 'source' ? ends?.sourceId : ends?.targetId;
      throw new NotFoundError(`The ${result.end} node ${endId ?? '(unknown)'} does not exist.`, {
        end: result.end,
        id: endId ?? null,
      });
    }
  }
}
