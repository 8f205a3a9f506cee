import request from 'supertest';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /api/me for the bootstrap key', async () => {
    const res = await request(t.app).get('/api/me').set(authHeaders(t.apiKey));
    expect(res.status).toBe(200);
    expect(res.body.data.homeWorkspaceId).toBe(t.workspaceId);
  });
});
