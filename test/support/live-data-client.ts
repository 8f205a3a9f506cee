import request, { type Response } from 'supertest';
import type { TestApp } from './test-app';
import { authHeaders } from './test-app';

/** A source as the API presents it. */
export interface SourceBody {
  id: string;
  name: string;
  unit: string | null;
  description: string | null;
  entityId: string | null;
  createdAt: string;
  lastPointAt: string | null;
  pointCount: number;
}

/** A point as the API presents it. */
export interface PointBody {
  timestamp: string;
  value: number;
  tags?: Record<string, string>;
}

/** Calls the live data routes as one API key in one workspace. */
export class LiveDataClient {
  constructor(
    private readonly t: TestApp,
    readonly apiKey: string,
    readonly workspaceId: string,
  ) {}

  private headers(): Record<string, string> {
    return authHeaders(this.apiKey, this.workspaceId);
  }

  createSource(body: unknown): Promise<Response> {
    return request(this.t.app)
      .post('/api/live-data/sources')
      .set(this.headers())
      .send(body as object);
  }

  /** Creates a source that must succeed and returns it. */
  async source(name = 'sensor', extra: Record<string, unknown> = {}): Promise<SourceBody> {
    const res = await this.createSource({ name, ...extra });
    if (res.status !== 201) {
      throw new Error(`create source failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return res.body.data as SourceBody;
  }

  getSource(id: string): Promise<Response> {
    return request(this.t.app).get(`/api/live-data/sources/${id}`).set(this.headers());
  }

  listSources(query: Record<string, string | number> = {}): Promise<Response> {
    return request(this.t.app).get('/api/live-data/sources').query(query).set(this.headers());
  }

  ingest(body: unknown): Promise<Response> {
    return request(this.t.app)
      .post('/api/live-data/ingest')
      .set(this.headers())
      .send(body as object);
  }

  /** Ingests points that must be accepted. */
  async put(sourceId: string, points: unknown[]): Promise<void> {
    const res = await this.ingest({ sourceId, points });
    if (res.status !== 200) {
      throw new Error(`ingest failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }

  query(query: Record<string, string | number>): Promise<Response> {
    return request(this.t.app).get('/api/live-data/query').query(query).set(this.headers());
  }
}
