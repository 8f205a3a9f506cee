/**
 * Builds a `POST /api/commands/batch` body. Each added command returns a reference to its
 * future result; passing that reference where a command names an existing record (`id` of
 * UPDATE_NODE, DELETE_NODE and DELETE_EDGE, `sourceId` and `targetId` of CREATE_EDGE) sends
 * `{ "$ref": n }`, which the service replaces with the id of command n's result.
 */
import type { components } from './generated/openapi';

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

  createNode(payload: CreateNodeInput): BatchRef<Node> {
    return this.add({ type: 'CREATE_NODE', payload });
  }

  updateNode(payload: UpdateNodeInput): BatchRef<Node> {
    return this.add({ type: 'UPDATE_NODE', payload });
  }

  deleteNode(payload: DeleteNodeInput): BatchRef<NodeDeleted> {
    return this.add({ type: 'DELETE_NODE', payload });
  }

  createEdge(payload: CreateEdgeInput): BatchRef<Edge> {
    return this.add({ type: 'CREATE_EDGE', payload });
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
