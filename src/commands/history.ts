import type { GraphEdge, GraphNode } from '../domain/graph';
import { VersionConflictError } from '../errors';
import type { RecordChange } from '../ports/command-log';
import type { TypeEnforcer, TypeViolation } from '../ontology/enforcer';
import { restoreConflict } from '../ontology/violations';
import type { GraphWriter } from '../ports/graph-store';

/** A change seen from one direction: undo goes after -> before, redo before -> after. */
interface Step {
  change: RecordChange;
  from: GraphNode | GraphEdge | null;
  to: GraphNode | GraphEdge | null;
}

function conflict(change: RecordChange, currentVersion: number | null, why: string): never {
  throw new VersionConflictError(
    `The ${change.kind} ${change.id} ${why}; nothing was changed.`,
    currentVersion,
    { kind: change.kind, id: change.id },
  );
}

async function currentOf(graph: GraphWriter, change: RecordChange) {
  return change.kind === 'node' ? graph.getNode(change.id) : graph.getEdge(change.id);
}

/** Throws 409 CONFLICT when the record breaks the ontology as it is defined now. */
function refuseViolations(change: RecordChange, violations: readonly TypeViolation[]): void {
  if (violations.length > 0) {
    throw restoreConflict(change.kind, change.id, violations);
  }
}

/** The record `to` alone against its type, before it is written back. */
function checkRecord(types: TypeEnforcer, change: RecordChange, to: GraphNode | GraphEdge) {
  return change.kind === 'node'
    ? types.checkNode(to as GraphNode)
    : types.checkEdge(to as GraphEdge);
}

/** What depends on other records, and the unique index, once the step is written. */
function afterWrite(
  types: TypeEnforcer,
  change: RecordChange,
  from: GraphNode | GraphEdge | null,
  to: GraphNode | GraphEdge | null,
) {
  return change.kind === 'node'
    ? types.nodeWritten(from as GraphNode | null, to as GraphNode | null)
    : types.edgeWritten(from as GraphEdge | null, to as GraphEdge | null);
}

/**
 * Moves one record from `from` to `to`, provided nobody else changed it since this log
 * entry last touched it (its version must still be `change.currentVersion`, or it must
 * still be absent). Returns the change with its new `currentVersion`.
 *
 * Undo and redo restore records exactly, version and timestamps included: N undos then
 * N redos leave the data exactly as it was, and an older entry of the same record stays
 * undoable after a newer one was undone (its version check sees the version it left).
 * A record brought back must fit the ontology as it is defined now (409 CONFLICT if not).
 */
async function applyStep(
  graph: GraphWriter,
  types: TypeEnforcer,
  step: Step,
): Promise<RecordChange> {
  const { change, from, to } = step;
  const current = await currentOf(graph, change);

  if (from === null) {
    // The record must be absent; bring `to` back exactly as it was.
    if (to === null) {
      throw new Error(`change of ${change.kind} ${change.id} has neither image`);
    }
    if (current) {
      conflict(change, current.version, 'was created again by someone else since');
    }
    refuseViolations(change, await checkRecord(types, change, to));
    const result =
      change.kind === 'node'
        ? await graph.insertNode(to as GraphNode)
        : await graph.insertEdge(to as GraphEdge);
    if (result.status !== 'ok') {
      const why =
        result.status === 'missing_end'
          ? `cannot be restored because its ${result.end} node no longer exists`
          : 'exists again';
      conflict(change, null, why);
    }
    refuseViolations(change, await afterWrite(types, change, null, to));
    return { ...change, currentVersion: to.version };
  }

  if (!current || current.version !== change.currentVersion) {
    conflict(change, current?.version ?? null, 'was changed by someone else since');
  }

  if (to === null) {
    if (change.kind === 'node' && (await graph.edgesOfNode(change.id)).length > 0) {
      conflict(change, current.version, 'has relationships that were added since');
    }
    const result =
      change.kind === 'node'
        ? await graph.deleteNode(change.id, current.version)
        : await graph.deleteEdge(change.id, current.version);
    if (result.status !== 'ok') {
      conflict(change, result.status === 'conflict' ? result.currentVersion : null, 'changed');
    }
    await afterWrite(types, change, current, null);
    return { ...change, currentVersion: null };
  }

  if (change.kind !== 'node') {
    // Edges are never updated in place (there is no UPDATE_EDGE).
    throw new Error(`edge ${change.id} has an update step`);
  }
  const target = to as GraphNode;
  refuseViolations(change, await checkRecord(types, change, target));
  const result = await graph.replaceNode(target, current.version);
  if (result.status !== 'ok') {
    conflict(change, result.status === 'conflict' ? result.currentVersion : null, 'changed');
  }
  refuseViolations(change, await afterWrite(types, change, current, target));
  return { ...change, currentVersion: target.version };
}

/** Reverts the changes of one log entry, newest first. */
export async function revertChanges(
  graph: GraphWriter,
  types: TypeEnforcer,
  changes: readonly RecordChange[],
): Promise<RecordChange[]> {
  const updated = [...changes];
  for (let i = updated.length - 1; i >= 0; i -= 1) {
    const change = updated[i]!;
    updated[i] = await applyStep(graph, types, { change, from: change.after, to: change.before });
  }
  return updated;
}

/** Re-applies the changes of one log entry, oldest first. */
export async function reapplyChanges(
  graph: GraphWriter,
  types: TypeEnforcer,
  changes: readonly RecordChange[],
): Promise<RecordChange[]> {
  const updated = [...changes];
  for (let i = 0; i < updated.length; i += 1) {
    const change = updated[i]!;
    updated[i] = await applyStep(graph, types, { change, from: change.before, to: change.after });
  }
  return updated;
}
