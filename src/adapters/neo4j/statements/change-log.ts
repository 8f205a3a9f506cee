import { cypher } from '../statement';

/**
 * The change log (docs/events.md). An event is `(:_ChangeEvent {workspaceId, seq, id, type,
 * occurredAt, subjectType, subjectTypeBefore, subjectId, body})`, `body` the JSON of its
 * actor, cause and record images. `seq` comes from the workspace's `(:_ChangeLogHead)`,
 * whose write lock is taken before its count is read and held until the transaction commits: the
 * workspace's appends are serialized, so seq order is commit order and no number is used
 * twice. `horizon` on the head is the seq through which retention removed events.
 */

export const CHANGE_LOG_APPEND = cypher(
  'change-log-append',
  ['workspaceId', 'events'],
  `
  MERGE (h:_ChangeLogHead {workspaceId: $workspaceId})
  ON CREATE SET h.head = 0, h.horizon = 0
  SET h.\`~lock\` = true
  REMOVE h.\`~lock\`
  WITH h
  SET h.head = h.head + size($events)
  WITH h, h.head - size($events) AS base
  FOREACH (i IN range(0, size($events) - 1) |
    CREATE (:_ChangeEvent {
      workspaceId: $workspaceId, seq: base + i + 1, id: $events[i].id, type: $events[i].type,
      occurredAt: $events[i].occurredAt, subjectType: $events[i].subjectType,
      subjectTypeBefore: $events[i].subjectTypeBefore, subjectId: $events[i].subjectId,
      body: $events[i].body
    }))
  RETURN h.head AS head`,
);

export const CHANGE_LOG_READ = cypher(
  'change-log-read',
  ['workspaceId', 'after', 'limit'],
  `
  MATCH (e:_ChangeEvent {workspaceId: $workspaceId})
  WHERE e.seq > $after
  RETURN properties(e) AS event
  ORDER BY e.seq
  LIMIT $limit`,
);

export const CHANGE_LOG_BOUNDS = cypher(
  'change-log-bounds',
  ['workspaceId'],
  `
  MATCH (h:_ChangeLogHead {workspaceId: $workspaceId})
  RETURN h.head AS head, h.horizon AS horizon`,
);

/**
 * The oldest events that occurred before `$before`, removed, and each workspace's horizon
 * raised past them.
 */
export const CHANGE_LOG_TRIM = cypher(
  'change-log-trim',
  ['before', 'limit'],
  `
  MATCH (e:_ChangeEvent)
  WHERE e.occurredAt < $before
  WITH e ORDER BY e.occurredAt LIMIT $limit
  WITH e.workspaceId AS workspaceId, max(e.seq) AS top, collect(e) AS gone
  OPTIONAL MATCH (h:_ChangeLogHead {workspaceId: workspaceId})
  FOREACH (head IN CASE WHEN h IS NULL THEN [] ELSE [h] END |
    SET head.horizon = CASE WHEN head.horizon > top THEN head.horizon ELSE top END)
  FOREACH (event IN gone | DELETE event)
  RETURN sum(size(gone)) AS removed`,
);

export const CHANGE_LOG_STATEMENTS = [
  CHANGE_LOG_APPEND,
  CHANGE_LOG_READ,
  CHANGE_LOG_BOUNDS,
  CHANGE_LOG_TRIM,
];
