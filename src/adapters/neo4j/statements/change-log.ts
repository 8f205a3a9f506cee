import { cypher, oldestBeforeText } from '../statement';

/**
 * The change log (docs/events.md). The events a transaction appends are stored together,
 * up to a thousand in one `(:_ChangeEvent {workspaceId, seq, count, occurredAt, ids, types,
 * subjectTypes, subjectTypesBefore, subjectIds, bodies})` node: one record and one index
 * entry per block instead of per event, which is most of the cost of the feed when a batch
 * writes a thousand records. A block holds the events `seq - count + 1` to `seq` (seq is
 * its last event's, so a read after a cursor finds a block it has begun by the same index
 * seek), all of one time; the lists hold their fields in order, '' in `subjectTypes` and
 * `subjectTypesBefore` for none (no type name is empty; lists cannot hold null), `bodies`
 * the JSON of each one's actor, cause and record images. A node without `count` is one
 * event of an earlier layout, `(:_ChangeEvent {workspaceId, seq, id, type, occurredAt,
 * subjectType, subjectTypeBefore, subjectId, body})`; reads take both. `seq` comes from
 * the workspace's `(:_ChangeLogHead)`, whose write lock is taken before its count is read
 * and held until the transaction commits: the workspace's appends are serialized, so seq
 * order is commit order and no number is used twice. `horizon` on the head is the seq
 * through which retention removed events.
 */

export const CHANGE_LOG_APPEND = cypher(
  'change-log-append',
  ['workspaceId', 'count', 'blocks'],
  `
  MERGE (h:_ChangeLogHead {workspaceId: $workspaceId})
  ON CREATE SET h.head = 0, h.horizon = 0
  SET h.\`~lock\` = true
  REMOVE h.\`~lock\`
  WITH h
  SET h.head = h.head + $count
  WITH h, h.head - $count AS base
  FOREACH (block IN $blocks |
    CREATE (:_ChangeEvent {
      workspaceId: $workspaceId, seq: base + block.last, count: size(block.ids),
      occurredAt: block.occurredAt, ids: block.ids, types: block.types,
      subjectTypes: block.subjectTypes, subjectTypesBefore: block.subjectTypesBefore,
      subjectIds: block.subjectIds, bodies: block.bodies
    }))
  RETURN h.head AS head`,
);

/**
 * The blocks (and single events) holding the events after `$after`, in seq order, each
 * with at most `$limit` of its events from the first after `$after` on (`first` is that
 * one's seq): `$limit` blocks hold at least `$limit` such events, when there are that many.
 */
export const CHANGE_LOG_READ = cypher(
  'change-log-read',
  ['workspaceId', 'after', 'limit'],
  `
  MATCH (e:_ChangeEvent {workspaceId: $workspaceId})
  WHERE e.seq > $after
  WITH e
  ORDER BY e.seq
  LIMIT $limit
  WITH e, CASE WHEN e.count IS NULL OR e.seq - e.count >= $after THEN 0
               ELSE $after - e.seq + e.count END AS skip
  RETURN CASE WHEN e.count IS NULL THEN properties(e) ELSE e {
           .workspaceId, .occurredAt, first: e.seq - e.count + 1 + skip,
           ids: e.ids[skip..skip + $limit], types: e.types[skip..skip + $limit],
           subjectTypes: e.subjectTypes[skip..skip + $limit],
           subjectTypesBefore: e.subjectTypesBefore[skip..skip + $limit],
           subjectIds: e.subjectIds[skip..skip + $limit], bodies: e.bodies[skip..skip + $limit]
         } END AS event
  ORDER BY e.seq`,
);

export const CHANGE_LOG_BOUNDS = cypher(
  'change-log-bounds',
  ['workspaceId'],
  `
  MATCH (h:_ChangeLogHead {workspaceId: $workspaceId})
  RETURN h.head AS head, h.horizon AS horizon`,
);

/**
 * The oldest blocks of events that occurred before `$before` (every event of a block
 * occurred at one time), removed: as many as hold at most `$limit` events, at least one;
 * each workspace's horizon raised past them. Returns the number of events removed.
 */
export const CHANGE_LOG_TRIM = cypher(
  'change-log-trim',
  ['before', 'limit'],
  `${oldestBeforeText('e', '_ChangeEvent', 'occurredAt')}
  WITH collect(e) AS oldest
  WITH oldest,
       reduce(through = [0], x IN oldest | through + (last(through) + coalesce(x.count, 1)))
         AS through
  UNWIND [i IN range(0, size(oldest) - 1) WHERE i = 0 OR through[i + 1] <= $limit] AS i
  WITH oldest[i] AS e
  WITH e.workspaceId AS workspaceId, max(e.seq) AS top, collect(e) AS gone,
       sum(coalesce(e.count, 1)) AS events
  OPTIONAL MATCH (h:_ChangeLogHead {workspaceId: workspaceId})
  FOREACH (head IN CASE WHEN h IS NULL THEN [] ELSE [h] END |
    SET head.horizon = CASE WHEN head.horizon > top THEN head.horizon ELSE top END)
  FOREACH (event IN gone | DELETE event)
  RETURN sum(events) AS removed`,
);

export const CHANGE_LOG_STATEMENTS = [
  CHANGE_LOG_APPEND,
  CHANGE_LOG_READ,
  CHANGE_LOG_BOUNDS,
  CHANGE_LOG_TRIM,
];
