import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddingsStub } from '../../../bench/lib/embeddings-stub';
import type { Container } from '../../../src/container';
import { SCOPES } from '../../../src/domain/scopes';
import type { RateLimits } from '../../../src/domain/workspace';
import { redisUnavailableReason, startRedis, type RedisServer } from '../../support/redis-server';
import { ServiceProcess } from '../../support/service-process';
import { createTestContainer, CreatedWorkspaces, testConfig } from '../../support/test-app';
import { engineEnv } from '../../support/test-engine';
import { xHeaders } from '../../support/webhook-fixtures';
import { openSse, startReceiver } from '../../support/event-clients';

/**
 * Three real service processes (`node --import tsx src/main.ts`) on 127.0.0.1 behind no
 * proxy, sharing one Redis (REDIS_URL) and one store: the SQLite file of one DATA_DIR (WAL:
 * several processes may open it; the first one migrates and bootstraps before the others
 * start), or one Neo4j in the e2e-neo4j project. The test process opens the same store, as
 * the operator CLI does, to create workspaces and keys.
 */
const missing = redisUnavailableReason();
if (missing) {
  // Printed so a run without Redis says so instead of passing silently.
  console.warn(`Skipping the multi-instance tests: ${missing}`);
}

/** Slots per workspace in these instances: 10 deliveries spread over three exceed it. */
const SLOTS = 4;

interface Answer {
  status: number;
  headers: Headers;
  body: { error?: { code: string; details?: Record<string, unknown> } };
}

/** Resolves once `condition` holds, checking every 25 ms; rejects after `timeoutMs`. */
async function eventually(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error('condition not reached in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

(missing ? describe.skip : describe)(
  `several instances sharing Redis (three real processes)${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let redis: RedisServer;
    let embeddings: Awaited<ReturnType<typeof startEmbeddingsStub>>;
    let dataDir: string;
    let instances: ServiceProcess[] = [];
    let urls: string[] = [];
    let store: Container;
    const created = new CreatedWorkspaces();

    beforeAll(async () => {
      redis = await startRedis();
      embeddings = await startEmbeddingsStub();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-instances-'));
      const env = {
        ...engineEnv(),
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        REDIS_URL: redis.url,
        BOOTSTRAP_API_KEY: `wos_${randomBytes(32).toString('base64url')}`,
        BOOTSTRAP_WORKSPACE_ID: randomUUID(),
        WEBHOOK_CONCURRENCY_PER_WORKSPACE: String(SLOTS),
        // Indexing the events' nodes asks the stub, not the bundled model in three processes.
        EMBEDDINGS_URL: embeddings.url,
        EMBEDDINGS_MODEL: 'stub',
        // The change-feed receiver of these tests listens on 127.0.0.1.
        EVENT_WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
      };
      const start = () => new ServiceProcess(env, 170_000);
      // The first one creates and migrates the database; then the other two open it.
      instances = [start()];
      const first = await instances[0]!.port();
      instances.push(start(), start());
      const others = await Promise.all(instances.slice(1).map((i) => i.port()));
      urls = [first, ...others].map((port) => `http://127.0.0.1:${port}`);
      const config = testConfig({ DATA_DIR: dataDir, REDIS_URL: redis.url });
      store = created.track(createTestContainer(config, { startIndexer: false }), config);
      await store.connected();
    }, 150_000);

    afterAll(async () => {
      for (const instance of instances) {
        instance.kill('SIGTERM');
      }
      await Promise.all(instances.map((i) => i.exited));
      await store?.close();
      await created.purge();
      await embeddings?.close();
      await redis?.destroy();
      if (dataDir) {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 30_000);

    /** A new workspace with an admin key, written straight to the shared store. */
    const workspace = async (plan: 'starter' | 'enterprise', limits: RateLimits | null = null) => {
      const created = await store.deps.workspaces.create({
        id: randomUUID(),
        name: `instances ${randomUUID().slice(0, 8)}`,
        plan,
        limits,
        createdAt: new Date().toISOString(),
      });
      const key = await store.deps.apiKeys.create({
        workspaceId: created.id,
        name: 'admin',
        scopes: [...SCOPES],
        expiresAt: null,
        createdBy: null,
        creatorScopes: null,
      });
      return { id: created.id, key: key.secret, keyId: key.key.id };
    };

    const call = async (
      instance: number,
      method: string,
      route: string,
      auth: { key: string; id: string },
      body?: unknown,
    ): Promise<Answer> => {
      const res = await fetch(`${urls[instance]}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${auth.key}`,
          'x-workspace-id': auth.id,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {} };
    };

    const ready = async (instance: number) => {
      const res = await fetch(`${urls[instance]}/ready`);
      return {
        status: res.status,
        checks: ((await res.json()) as { data: { checks: Record<string, string> } }).data.checks,
      };
    };

    /** One sample of an instance's /metrics, e.g. `redis_up`. */
    const metric = async (instance: number, series: string) => {
      const text = await (await fetch(`${urls[instance]}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };

    it('refuses the 61st request of a Starter minute across the three instances', async () => {
      // A minute boundary may fall inside the 61 requests: then once more, in the new minute.
      for (let attempt = 1; ; attempt += 1) {
        const w = await workspace('starter');
        const answers: Answer[] = [];
        for (let i = 0; i < 61; i += 1) {
          answers.push(await call(i % 3, 'GET', '/api/me', w));
        }
        const resets = new Set(answers.map((a) => a.headers.get('x-ratelimit-reset')));
        if (resets.size > 1 && attempt === 1) {
          continue;
        }
        expect(resets.size).toBe(1);
        expect(answers.slice(0, 60).map((a) => a.status)).toEqual(Array(60).fill(200));
        expect(answers.slice(0, 60).map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(
          Array.from({ length: 60 }, (_, i) => String(59 - i)),
        );
        const refused = answers[60]!;
        expect(refused.status).toBe(429);
        expect(refused.body.error?.code).toBe('RATE_LIMITED');
        expect(refused.body.error?.details).toMatchObject({ window: 'minute' });
        break;
      }
    }, 60_000);

    it('refuses a key revoked through one instance on the others at once', async () => {
      const w = await workspace('enterprise');
      const victim = await store.deps.apiKeys.create({
        workspaceId: w.id,
        name: 'to revoke',
        scopes: ['read:nodes'],
        expiresAt: null,
        createdBy: null,
        creatorScopes: null,
      });
      const asVictim = { key: victim.secret, id: w.id };
      // Every instance has the key in its cache (kept 5 s without an invalidation).
      for (const instance of [0, 1, 2]) {
        expect((await call(instance, 'GET', '/api/me', asVictim)).status).toBe(200);
      }
      const revoked = await call(0, 'DELETE', `/api/api-keys/${victim.key.id}`, w);
      expect(revoked.status).toBe(204);
      // The very next request to each other instance, no waiting.
      for (const instance of [1, 2]) {
        const answer = await call(instance, 'GET', '/api/me', asVictim);
        expect(answer.status).toBe(401);
        expect(answer.body.error?.code).toBe('UNAUTHENTICATED');
      }
    }, 30_000);

    it('applies a plan change and a rotated secret on every instance at once', async () => {
      const w = await workspace('starter');
      for (const instance of [0, 1, 2]) {
        const answer = await call(instance, 'GET', '/api/me', w);
        expect(answer.headers.get('x-ratelimit-limit')).toBe('60');
      }
      // The operator's change (the CLI's path: the store, then the invalidation).
      await store.deps.workspaces.update(w.id, { plan: 'pro' });
      for (const instance of [0, 1, 2]) {
        const answer = await call(instance, 'GET', '/api/me', w);
        expect(answer.headers.get('x-ratelimit-limit')).toBe('300');
      }

      const created = await call(0, 'POST', '/api/connectors', w, {
        type: 'Webhook',
        name: 'rotated',
      });
      const connector = (
        created.body as unknown as { data: { id: string; endpointId: string; secret: string } }
      ).data;
      const send = (instance: number, secret: string, id: string) => {
        const body = JSON.stringify({ type: 'job', id });
        return fetch(`${urls[instance]}/api/webhooks/${connector.endpointId}`, {
          method: 'POST',
          headers: xHeaders(secret, Math.floor(Date.now() / 1000), body, id),
          body,
        });
      };
      // Instances 1 and 2 cache the connector with its first secret.
      expect((await send(1, connector.secret, 'before-1')).status).toBe(202);
      expect((await send(2, connector.secret, 'before-2')).status).toBe(202);
      const rotated = await call(0, 'POST', `/api/connectors/${connector.id}/rotate-secret`, w, {
        gracePeriodSeconds: 0,
      });
      expect(rotated.status).toBe(200);
      const secret = (rotated.body as unknown as { data: { secret: string } }).data.secret;
      for (const instance of [1, 2]) {
        expect((await send(instance, connector.secret, `old-${instance}`)).status).toBe(401);
        expect((await send(instance, secret, `new-${instance}`)).status).toBe(202);
      }
    }, 30_000);

    it("holds a workspace's webhook slots across the instances: 10 slow deliveries, 4 slots", async () => {
      const w = await workspace('enterprise');
      const created = await call(0, 'POST', '/api/connectors', w, {
        type: 'Webhook',
        name: 'slow senders',
      });
      const connector = (
        created.body as unknown as { data: { endpointId: string; secret: string } }
      ).data;

      // Each sender sends its headers and half its body, then waits: its delivery holds a slot
      // (taken before the body is read) until the rest arrives.
      const senders = Array.from({ length: 10 }, (_, i) => {
        const id = `slow-${i}`;
        const body = Buffer.from(JSON.stringify({ type: 'job', id, padding: 'x'.repeat(64) }));
        const headers = xHeaders(connector.secret, Math.floor(Date.now() / 1000), body, id);
        const url = new URL(`${urls[i % 3]}/api/webhooks/${connector.endpointId}`);
        const req = http.request(url, {
          method: 'POST',
          headers: { ...headers, 'content-length': String(body.length) },
        });
        const answered = new Promise<number>((resolve, reject) => {
          req.on('response', (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
        });
        const sender = {
          status: undefined as number | undefined,
          answered,
          finish: () => req.end(body.subarray(32)),
        };
        void answered.then(
          (status) => (sender.status = status),
          () => undefined,
        );
        req.write(body.subarray(0, 32));
        return sender;
      });

      // Six are turned away at once; four wait for their bodies, holding the four slots.
      await eventually(() => senders.filter((s) => s.status !== undefined).length >= 6);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = senders.filter((s) => s.status !== undefined);
      expect(refused.map((s) => s.status)).toEqual(Array(6).fill(429));

      const held = senders.filter((s) => s.status === undefined);
      expect(held).toHaveLength(SLOTS);
      held.forEach((s) => s.finish());
      expect(await Promise.all(held.map((s) => s.answered))).toEqual(Array(SLOTS).fill(202));
    }, 30_000);

    it('streams on one instance the changes committed on the others, woken through Redis', async () => {
      const w = await workspace('enterprise');
      const port = Number(new URL(urls[1]!).port);
      const stream = await openSse(port, '/api/events/stream', {
        authorization: `Bearer ${w.key}`,
        'x-workspace-id': w.id,
      });
      try {
        for (let i = 0; i < 10; i += 1) {
          const made = await call(i % 2 === 0 ? 0 : 2, 'POST', '/api/commands/execute', w, {
            type: 'CREATE_NODE',
            payload: { entityType: 'Pump', name: `p${i}` },
          });
          expect(made.status).toBe(201);
        }
        const last = Date.now();
        // Well under the 5 s poll of a reader nobody woke: the other instances' commits arrived
        // as Redis messages.
        await stream.until(
          (events) => events.filter((e) => e.data !== undefined).length === 10,
          4000,
        );
        expect(Date.now() - last).toBeLessThan(4000);
        expect(stream.events.filter((e) => e.data !== undefined).map((e) => Number(e.id))).toEqual(
          Array.from({ length: 10 }, (_, i) => i + 1),
        );
      } finally {
        stream.close();
      }
    }, 60_000);

    it('delivers each event of a subscription once, in order, whichever instance committed it', async () => {
      const w = await workspace('enterprise');
      const receiver = await startReceiver();
      try {
        const sub = await call(0, 'POST', '/api/webhook-subscriptions', w, { url: receiver.url });
        expect(sub.status).toBe(201);
        for (let i = 0; i < 30; i += 1) {
          const made = await call(i % 3, 'POST', '/api/commands/execute', w, {
            type: 'CREATE_NODE',
            payload: { entityType: 'Pump', name: `n${i}` },
          });
          expect(made.status).toBe(201);
        }
        await receiver.until(30, 20_000);
        // Three instances wake on every commit; one lease per subscription keeps them in turn.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const seqs = receiver.received.map((r) => (JSON.parse(r.body) as { seq: number }).seq);
        expect(seqs).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      } finally {
        await receiver.close();
      }
    }, 60_000);

    it('falls back to per-instance limits while Redis is down, and shares them again after', async () => {
      const w = await workspace('enterprise', { perMinute: 1_000, perDay: 3 });
      await redis.stop();
      await eventually(async () =>
        (await Promise.all([0, 1, 2].map(ready))).every(
          (r) => r.status === 200 && r.checks.redis === 'down',
        ),
      );

      // Each instance counts on its own: three each, not three in all.
      for (const instance of [0, 1, 2]) {
        const statuses = [];
        for (let i = 0; i < 4; i += 1) {
          statuses.push((await call(instance, 'GET', '/api/me', w)).status);
        }
        expect(statuses).toEqual([200, 200, 200, 429]);
      }
      for (const instance of instances) {
        const lines = instance.logs().filter((l) => l.msg === 'store unavailable: redis');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({ level: 40, store: 'redis' });
      }
      expect(await metric(0, 'redis_up')).toBe(0);

      // Back, empty (no persistence): shared again without a restart.
      await redis.start();
      await eventually(async () =>
        (await Promise.all([0, 1, 2].map(ready))).every((r) => r.checks.redis === 'up'),
      );
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await call(i % 3, 'GET', '/api/me', w)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      for (const instance of instances) {
        const lines = instance.logs().filter((l) => l.msg === 'store available again: redis');
        expect(lines).toHaveLength(1);
      }
      expect(await metric(0, 'redis_up')).toBe(1);
      expect(await metric(0, 'redis_reconnects_total')).toBe(1);
    }, 60_000);
  },
);
