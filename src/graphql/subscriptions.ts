import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Disposable } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import { AppError } from '../errors';
import { admit, type Admitted, type GuardDeps } from '../http/middleware/guard';
import type { GraphQLContext } from './context';
import { formatGraphQLError } from './errors';
import { MAX_TOKENS, operationDepth } from './limits';
import type { GraphQLServices } from './schema';
import { buildServedSchema, type GraphQLSettings } from './server';

/** The WebSocket subprotocol of graphql-ws (the only one served). */
const PROTOCOL = 'graphql-transport-ws';
/** Bytes of one client message at most (a subscribe message is a small document). */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** Subscriptions open at once on one connection at most. */
const MAX_SUBSCRIPTIONS_PER_CONNECTION = 16;
/** The client must send connection_init within this long. */
const INIT_TIMEOUT_MS = 10_000;

export interface SubscriptionServerDeps {
  services: GraphQLServices;
  settings: GraphQLSettings;
  guard: GuardDeps;
  logger: Logger;
  /** Connections open at once at most; more are refused at the upgrade (503). */
  maxConnections: number;
}

/** What the server keeps per connection once it is admitted. */
interface ConnectionState {
  admitted?: Admitted & { workspaceId: string };
  subscriptions: number;
}

/**
 * GraphQL subscriptions over WebSocket (the graphql-transport-ws protocol of graphql-ws)
 * on the same /graphql path as queries (docs/graphql.md, "Subscriptions"). The client is
 * admitted as an HTTP request is: the credential and x-workspace-id come in the
 * connection_init payload (`authorization`, `x-workspace-id`) or in the upgrade request's
 * headers; the rate limit counts each connection; scopes are checked per field. Only
 * subscription operations run here: queries and mutations go over HTTP, where their limits
 * apply.
 */
export function attachGraphQLSubscriptions(
  server: http.Server,
  deps: SubscriptionServerDeps,
): { close(): Promise<void> } {
  if (!deps.settings.enabled) {
    return { close: () => Promise.resolve() };
  }
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (protocols) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
  });
  let schema: Promise<GraphQLSchema> | undefined;
  const served = () => {
    schema ??= buildServedSchema(deps.services, deps.settings.generatedReads).catch(
      (error: unknown) => {
        schema = undefined;
        throw error;
      },
    );
    return schema;
  };
  const states = new WeakMap<object, ConnectionState>();

  const onUpgrade = (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/graphql') {
      refuse(socket, 404, 'Not Found');
      return;
    }
    if (wss.clients.size >= deps.maxConnections) {
      refuse(socket, 503, 'Service Unavailable');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  server.on('upgrade', onUpgrade);

  const disposable: Disposable = useServer(
    {
      schema: () => served(),
      connectionInitWaitTimeout: INIT_TIMEOUT_MS,
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const headers = ctx.extra.request.headers;
        try {
          const admitted = await admit(
            deps.guard,
            textOf(params.authorization ?? params.Authorization) ?? headers.authorization,
            textOf(params['x-workspace-id']) ?? textOf(headers['x-workspace-id']),
            'required',
            ['read:events'],
          );
          states.set(ctx.extra.socket, {
            admitted: admitted as Admitted & { workspaceId: string },
            subscriptions: 0,
          });
          return true;
        } catch (error) {
          const [code, reason] = closeFor(error);
          ctx.extra.socket.close(code, reason);
          return false;
        }
      },
      onSubscribe: async (ctx, id, payload) => {
        const state = states.get(ctx.extra.socket);
        if (!state?.admitted) {
          return [new GraphQLError('The connection is not initialised.')];
        }
        if (state.subscriptions >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          return [
            new GraphQLError(
              `A connection may hold at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions.`,
              { extensions: { code: 'RATE_LIMITED' } },
            ),
          ];
        }
        const schemaNow = await served();
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: MAX_TOKENS });
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('Syntax error.')];
        }
        const errors = validate(schemaNow, document);
        if (errors.length > 0) {
          return errors;
        }
        const problem = operationProblem(document, payload.operationName, deps.settings.maxDepth);
        if (problem) {
          return [problem];
        }
        state.subscriptions += 1;
        return {
          schema: schemaNow,
          document,
          variableValues: payload.variables ?? {},
          operationName: payload.operationName ?? null,
          contextValue: contextOf(state.admitted, deps, ctx.extra.socket),
        };
      },
      onComplete: (ctx) => {
        const state = states.get(ctx.extra.socket);
        if (state) {
          state.subscriptions = Math.max(0, state.subscriptions - 1);
        }
      },
      onError: (_ctx, _id, _payload, errors) =>
        errors.map((error) => formatGraphQLError(error.toJSON(), error)),
      onNext: (_ctx, _id, _payload, _args, result) => {
        if (!result.errors || result.errors.length === 0) {
          return undefined;
        }
        return {
          ...result,
          errors: result.errors.map((error) => formatGraphQLError(error.toJSON(), error)),
        };
      },
    },
    wss,
  );

  return {
    close: async () => {
      server.off('upgrade', onUpgrade);
      for (const client of wss.clients) {
        client.close(1001, 'Going away');
      }
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** A header or connection parameter that is text, else undefined. */
function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The WebSocket close code and reason for a refused connection: 4401 for a missing or bad
 * credential, 4429 for a spent rate limit, 4403 for the rest (another workspace, a missing
 * scope, a missing or malformed workspace id), each with the error's message.
 */
function closeFor(error: unknown): [number, string] {
  if (error instanceof AppError) {
    const code = error.status === 401 ? 4401 : error.status === 429 ? 4429 : 4403;
    // A close reason holds at most 123 bytes.
    return [code, `${error.code}: ${error.message}`.slice(0, 120)];
  }
  return [4500, 'INTERNAL_ERROR'];
}

/** Null when the document's operation may run here, else the error to send. */
function operationProblem(
  document: DocumentNode,
  operationName: string | null | undefined,
  maxDepth: number,
): GraphQLError | null {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    operationName === undefined || operationName === null
      ? operations.length === 1
        ? operations[0]
        : undefined
      : operations.find((o) => o.name?.value === operationName);
  if (!operation) {
    return new GraphQLError('Name the operation to run (operationName).');
  }
  if (operation.operation !== OperationTypeNode.SUBSCRIPTION) {
    return new GraphQLError(
      'Only subscriptions run over WebSocket; send queries and mutations to POST /graphql.',
      { extensions: { code: 'BAD_REQUEST' } },
    );
  }
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const depth = operationDepth(operation, fragments);
  if (depth > maxDepth) {
    return new GraphQLError(
      `The operation is ${depth} levels deep; at most ${maxDepth} are allowed.`,
      {
        extensions: { code: 'VALIDATION_ERROR' },
      },
    );
  }
  return null;
}

/** The resolvers' context for a subscription of an admitted connection. */
function contextOf(
  admitted: Admitted & { workspaceId: string },
  deps: SubscriptionServerDeps,
  socket: { once(event: 'close', listener: () => void): unknown },
): GraphQLContext {
  const requestId = `req_${randomUUID().replaceAll('-', '')}`;
  const closed = new AbortController();
  socket.once('close', () => closed.abort());
  return {
    requestId,
    workspaceId: admitted.workspaceId,
    principal: admitted.principal,
    scopes: admitted.scopes,
    logger: deps.logger.child({ requestId }),
    loadNode: async (id) => {
      try {
        return await deps.services.queries.getNode(admitted.workspaceId, id);
      } catch {
        return null;
      }
    },
    jwt: { workspaceId: admitted.workspaceId, sub: admitted.principal.actorId },
    signal: closed.signal,
  };
}

/** Answers an upgrade request with a plain HTTP status and closes the socket. */
function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
