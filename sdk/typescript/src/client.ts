/**
 * `createClient`: one object per service, credential and workspace. `client.operations`
 * holds a typed method for every operation of docs/api/openapi.yaml; `nodes`, `edges` and
 * `commands` are the shorter way to the ontology.
 */
import type { TokenProvider } from './authorization';
import { BatchBuilder, BatchResult, type BatchCommand, type Edge, type Node } from './batch';
import { apiVersion, operationTable, type components } from './generated/openapi';
import type {
  ApiResult,
  CallOptions,
  CallParams,
  OperationId,
  OperationMethods,
  ParamsOptional,
} from './operation-types';
import {
  ingestInChunks,
  type IngestOptions,
  type IngestTotals,
  type SourcePoint,
} from './live-data';
import { parseNdjson, toNdjsonStream, type TransferLine } from './ndjson';
import { PageIterator, type ListOperationId } from './pagination';
import { streamEvents, type ChangeEvent, type StreamOptions } from './sse';
import type { RetryOptions } from './retry';
import { Transport, type FetchLike } from './transport';

type Schemas = components['schemas'];
type Query<K extends OperationId> = CallParams<K> extends { query?: infer Q } ? Q : never;
/** The parameters argument of operation `K`: optional when nothing in it is required. */
type ParamsArgument<K extends OperationId> =
  ParamsOptional<K> extends true ? [params?: CallParams<K>] : [params: CallParams<K>];

/** What `createClient` takes. */
export interface ClientOptions {
  /** Where the service listens, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** API key (`wos_...`) or OAuth access token (`woa_...`); or give `tokenProvider`. */
  apiKey?: string;
  /** Supplies the bearer token of each request: an `OAuthSession`, or your own. */
  tokenProvider?: TokenProvider;
  /** The workspace the client acts in (`x-workspace-id`); global routes do without. */
  workspaceId?: string;
  /** A `fetch` to use instead of the global one (proxies, tests). */
  fetch?: FetchLike;
  /** Retrying of 429, 503 and failed connections; `{ maxRetries: 0 }` turns it off. */
  retry?: RetryOptions;
}

/** A command as `POST /api/commands/execute` takes it. */
export type Command = Schemas['CommandRequest'];
/** The `data` of a command's answer. */
export type CommandOutcome = Schemas['CommandOutcome'];

/** What a command answered, and whether it was a replay of an earlier identical call. */
export interface ExecutedCommand {
  outcome: CommandOutcome;
  /** `Idempotent-Replayed: true`: the service answered from its record of the first call. */
  replayed: boolean;
}

type ExecuteOptions = Omit<CallOptions, 'headers'> & { headers?: Record<string, string> };

/** The client of one service, credential and workspace. */
export class WosClient {
  /** `info.version` of the OpenAPI document the client was generated from. */
  readonly apiVersion = apiVersion;
  /** A typed method for every operation of the API, named by its operationId. */
  readonly operations: OperationMethods;
  private readonly transport: Transport;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    const methods: Record<string, (params?: unknown) => Promise<unknown>> = {};
    for (const id of Object.keys(operationTable) as OperationId[]) {
      methods[id] = (params) => this.transport.call(id, params as CallParams<typeof id>);
    }
    this.operations = methods as OperationMethods;
  }

  /** Calls operation `id` (the same as `client.operations[id](params)`). */
  call<K extends OperationId>(id: K, ...params: ParamsArgument<K>): Promise<ApiResult<K>> {
    return this.transport.call(id, params[0]);
  }

  /** Every item of a list operation, fetched a page at a time as the iteration goes. */
  paginate<K extends ListOperationId>(id: K, ...params: ParamsArgument<K>): PageIterator<K> {
    return new PageIterator(
      id,
      (p) => this.transport.call(id, p),
      (params[0] ?? {}) as CallParams<K>,
    );
  }

  /** The credential: its kind, name, workspaces and scopes. */
  async me(): Promise<Schemas['Me']> {
    return (await this.call('getMe')).data;
  }

  /** The ontology's nodes. */
  readonly nodes = {
    /** Nodes matching `query`, by keyset cursor: `for await (const node of client.nodes.list())`. */
    list: (query?: Query<'listNodes'>) => this.paginate('listNodes', { query }),
    get: async (id: string): Promise<Node> => (await this.call('getNode', { path: { id } })).data,
    neighbors: async (id: string, query?: Query<'getNodeNeighbors'>) =>
      (await this.call('getNodeNeighbors', { path: { id }, query })).data,
    create: async (payload: Schemas['CreateNodeCommand']['payload'], options?: ExecuteOptions) =>
      (await this.commands.execute({ type: 'CREATE_NODE', payload }, options)).outcome
        .result as Node,
    update: async (payload: Schemas['UpdateNodeCommand']['payload'], options?: ExecuteOptions) =>
      (await this.commands.execute({ type: 'UPDATE_NODE', payload }, options)).outcome
        .result as Node,
    delete: async (payload: Schemas['DeleteNodeCommand']['payload'], options?: ExecuteOptions) =>
      (await this.commands.execute({ type: 'DELETE_NODE', payload }, options)).outcome
        .result as Schemas['NodeDeleted'],
  };

  /** The ontology's edges. */
  readonly edges = {
    /** Edges matching `query`, by keyset cursor. */
    list: (query?: Query<'listEdges'>) => this.paginate('listEdges', { query }),
    get: async (id: string): Promise<Edge> => (await this.call('getEdge', { path: { id } })).data,
    create: async (payload: Schemas['CreateEdgeCommand']['payload'], options?: ExecuteOptions) =>
      (await this.commands.execute({ type: 'CREATE_EDGE', payload }, options)).outcome
        .result as Edge,
    delete: async (payload: Schemas['DeleteEdgeCommand']['payload'], options?: ExecuteOptions) =>
      (await this.commands.execute({ type: 'DELETE_EDGE', payload }, options)).outcome
        .result as Schemas['EdgeDeleted'],
  };

  /**
   * Commands and batches. Each call carries an Idempotency-Key (a new UUID unless
   * `idempotencyKey` is given), so a call retried after a lost answer is applied once.
   */
  readonly commands = {
    execute: async (command: Command, options: ExecuteOptions = {}): Promise<ExecutedCommand> => {
      const result = await this.call('executeCommand', { ...options, body: command });
      return { outcome: result.data, replayed: isReplay(result.headers) };
    },
    /** A new, empty batch; send it with `client.commands.batch(builder)`. */
    newBatch: (): BatchBuilder => new BatchBuilder(),
    /** Applies the commands in order, in one transaction: all of them or none. */
    batch: async (
      commands: BatchBuilder | readonly BatchCommand[],
      options: ExecuteOptions = {},
    ): Promise<BatchResult> => {
      const list = commands instanceof BatchBuilder ? commands.commands() : commands;
      const body: Schemas['BatchRequest'] = { commands: [...list] };
      const result = await this.call('executeCommandBatch', { ...options, body });
      return new BatchResult(result.data.batchId, result.data.results, isReplay(result.headers));
    },
    undo: async (options?: ExecuteOptions) =>
      (await this.commands.execute({ type: 'UNDO' }, options)).outcome,
    redo: async (options?: ExecuteOptions) =>
      (await this.commands.execute({ type: 'REDO' }, options)).outcome,
  };

  /** Read-only Cypher (`POST /api/queries/cypher`), rows as objects keyed by column. */
  async cypher(query: string, parameters?: Record<string, unknown>): Promise<CypherResult> {
    const { data, meta } = await this.call('runCypher', { body: { query, parameters } });
    const rows = data.rows.map((row) =>
      Object.fromEntries(data.columns.map((column, i) => [column, row[i]])),
    );
    return { columns: data.columns, rows, meta };
  }

  /** Semantic and hybrid (vector + graph) search over the workspace's nodes. */
  readonly search = {
    semantic: async (
      query: string,
      options: Omit<Schemas['SearchRequest'], 'query'> = {},
    ): Promise<Schemas['SearchHit'][]> =>
      (await this.call('semanticSearch', { body: { ...options, query } })).data,
    hybrid: async (query: string, options: Omit<Schemas['HybridSearchRequest'], 'query'> = {}) =>
      (await this.call('hybridSearch', { body: { ...options, query } })).data,
    status: async () => (await this.call('getSearchIndexStatus')).data,
  };

  /** Live-data points. */
  readonly liveData = {
    /**
     * Sends any number of points (each naming its `sourceId`), in order, in requests of at
     * most 10,000 points and 100 sources; resolves with the points accepted and the requests
     * sent. A refused chunk stops the upload with an `IngestChunkError`: the chunks before
     * it are stored, nothing of it. Chunks are retried after a 429, 503 or lost answer: the
     * route is idempotent.
     */
    ingest: (
      points: Iterable<SourcePoint> | AsyncIterable<SourcePoint>,
      options?: IngestOptions,
    ): Promise<IngestTotals> =>
      ingestInChunks(
        async (body, signal) => (await this.call('ingestLiveData', { body, signal })).data.accepted,
        points,
        options,
      ),
  };

  /** The change feed. */
  readonly events = {
    /** The feed's events a page at a time (`GET /api/events`). */
    list: (query?: Query<'listEvents'>) => this.paginate('listEvents', { query }),
    /**
     * The feed as Server-Sent Events, for ever: `for await (const event of
     * client.events.stream({ after }))`. Reconnects after a dropped connection or an
     * `event: disconnect` with `Last-Event-ID`, after the wait the service asked for, so
     * every event comes once, in order. Break out of the loop (or abort) to stop.
     */
    stream: (options: StreamOptions = {}): AsyncGenerator<ChangeEvent> =>
      streamEvents(async (query, headers, signal) => {
        const result = await this.call('streamEvents', { query, headers, signal });
        return result.data;
      }, options),
  };

  /** The workspace as NDJSON records: export and import, both streamed. */
  readonly transfer = {
    /**
     * Every line of `GET /api/export`, parsed as it arrives: the workspace, its types and
     * settings, every node, every edge, and the `end` line with the counts. Stopping the
     * loop early closes the connection.
     */
    export: (options: { signal?: AbortSignal } = {}): AsyncIterable<TransferLine> => {
      const call = () => this.call('exportWorkspace', options);
      return {
        async *[Symbol.asyncIterator]() {
          const { data } = await call();
          yield* parseNdjson(data) as AsyncGenerator<TransferLine>;
        },
      };
    },
    /**
     * Uploads records to `POST /api/imports` as they are produced (an export of another
     * workspace, or lines of your own ending with the `end` line), and resolves with the
     * import's record: its status, counts and errors.
     */
    import: async (
      lines: Iterable<TransferLine> | AsyncIterable<TransferLine>,
      options: { validateRecords?: boolean; signal?: AbortSignal } = {},
    ): Promise<Schemas['Import']> => {
      const { validateRecords, signal } = options;
      const query = { validateRecords };
      const body = toNdjsonStream(lines);
      return (await this.call('startImport', { body, query, signal })).data;
    },
  };
}

/** A Cypher answer with each row as an object keyed by column. */
export interface CypherResult {
  columns: string[];
  rows: Record<string, unknown>[];
  meta: Schemas['CypherEnvelope']['meta'];
}

function isReplay(headers: Headers): boolean {
  return headers.get('idempotent-replayed') === 'true';
}

/** A client of the service at `options.baseUrl`, acting as `options.apiKey`. */
export function createClient(options: ClientOptions): WosClient {
  return new WosClient(options);
}
