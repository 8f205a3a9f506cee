import request, { type Response } from 'supertest';
import type { GraphEdge, GraphNode } from '../../src/domain/graph';
import type { TestApp } from './test-app';
import { authHeaders } from './test-app';

/** Calls the ontology routes as one API key in one workspace. */
export class OntologyClient {
  constructor(
    private readonly t: TestApp,
    readonly apiKey: string,
    readonly workspaceId: string,
  ) {}

  private headers(): Record<string, string> {
    return authHeaders(this.apiKey, this.workspaceId);
  }

  /** POST /api/commands/execute. */
  exec(type: string, payload?: unknown, idempotencyKey?: string): Promise<Response> {
    const req = request(this.t.app).post('/api/commands/execute').set(this.headers());
    if (idempotencyKey !== undefined) {
      void req.set('Idempotency-Key', idempotencyKey);
    }
    return req.send(payload === undefined ? { type } : { type, payload });
  }

  /** Executes a command that must succeed; returns its `result` (typed by the caller). */
  async ok<T = Record<string, unknown>>(type: string, payload?: unknown): Promise<T> {
    const res = await this.exec(type, payload);
    if (res.status !== 200 && res.status !== 201) {
      throw new Error(`${type} failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return res.body.data.result as T;
  }

  get(path: string, query: Record<string, string | number> = {}): Promise<Response> {
    return request(this.t.app).get(path).query(query).set(this.headers());
  }

  put(path: string, body: unknown, query: Record<string, string> = {}): Promise<Response> {
    return request(this.t.app)
      .put(path)
      .query(query)
      .set(this.headers())
      .send(body as object);
  }

  delete(path: string): Promise<Response> {
    return request(this.t.app).delete(path).set(this.headers());
  }

  /** PUT /api/ontology/entity-types/:name that must succeed. */
  async entityType(name: string, definition: object): Promise<void> {
    const res = await this.put(`/api/ontology/entity-types/${name}`, definition);
    if (res.status !== 200 && res.status !== 201) {
      throw new Error(`PUT entity type ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }

  /** PUT /api/ontology/relationship-types/:name that must succeed. */
  async relationshipType(name: string, definition: object): Promise<void> {
    const res = await this.put(`/api/ontology/relationship-types/${name}`, definition);
    if (res.status !== 200 && res.status !== 201) {
      throw new Error(`PUT relationship type ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }

  /** Creates a node and returns it. */
  node(
    entityType: string,
    name: string,
    properties: Record<string, unknown> = {},
  ): Promise<GraphNode> {
    return this.ok<GraphNode>('CREATE_NODE', { entityType, name, properties });
  }

  /** Creates an edge and returns it. */
  edge(type: string, sourceId: string, targetId: string, properties = {}): Promise<GraphEdge> {
    return this.ok<GraphEdge>('CREATE_EDGE', { type, sourceId, targetId, properties });
  }

  /** Every node and edge of the workspace (up to 100 each), sorted by id. */
  async snapshot(): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }> {
    const nodes = await this.get('/api/queries/nodes', { limit: 100 });
    const edges = await this.get('/api/queries/edges', { limit: 100 });
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    return {
      nodes: [...(nodes.body.data as GraphNode[])].sort(byId),
      edges: [...(edges.body.data as GraphEdge[])].sort(byId),
    };
  }
}
