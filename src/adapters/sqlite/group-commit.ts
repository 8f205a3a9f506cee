import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from 'better-sqlite3';
import type { StoreOutageLog } from '../outage-log';
import { isSqliteOutage } from './outage';
import type { WalSync } from './wal-sync';

/** Most transactions that share one BEGIN IMMEDIATE ... COMMIT (bounds a caller's latency). */
export const MAX_GROUP = 64;

/** Savepoint each member of a group runs in. */
const MEMBER_SAVEPOINT = 'group_commit_member';

/** One transaction waiting in (or run by) a group commit. */
export interface GroupMember {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  /** True while `work` runs; calls to `transaction`/`exclusive` from inside it would deadlock. */
  running: boolean;
  /** Answered only once the commit is durable (see WriteOptions). */
  durable: boolean;
}

/** What a group needs of the database that runs it (see SqliteDatabase). */
export interface GroupCommitContext {
  writer: Database;
  /** Makes commits durable after the fact; null when the writer syncs every commit itself. */
  walSync: WalSync | null;
  outages: StoreOutageLog | null;
  /** Which member's work the current async context belongs to; null in production. */
  current: AsyncLocalStorage<GroupMember> | null;
  /** Reports `error` to the outage log when it means the store is unusable. */
  noteFailure: (error: unknown) => void;
}

type MemberOutcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Runs `members` in one BEGIN IMMEDIATE ... COMMIT and settles them; returns the members
 * not run yet if the shared transaction was lost on the way (they get a fresh one).
 */
export async function runBatch(
  context: GroupCommitContext,
  members: GroupMember[],
): Promise<GroupMember[]> {
  const { writer, walSync, outages } = context;
  try {
    writer.exec('BEGIN IMMEDIATE');
  } catch (error) {
    context.noteFailure(error);
    for (const member of members) {
      member.reject(error);
    }
    return [];
  }
  const done: [GroupMember, MemberOutcome][] = [];
  // A member refused for the store's sake (a full disk) is no sign of recovery, even if
  // smaller members of the same group fitted.
  let outage = false;
  for (const [index, member] of members.entries()) {
    // Alone in its transaction, a member needs no savepoint: ROLLBACK undoes just it.
    const outcome = await runMember(context, member, members.length > 1);
    done.push([member, outcome]);
    if (!outcome.ok && isSqliteOutage(outcome.error)) {
      outage = true;
      context.noteFailure(outcome.error);
    }
    if (!writer.inTransaction) {
      // SQLite (or the work) ended the shared transaction: the members run so far lost
      // their changes. The rest run in a new transaction.
      const lost = new Error(
        'transaction rolled back: the shared group-commit transaction was aborted',
        { cause: outcome.ok ? undefined : outcome.error },
      );
      settle(done, lost);
      return members.slice(index + 1);
    }
  }
  try {
    writer.exec('COMMIT');
  } catch (error) {
    context.noteFailure(error);
    if (writer.inTransaction) {
      try {
        writer.exec('ROLLBACK');
      } catch {
        // The connection reports the transaction gone either way.
      }
    }
    settle(done, error);
    return [];
  }
  if (!outage && (!walSync || done.every(([member]) => !member.durable))) {
    outages?.succeeded();
  }
  const durable = walSync ? done.filter(([member]) => member.durable) : [];
  if (durable.length > 0 && walSync) {
    settle(
      done.filter(([member]) => !member.durable),
      null,
    );
    // Answer once the commit is durable, without holding the writer meanwhile: the next
    // group runs (and commits) while this one's sync is in flight.
    walSync.flush().then(
      () => {
        if (!outage) {
          outages?.succeeded();
        }
        settle(durable, null);
      },
      (error: unknown) => {
        context.noteFailure(error);
        settle(durable, error);
      },
    );
  } else {
    settle(done, null);
  }
  return [];
}

/**
 * Runs one member inside the open group transaction, in its own SAVEPOINT if `savepoint`;
 * on failure undoes the member's changes (without a savepoint: the whole transaction).
 */
async function runMember(
  context: GroupCommitContext,
  member: GroupMember,
  savepoint: boolean,
): Promise<MemberOutcome> {
  const { writer, current } = context;
  if (savepoint) {
    try {
      writer.exec(`SAVEPOINT ${MEMBER_SAVEPOINT}`);
    } catch (error) {
      return { ok: false, error };
    }
  }
  member.running = true;
  try {
    const value = await (current ? current.run(member, member.work) : member.work());
    member.running = false;
    if (savepoint) {
      writer.exec(`RELEASE ${MEMBER_SAVEPOINT}`);
    }
    return { ok: true, value };
  } catch (error) {
    member.running = false;
    if (writer.inTransaction) {
      try {
        if (savepoint) {
          writer.exec(`ROLLBACK TO ${MEMBER_SAVEPOINT}`);
          writer.exec(`RELEASE ${MEMBER_SAVEPOINT}`);
        } else {
          writer.exec('ROLLBACK');
        }
      } catch {
        // Cannot undo this member alone: abort the whole group transaction.
        try {
          writer.exec('ROLLBACK');
        } catch {
          // Reported through writer.inTransaction by the caller.
        }
      }
    }
    return { ok: false, error };
  }
}

/**
 * Answers each member: a failed work gets its own error; a successful one its value, or
 * `failure` when the shared transaction did not commit.
 */
function settle(done: readonly [GroupMember, MemberOutcome][], failure: unknown): void {
  for (const [member, outcome] of done) {
    if (!outcome.ok) {
      member.reject(outcome.error);
    } else if (failure !== null) {
      member.reject(failure);
    } else {
      member.resolve(outcome.value);
    }
  }
}
