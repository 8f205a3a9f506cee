/**
 * Builds a `POST /api/commands/batch` body. Each added command returns a reference to its
 * future result; passing that reference where a command names an existing record (`id` of
 * UPDATE_NODE, DELETE_NODE and DELETE_EDGE, `sourceId` and `targetId` of CREATE_EDGE) sends
 * `{ "$ref": n }`, which the service replaces with the id of command n's result.
 */
import type { components } from './generated/openapi';
import type { EntityTypeApi, RelationshipTypeApi } from './typed';

type Schemas = components['schemas'];
export type Node = Schemas['Node'];
export type Edge = Schemas['Edge'];
export type NodeDeleted = Schemas['NodeDeleted'];
export type EdgeDeleted = Schemas['EdgeDeleted'];

declare const resultType: unique symbol;

/** The result of command `$ref` of a batch, for use in a later command of the same batch. */
export interface BatchRef<T = unknown> {
  readonly $ref: number;
  /** Type of the referenced result (compile time only). */
  readonly [resultType]?: T;
}

/** An id, or a reference to the result of an earlier command of the batch. */
export type IdOrRef = string | BatchRef;

/**
 * A batch payload of the contract with its `$ref`-taking fields narrowed to `IdOrRef`: the
 * contract takes any `{ "$ref": n }` there, the builder only references it handed out.
 */
type WithRefs<P, Fields extends keyof P> = Omit<P, Fields> & { [F in Fields]: IdOrRef };

export type CreateNodeInput = Schemas['CreateNodeCommand']['payload'];
export type UpdateNodeInput = WithRefs<Schemas['BatchUpdateNodeCommand']['payload'], 'id'>;
export type DeleteNodeInput = WithRefs<Schemas['BatchDeleteNodeCommand']['payload'], 'id'>;
export type CreateEdgeInput = WithRefs<
  Schemas['BatchCreateEdgeCommand']['payload'],
  'sourceId' | 'targetId'
>;
export type DeleteEdgeInput = WithRefs<Schemas['BatchDeleteEdgeCommand']['payload'], 'id'>;

/** One command of a batch as sent. */
export type BatchCommand =
  | { type: 'CREATE_NODE'; payload: CreateNodeInput }
  | { type: 'UPDATE_NODE'; payload: UpdateNodeInput }
  | { type: 'DELETE_NODE'; payload: DeleteNodeInput }
  | { type: 'CREATE_EDGE'; payload: CreateEdgeInput }
  | { type: 'DELETE_EDGE'; payload: DeleteEdgeInput };

/** Most commands one batch may carry. */
export const MAX_BATCH_COMMANDS = 1000;

/** Collects commands for one batch, in order. */
export class BatchBuilder {
  private readonly items: BatchCommand[] = [];

  /** Number of commands added so far. */
  get length(): number {
    return this.items.length;
  }

  /**
   * CREATE_NODE: untyped (`{ entityType, name, properties }`), or typed by a helper of a
   * module `wos-sdk generate` wrote (`createNode(Pump, 'Feed pump', { serial: 'P-0001' })`),
   * whose properties the compiler checks and whose reference resolves to the typed node.
   */
  createNode(payload: CreateNodeInput): BatchRef<Node>;
  createNode<P extends object, U extends object, F extends object, R>(
    type: EntityTypeApi<P, U, F, R>,
    name: string,
    properties: NoInfer<P>,
    options?: { id?: string },
  ): BatchRef<R>;
  createNode(
    first: CreateNodeInput | EntityTypeApi<object, object, object, unknown>,
    name?: string,
    properties?: object,
    options?: { id?: string },
  ): BatchRef<unknown> {
    return isTypeApi(first)
      ? this.add(first.createCommand(name ?? '', properties ?? {}, options))
      : this.add({ type: 'CREATE_NODE', payload: first });
  }

  /**
   * UPDATE_NODE: untyped (`{ id, properties }`), or typed by a generated entity type helper
   * (`updateNode(Pump, pump, { rpm: 1450 })`; `null` removes an optional property).
   */
  updateNode(payload: UpdateNodeInput): BatchRef<Node>;
  updateNode<P extends object, U extends object, F extends object, R>(
    type: EntityTypeApi<P, U, F, R>,
    id: IdOrRef,
    properties: NoInfer<U>,
    options?: { expectedVersion?: number },
  ): BatchRef<R>;
  updateNode(
    first: UpdateNodeInput | EntityTypeApi<object, object, object, unknown>,
    id?: IdOrRef,
    properties?: object,
    options?: { expectedVersion?: number },
  ): BatchRef<unknown> {
    return isTypeApi(first)
      ? this.add(first.updateCommand(id ?? '', properties ?? {}, options))
      : this.add({ type: 'UPDATE_NODE', payload: first });
  }

  deleteNode(payload: DeleteNodeInput): BatchRef<NodeDeleted> {
    return this.add({ type: 'DELETE_NODE', payload });
  }

  /**
   * CREATE_EDGE: untyped (`{ type, sourceId, targetId, properties }`), or typed by a
   * generated relationship type helper (`createEdge(Feeds, pump, tank, { flow: 2.5 })`).
   */
  createEdge(payload: CreateEdgeInput): BatchRef<Edge>;
  createEdge<P extends object, F extends object, R>(
    type: RelationshipTypeApi<P, F, R>,
    sourceId: IdOrRef,
    targetId: IdOrRef,
    properties: NoInfer<P>,
    options?: { id?: string },
  ): BatchRef<R>;
  createEdge(
    first: CreateEdgeInput | RelationshipTypeApi<object, object, unknown>,
    sourceId?: IdOrRef,
    targetId?: IdOrRef,
    properties?: object,
    options?: { id?: string },
  ): BatchRef<unknown> {
    return isTypeApi(first)
      ? this.add(first.createCommand(sourceId ?? '', targetId ?? '', properties ?? {}, options))
      : this.add({ type: 'CREATE_EDGE', payload: first });
  }

  deleteEdge(payload: DeleteEdgeInput): BatchRef<EdgeDeleted> {
    return this.add({ type: 'DELETE_EDGE', payload });
  }

  /** The commands added, as the batch body holds them. */
  commands(): readonly BatchCommand[] {
    return [...this.items];
  }

  private add<T>(command: BatchCommand): BatchRef<T> {
    if (this.items.length >= MAX_BATCH_COMMANDS) {
      throw new RangeError(`a batch holds at most ${MAX_BATCH_COMMANDS} commands`);
    }
    this.items.push(command);
    return { $ref: this.items.length - 1 };
  }
}

/** Whether `value` is a generated type helper rather than a payload. */
function isTypeApi<T extends { createCommand: unknown }>(value: object | T): value is T {
  return typeof (value as { createCommand?: unknown }).createCommand === 'function';
}

/** The answer of a batch, with the result of each command reachable by its reference. */
export class BatchResult {
  constructor(
    /** Id of the batch in the caller's history (what UNDO reports as `commandId`). */
    readonly batchId: string,
    /** Each command's result, in order. */
    readonly results: Schemas['BatchItemResult'][],
    /** Whether the answer is a replay of an earlier one with the same Idempotency-Key. */
    readonly replayed: boolean,
  ) {}

  /** The result of the command `ref` stands for. */
  get<T>(ref: BatchRef<T>): T {
    const item = this.results[ref.$ref];
    if (!item) {
      throw new RangeError(`the batch has no command ${ref.$ref}`);
    }
    return item.result as T;
  }
}
