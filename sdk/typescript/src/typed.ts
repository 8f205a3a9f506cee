/**
 * What modules written by `wos-sdk generate` build on. A generated module declares, per
 * entity or relationship type of a workspace, interfaces of its properties (to create, to
 * update, to filter by, and the stored record) and one `entityTypeApi` or
 * `relationshipTypeApi` bound to them. The helpers are thin: they fill in the type's name,
 * turn a typed filter into the service's `properties.<key>` filters and call the client.
 * The checking is the TypeScript compiler's, against the generated interfaces.
 */
import type { BatchCommand, Edge, IdOrRef, Node } from './batch';
import type { WosClient } from './client';

/** A `json` property: any value the property model stores, not checked by the service. */
export type JsonValue = string | number | boolean | string[] | number[] | boolean[];

/** Conditions on one property (docs/filters.md). */
export interface StringCondition {
  eq?: string;
  ne?: string;
  gt?: string;
  gte?: string;
  lt?: string;
  lte?: string;
  in?: string[];
  nin?: string[];
  contains?: string;
  startsWith?: string;
  exists?: boolean;
}
export interface NumberCondition {
  eq?: number;
  ne?: number;
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
  in?: number[];
  nin?: number[];
  exists?: boolean;
}
export interface BooleanCondition {
  eq?: boolean;
  ne?: boolean;
  exists?: boolean;
}
export interface StringListCondition {
  contains?: string;
  exists?: boolean;
}
export interface NumberListCondition {
  contains?: number;
  exists?: boolean;
}
export interface JsonCondition {
  eq?: JsonValue;
  ne?: JsonValue;
  contains?: JsonValue;
  exists?: boolean;
}
/** A condition on an enum property: its values only, so a typo is a type error. */
export interface EnumCondition<V> {
  eq?: V;
  ne?: V;
  in?: V[];
  nin?: V[];
  exists?: boolean;
}

type Properties = Record<string, JsonValue>;

/** A typed filter as the client's `filter`: each key under `properties.`. */
export function propertyFilters(where: object | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(where ?? {}).map(([key, value]) => [`properties.${key}`, value]),
  );
}

/** The node operations of one entity type, typed by its generated interfaces. */
export interface EntityTypeApi<P extends object, U extends object, F extends object, R> {
  readonly name: string;
  /** CREATE_NODE for `client.commands.batch([...])`. */
  createCommand(name: string, properties: P, options?: { id?: string }): BatchCommand;
  updateCommand(id: IdOrRef, properties: U, options?: { expectedVersion?: number }): BatchCommand;
  create(client: WosClient, name: string, properties: P, options?: { id?: string }): Promise<R>;
  /** Changes the given properties; `null` removes an optional one. */
  update(
    client: WosClient,
    id: string,
    properties: U,
    options?: { expectedVersion?: number },
  ): Promise<R>;
  get(client: WosClient, id: string): Promise<R>;
  /** Every node of the type matching `where` (all conditions must hold). */
  list(client: WosClient, options?: { where?: F; sort?: string }): AsyncIterable<R>;
}

/** The edge operations of one relationship type, typed by its generated interfaces. */
export interface RelationshipTypeApi<P extends object, F extends object, R> {
  readonly name: string;
  createCommand(
    sourceId: IdOrRef,
    targetId: IdOrRef,
    properties: P,
    options?: { id?: string },
  ): BatchCommand;
  create(
    client: WosClient,
    sourceId: string,
    targetId: string,
    properties: P,
    options?: { id?: string },
  ): Promise<R>;
  get(client: WosClient, id: string): Promise<R>;
  list(
    client: WosClient,
    options?: { where?: F; sourceId?: string; targetId?: string },
  ): AsyncIterable<R>;
}

/** The helpers of entity type `name`; a generated module supplies the type arguments. */
export function entityTypeApi<P extends object, U extends object, F extends object, R>(
  name: string,
): EntityTypeApi<P, U, F, R> {
  return {
    name,
    createCommand: (nodeName, properties, options = {}) =>
      ({
        type: 'CREATE_NODE',
        payload: { entityType: name, name: nodeName, properties, ...options },
      }) as unknown as BatchCommand,
    updateCommand: (id, properties, options = {}) =>
      ({ type: 'UPDATE_NODE', payload: { id, properties, ...options } }) as unknown as BatchCommand,
    create: async (client, nodeName, properties, options = {}) =>
      (await client.nodes.create({
        entityType: name,
        name: nodeName,
        properties: properties as Properties,
        ...options,
      })) as R,
    update: async (client, id, properties, options = {}) =>
      (await client.nodes.update({
        id,
        properties: properties as Properties,
        ...options,
      })) as R,
    get: async (client, id) => (await client.nodes.get(id)) as R,
    list: (client, options = {}) =>
      client.nodes.list({
        entityType: name,
        filter: propertyFilters(options.where),
        sort: options.sort,
      }) as AsyncIterable<Node> as AsyncIterable<R>,
  };
}

/** The helpers of relationship type `name`. */
export function relationshipTypeApi<P extends object, F extends object, R>(
  name: string,
): RelationshipTypeApi<P, F, R> {
  return {
    name,
    createCommand: (sourceId, targetId, properties, options = {}) =>
      ({
        type: 'CREATE_EDGE',
        payload: { type: name, sourceId, targetId, properties, ...options },
      }) as unknown as BatchCommand,
    create: async (client, sourceId, targetId, properties, options = {}) =>
      (await client.edges.create({
        type: name,
        sourceId,
        targetId,
        properties: properties as Properties,
        ...options,
      })) as R,
    get: async (client, id) => (await client.edges.get(id)) as R,
    list: (client, options = {}) =>
      client.edges.list({
        type: name,
        filter: propertyFilters(options.where),
        sourceId: options.sourceId,
        targetId: options.targetId,
      }) as AsyncIterable<Edge> as AsyncIterable<R>,
  };
}
