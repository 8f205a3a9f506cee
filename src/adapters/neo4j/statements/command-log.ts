import { cypher } from '../statement';

/**
 * The per-actor command log and the idempotency records. An entry is
 * `(:_CommandLogEntry {workspaceId, actorId, id, seq, type, scope, state, changes, result,
 * createdAt, updatedAt})`, `changes` and `result` as JSON text (they are the log's own
 * documents, not graph data). `seq` orders an actor's history; it comes from a per-actor
 * `_CommandLogSequence` counter whose increment takes the counter's write lock, so two
 * appends never get the same number and numbers are never reused.
 */

export const LOG_APPEND = cypher(
  'log-append',
  [
    'workspaceId',
    'actorId',
    'id',
    'type',
    'scope',
    'state',
    'changes',
    'result',
    'createdAt',
    'updatedAt',
  ],
  `
  MERGE (sequence:_CommandLogSequence {workspaceId: $workspaceId, actorId: $actorId})
  ON CREATE SET sequence.last = 0
  SET sequence.last = sequence.last + 1
  CREATE (:_CommandLogEntry {
    workspaceId: $workspaceId, actorId: $actorId, id: $id, seq: sequence.last, type: $type,
    scope: $scope, state: $state, changes: $changes, result: $result,
    createdAt: $createdAt, updatedAt: $updatedAt
  })`,
);

/** A statement over the actor's entries in `state`: the match, then `clauses`. */
function entriesIn(name: string, state: 'applied' | 'undone', clauses: string) {
  return cypher(
    name,
    ['workspaceId', 'actorId'],
    `
  MATCH (e:_CommandLogEntry {workspaceId: $workspaceId, actorId: $actorId, state: '${state}'})
  ${clauses}`,
  );
}

/** The actor's entry in `state` that comes first by `seq` in `order`. */
function firstEntryIn(name: string, state: 'applied' | 'undone', order: 'ASC' | 'DESC') {
  return entriesIn(
    name,
    state,
    `RETURN properties(e) AS entry
  ORDER BY e.seq ${order}
  LIMIT 1`,
  );
}

export const LOG_LAST_APPLIED = firstEntryIn('log-last-applied', 'applied', 'DESC');

/**
 * Undos run newest first and a new command discards the undone entries, so they form a
 * contiguous tail and the oldest of them is the one undone most recently.
 */
export const LOG_LAST_UNDONE = firstEntryIn('log-last-undone', 'undone', 'ASC');

export const LOG_COUNT_UNDONE = entriesIn(
  'log-count-undone',
  'undone',
  'RETURN count(e) AS undone',
);

export const LOG_UPDATE = cypher(
  'log-update',
  ['workspaceId', 'actorId', 'id', 'state', 'changes', 'result', 'updatedAt'],
  `
  MATCH (e:_CommandLogEntry {workspaceId: $workspaceId, actorId: $actorId, id: $id})
  SET e.state = $state, e.changes = $changes, e.result = $result, e.updatedAt = $updatedAt
  RETURN count(e) AS updated`,
);

export const LOG_DISCARD_UNDONE = entriesIn('log-discard-undone', 'undone', 'DELETE e');

/** Deletes all but the actor's `keep` newest entries, whatever their state. */
export const LOG_TRIM = cypher(
  'log-trim',
  ['workspaceId', 'actorId', 'keep'],
  `
  MATCH (e:_CommandLogEntry {workspaceId: $workspaceId, actorId: $actorId})
  WITH e
  ORDER BY e.seq DESC
  SKIP $keep
  DELETE e`,
);

export const IDEMPOTENCY_GET = cypher(
  'idempotency-get',
  ['workspaceId', 'actorId', 'key'],
  `
  MATCH (r:_IdempotencyRecord {workspaceId: $workspaceId, actorId: $actorId, key: $key})
  RETURN properties(r) AS record`,
);

/** Saves the record, replacing one of the same actor and key (an expired one). */
export const IDEMPOTENCY_SAVE = cypher(
  'idempotency-save',
  ['workspaceId', 'actorId', 'key', 'requestHash', 'status', 'response', 'createdAt'],
  `
  MERGE (r:_IdempotencyRecord {workspaceId: $workspaceId, actorId: $actorId, key: $key})
  SET r.requestHash = $requestHash, r.status = $status, r.response = $response,
    r.createdAt = $createdAt`,
);

export const IDEMPOTENCY_PURGE = cypher(
  'idempotency-purge',
  ['workspaceId', 'before'],
  `
  MATCH (r:_IdempotencyRecord {workspaceId: $workspaceId})
  WHERE r.createdAt < $before
  DELETE r
  RETURN count(*) AS purged`,
);

/** Every statement of this module, for the lint test. */
export const COMMAND_LOG_STATEMENTS = [
  LOG_APPEND,
  LOG_LAST_APPLIED,
  LOG_LAST_UNDONE,
  LOG_COUNT_UNDONE,
  LOG_UPDATE,
  LOG_DISCARD_UNDONE,
  LOG_TRIM,
  IDEMPOTENCY_GET,
  IDEMPOTENCY_SAVE,
  IDEMPOTENCY_PURGE,
];
