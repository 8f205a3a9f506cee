/** TypeScript client of the Workspace Ontology Service. */
export {
  BatchBuilder,
  BatchResult,
  MAX_BATCH_COMMANDS,
  type BatchCommand,
  type BatchRef,
  type Edge,
  type IdOrRef,
  type Node,
} from './batch';
export {
  WosClient,
  createClient,
  type ClientOptions,
  type Command,
  type CommandOutcome,
  type CypherResult,
  type ExecutedCommand,
} from './client';
export { WosApiError, WosError, WosNetworkError } from './errors';
export { apiVersion, type components, type operations, type paths } from './generated/openapi';
export type {
  ApiResult,
  CallOptions,
  CallParams,
  OperationId,
  OperationMethods,
  ResponseData,
  ResponseMeta,
} from './operation-types';
export {
  IngestChunkError,
  MAX_INGEST_POINTS,
  MAX_INGEST_SOURCES,
  type DataPoint,
  type IngestOptions,
  type IngestTotals,
  type SourcePoint,
} from './live-data';
export { parseNdjson, toNdjsonStream, type TransferLine } from './ndjson';
export { PageIterator, type ItemOf, type ListOperationId, type Page } from './pagination';
export { DEFAULT_RETRY, type RetryOptions } from './retry';
export type { FetchLike } from './transport';
export { renderOntologyModule, type OntologySnapshot, type RenderOptions } from './codegen';
export {
  entityTypeApi,
  propertyFilters,
  relationshipTypeApi,
  type BooleanCondition,
  type EntityTypeApi,
  type EnumCondition,
  type JsonCondition,
  type JsonValue,
  type NumberCondition,
  type NumberListCondition,
  type RelationshipTypeApi,
  type StringCondition,
  type StringListCondition,
} from './typed';
export { SseReader, streamEvents, type ChangeEvent, type StreamOptions } from './sse';
export {
  OAuthSession,
  WosOAuthError,
  startAuthorization,
  type AuthorizationOptions,
  type AuthorizationRequest,
  type SessionOptions,
  type TokenProvider,
  type TokenSet,
} from './authorization';
