import { createHash } from 'node:crypto';
import { actorOf } from '../domain/change-events';
import { newTimeOrderedId } from '../domain/ids';
import type { Scope } from '../domain/scopes';
import { AppError, BatchItemError, InsufficientScopeError } from '../errors';
import type { Clock } from '../ports/clock';
import type { CommandType } from '../ports/command-log';
import { applyBatch, type BatchResponse, type NewLogEntry } from './batch';
import type { BatchItem } from './batch-input';
import { TypeEnforcer } from '../ontology/enforcer';
import { SchemaCache } from '../ontology/schema-cache';
import type { GraphStore, UnitOfWork } from '../ports/graph-store';
import type { CommandContext } from './context';
import { COMMAND_SCOPES, dispatch } from './dispatch';
import type { CommandTimer } from '../metrics/operation-metrics';
import type { Command } from './schemas';

/** The response of a command: what the route sends as `data`, and its status. */
export interface CommandResponse {
  status: number;
  data: { commandId: string; type: CommandType; result: unknown };
  /** True when this is a replay of an earlier response for the same Idempotency-Key. */
  replayed: boolean;
}

export interface ExecuteOptions {
  workspaceId: string;
  actorId: string;
  scopes: readonly Scope[];
  idempotencyKey?: string;
  /**
   * false: the actor can never send UNDO or REDO (a webhook connector), so its commands get
   * no log entry, which exists only to undo them, and leave the redo stack alone. UNDO or
   * REDO itself is refused then. Default true.
   */
  undoable?: boolean;
}

/** What `CommandService.transaction` hands its work. */
export interface CommandTransaction {
  /** The open transaction, for other stores of the same engine. */
  readonly uow: UnitOfWork;
  /** Applies one command inside the transaction; its failure rolls everything back. */
  execute(command: Command): Promise<CommandResponse>;
}

export interface CommandServiceOptions {
  /** How many of an actor's commands stay undoable (per workspace). */
  historyDepth: number;
  /** How long an Idempotency-Key is remembered. */
  idempotencyTtlMs: number;
  /**
   * Compiled ontology schemas, shared with the other writers of records of the process
   * (ontology changes, imports); a cache of its own when omitted.
   */
  schemas?: SchemaCache;
}

const PURGE_EVERY_MS = 60 * 60 * 1000;
/** An actor's log is trimmed to the history depth on every TRIM_EVERY-th command. */
const TRIM_EVERY = 32;
/** Bound on the per-actor trim counters kept in memory. */
const MAX_TRACKED_ACTORS = 10_000;

/** The scope a record command needs (UNDO/REDO check the inverted command's scope later). */
function requireScope(command: Command, scopes: readonly Scope[]): void {
  if (command.type !== 'UNDO' && command.type !== 'REDO') {
    const scope = COMMAND_SCOPES[command.type];
    if (!scopes.includes(scope)) {
      throw new InsufficientScopeError(scope);
    }
  }
}

/**
 * Executes commands: scope check, idempotency, then the handler, its log entry and the
 * redo-stack reset, all in one store transaction. The actor's log is trimmed to the history
 * depth now and then (see `trimDue`).
 */
export class CommandService {
  private readonly lastPurge = new Map<string, number>();
  /** Logged commands per (workspace, actor) since that actor's log was last trimmed. */
  private readonly sinceTrim = new Map<string, number>();
  private readonly schemas: SchemaCache;

  constructor(
    private readonly graph: GraphStore,
    private readonly clock: Clock,
    private readonly options: CommandServiceOptions,
    /** Times each command by type (`command_duration_seconds`); none when absent. */
    private readonly metrics?: CommandTimer,
  ) {
    this.schemas = options.schemas ?? new SchemaCache();
  }

  async execute(command: Command, opts: ExecuteOptions): Promise<CommandResponse> {
    requireScope(command, opts.scopes);
    const nowMs = this.clock.now();
    const now = new Date(nowMs).toISOString();
    const requestHash = opts.idempotencyKey ? hashRequest(command) : '';
    const done = this.metrics?.commandTimer(command.type);
    try {
      return await this.graph.transaction(opts.workspaceId, (uow) =>
        this.idempotent(uow, opts, requestHash, nowMs, () =>
          this.apply(this.contextOf(uow, opts, now), command, opts),
        ),
      );
    } finally {
      done?.();
    }
  }

  /**
   * Applies every command of a batch in order in ONE store transaction: all of them, or
   * none when one fails (a BatchItemError naming it). Scopes are checked for every command
   * before anything runs. The batch is one command-log entry, so UNDO takes it back as one
   * step and REDO re-applies it as one; one Idempotency-Key covers the whole batch.
   */
  async executeBatch(items: readonly BatchItem[], opts: ExecuteOptions): Promise<BatchResponse> {
    items.forEach((item, index) => {
      try {
        requireScope(item.command, opts.scopes);
      } catch (error) {
        throw error instanceof AppError
          ? new BatchItemError(index, item.command.type, error)
          : error;
      }
    });
    const nowMs = this.clock.now();
    const now = new Date(nowMs).toISOString();
    const requestHash = opts.idempotencyKey ? hashRequest({ batch: items }) : '';
    const done = this.metrics?.commandTimer('BATCH');
    try {
      return await this.graph.transaction(opts.workspaceId, (uow) =>
        this.idempotent(uow, opts, requestHash, nowMs, () =>
          applyBatch(this.contextOf(uow, opts, now), items, (entry) => this.log(uow, opts, entry)),
        ),
      );
    } finally {
      done?.();
    }
  }

  /**
   * Inside `uow`: the stored response when the Idempotency-Key was seen (with the same
   * request) within its lifetime, else `run`'s response, saved under the key.
   */
  private async idempotent<D>(
    uow: UnitOfWork,
    opts: ExecuteOptions,
    requestHash: string,
    nowMs: number,
    run: () => Promise<{ status: number; data: D; replayed: boolean }>,
  ): Promise<{ status: number; data: D; replayed: boolean }> {
    const key = opts.idempotencyKey;
    if (!key) {
      return run();
    }
    await this.purgeIdempotencyIfDue(opts.workspaceId, uow.log, nowMs);
    const previous = await uow.log.getIdempotency(opts.actorId, key);
    if (previous && Date.parse(previous.createdAt) > nowMs - this.options.idempotencyTtlMs) {
      if (previous.requestHash !== requestHash) {
        throw new AppError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used with a different request.',
        );
      }
      return { status: previous.status, data: previous.response as D, replayed: true };
    }
    const response = await run();
    await uow.log.saveIdempotency({
      actorId: opts.actorId,
      key,
      requestHash,
      status: response.status,
      response: response.data,
      createdAt: new Date(nowMs).toISOString(),
    });
    return response;
  }

  /**
   * Runs `work` in ONE store transaction for server-side work that writes several records
   * at once, possibly with records of its own (webhook ingestion: the event record, its node
   * and its edge). `tx.execute` applies a record command inside it exactly as `execute`
   * would (scope check, handler, log entry; no Idempotency-Key), and `tx.uow` reaches the
   * transaction for other stores of the same engine. Everything commits together, or
   * nothing does when `work` throws; each command still gets its own log entry, so each is
   * undone on its own, newest first.
   */
  transaction<T>(
    opts: Omit<ExecuteOptions, 'idempotencyKey'>,
    work: (tx: CommandTransaction) => Promise<T>,
  ): Promise<T> {
    const now = new Date(this.clock.now()).toISOString();
    return this.graph.transaction(opts.workspaceId, (uow) => {
      const ctx = this.contextOf(uow, opts, now);
      return work({
        uow,
        execute: (command) => {
          requireScope(command, opts.scopes);
          return this.apply(ctx, command, opts);
        },
      });
    });
  }

  /**
   * Runs one command in the transaction of `ctx`: the handler, then (for an actor that can
   * undo) its log entry and the redo-stack reset.
   */
  private async apply(
    ctx: CommandContext,
    command: Command,
    opts: Omit<ExecuteOptions, 'idempotencyKey'>,
  ): Promise<CommandResponse> {
    if (opts.undoable === false && (command.type === 'UNDO' || command.type === 'REDO')) {
      throw new Error(`${command.type} run for an actor whose commands are not logged`);
    }
    const now = ctx.now;
    const commandId = newTimeOrderedId(Date.parse(now));
    ctx.uow.feed?.attribute(actorOf(opts.actorId), { commandId });
    const outcome = await dispatch(ctx, command);
    if (command.type !== 'UNDO' && command.type !== 'REDO') {
      await this.log(ctx.uow, opts, {
        id: commandId,
        type: command.type,
        scopes: [COMMAND_SCOPES[command.type]],
        changes: outcome.changes,
        result: outcome.result,
        createdAt: now,
      });
    }
    const data = { commandId, type: command.type, result: outcome.result };
    return { status: outcome.status, data, replayed: false };
  }

  private contextOf(
    uow: UnitOfWork,
    opts: Omit<ExecuteOptions, 'idempotencyKey'>,
    now: string,
  ): CommandContext {
    return {
      workspaceId: opts.workspaceId,
      actorId: opts.actorId,
      scopes: opts.scopes,
      historyDepth: this.options.historyDepth,
      now,
      uow,
      types: new TypeEnforcer(uow, opts.workspaceId, this.schemas),
    };
  }

  /**
   * For an actor that can undo: appends the log entry of a command (or batch) that just
   * ran, clears the actor's redo stack, and trims the log when due.
   */
  private async log(
    uow: UnitOfWork,
    opts: Omit<ExecuteOptions, 'idempotencyKey'>,
    entry: NewLogEntry,
  ): Promise<void> {
    if (opts.undoable === false) {
      return;
    }
    await uow.log.discardUndone(opts.actorId);
    await uow.log.append({
      ...entry,
      workspaceId: opts.workspaceId,
      actorId: opts.actorId,
      state: 'applied',
      updatedAt: entry.createdAt,
    });
    if (this.trimDue(opts.workspaceId, opts.actorId)) {
      await uow.log.trim(opts.actorId, this.options.historyDepth);
    }
  }

  /**
   * True on every TRIM_EVERY-th logged command of an actor (per process). Trimming on every
   * command cost a DELETE with a 100-row index walk each time; the log may now hold up to
   * TRIM_EVERY - 1 entries beyond the history depth, which UNDO ignores (it stops at the
   * depth on its own), so what users can undo is unchanged.
   */
  private trimDue(workspaceId: string, actorId: string): boolean {
    const key = `${workspaceId}\u0000${actorId}`;
    const count = (this.sinceTrim.get(key) ?? 0) + 1;
    if (count < TRIM_EVERY) {
      this.sinceTrim.set(key, count);
      return false;
    }
    this.sinceTrim.delete(key);
    if (this.sinceTrim.size > MAX_TRACKED_ACTORS) {
      // Forgetting counts only delays some trims; the log stays bounded by the next ones.
      this.sinceTrim.clear();
    }
    return true;
  }

  private async purgeIdempotencyIfDue(
    workspaceId: string,
    log: { purgeIdempotency(before: string): Promise<number> },
    nowMs: number,
  ): Promise<void> {
    const last = this.lastPurge.get(workspaceId) ?? 0;
    if (nowMs - last < PURGE_EVERY_MS) {
      return;
    }
    this.lastPurge.set(workspaceId, nowMs);
    await log.purgeIdempotency(new Date(nowMs - this.options.idempotencyTtlMs).toISOString());
  }
}

/** SHA-256 of the request with object keys sorted, so key order does not matter. */
function hashRequest(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
