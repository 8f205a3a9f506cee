import { createHash } from 'node:crypto';
import type { SortKey } from '../domain/graph';
import { InvalidCursorError } from '../errors';
import type { SortPosition } from '../ports/graph-store';
import { isCondition, type Filter, type RecordKind } from './model';

/**
 * Opaque list cursors (keyset pagination). A cursor holds the sort values and id of the last
 * item of a page, and a tag: a hash of those and of the list's binding (record kind,
 * filter, sort). Reusing a cursor with another filter or sort, or altering it, changes the
 * tag, and the cursor is refused (400 INVALID_CURSOR) instead of paging a list it was not
 * made for. The tag is a checksum, not a signature: whoever forges one can only start
 * their own list, in their own workspace, at a position of their choosing.
 */

/** Cursors longer than this are refused before decoding. */
export const MAX_CURSOR_LENGTH = 2048;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The rule that orders records with equal sort values. It is part of every binding, so a
 * cursor made under another tie rule is refused rather than continued at a position that
 * no longer means the same.
 */
const TIE_RULE = 'id-follows-last-key';

/**
 * What a cursor is bound to: the kind of record, the whole filter and the sort. The filter
 * in a canonical form: the items of an AND or OR group, and the values of an `in` list, in
 * one order, so that the same filter spelled in another order (parameters swapped) takes
 * the cursors of the first.
 */
export function listBinding<F extends string>(
  kind: RecordKind,
  filter: Filter | undefined,
  sort: readonly SortKey<F>[],
): string {
  const canonical = filter === undefined ? null : canonicalFilter(filter);
  return sha256(JSON.stringify([TIE_RULE, kind, canonical, sort])).toString('base64url');
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `filter` as JSON text, in the canonical order of `listBinding`. */
function canonicalFilter(filter: Filter): string {
  if (isCondition(filter)) {
    const value = Array.isArray(filter.value)
      ? filter.value.map((v) => JSON.stringify(v)).sort(byText)
      : JSON.stringify(filter.value);
    return JSON.stringify([filter.field, filter.op, filter.kind, value]);
  }
  const [group, items] = 'and' in filter ? ['and', filter.and] : ['or', filter.or];
  return JSON.stringify([group, items.map(canonicalFilter).sort(byText)]);
}

function tagOf(binding: string, values: readonly string[], id: string): string {
  return sha256(JSON.stringify([binding, values, id]))
    .subarray(0, 16)
    .toString('base64url');
}

/** The cursor that continues after `position` in the list of `binding`. */
export function encodeCursor(binding: string, position: SortPosition): string {
  const body = [position.values, position.id, tagOf(binding, position.values, position.id)];
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

const refused = () =>
  new InvalidCursorError(
    'The cursor is not valid for this list: pass nextCursor unchanged, with the same filter and sort it was returned with.',
  );

/** The position a cursor continues after; INVALID_CURSOR when it is not one of this list's. */
export function decodeCursor(binding: string, cursor: string, sortLength: number): SortPosition {
  if (
    cursor.length === 0 ||
    cursor.length > MAX_CURSOR_LENGTH ||
    !/^[A-Za-z0-9_-]+$/.test(cursor)
  ) {
    throw refused();
  }
  const bytes = Buffer.from(cursor, 'base64url');
  // Only the spelling encodeCursor writes: base64url ignores the unused low bits of a last
  // character, so an altered one could otherwise decode to the same bytes.
  if (bytes.toString('base64url') !== cursor) {
    throw refused();
  }
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(body) || body.length !== 3) {
    throw refused();
  }
  const [values, id, tag] = body as unknown[];
  if (
    !Array.isArray(values) ||
    values.length !== sortLength ||
    !values.every((v) => typeof v === 'string') ||
    typeof id !== 'string' ||
    typeof tag !== 'string' ||
    tag !== tagOf(binding, values, id)
  ) {
    throw refused();
  }
  return { values: values, id };
}
