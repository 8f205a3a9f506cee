import { createHmac } from 'node:crypto';
import request, { type Response } from 'supertest';
import type { Clock } from '../../src/ports/clock';
import type { DeliveryRequest, EventIngestor } from '../../src/webhooks/event-ingestor';
import { expectData } from './envelope-assertions';
import { ManualClock } from './manual-clock';
import { authHeaders, createTestApp, type TestApp } from './test-app';

/** A connector as created over HTTP, with its secret. */
export interface CreatedConnector {
  id: string;
  name: string;
  entityType: string;
  endpointId: string;
  receptionUrl: string;
  nodeId: string;
  secret: string;
  previousSecretExpiresAt: string | null;
}

export interface WebhookTestAppOptions {
  env?: Record<string, string>;
  /** A ManualClock by default; the system clock for tests of real senders. */
  clock?: Clock;
  /** Wraps the real ingestor (a gate, a slow dependency). */
  ingestor?: (inner: EventIngestor) => EventIngestor;
}

/** `createTestApp` with a hook into the webhook ingestor, on a ManualClock by default. */
export function createWebhookTestApp(options: WebhookTestAppOptions = {}): Promise<TestApp> {
  return createTestApp({
    ...(options.env ? { env: options.env } : {}),
    clock: options.clock ?? new ManualClock(Date.now()),
    ...(options.ingestor ? { webhookIngestor: options.ingestor } : {}),
  });
}

/** Creates a connector through the API (201 asserted). */
export async function createConnector(
  t: TestApp,
  headers: Record<string, string>,
  body: Record<string, unknown> = { type: 'Webhook', name: 'test connector' },
): Promise<CreatedConnector> {
  const res = await request(t.app).post('/api/connectors').set(headers).send(body);
  return expectData(res, 201) as CreatedConnector;
}

/** Admin headers of the test app's bootstrap workspace. */
export function adminHeaders(t: TestApp): Record<string, string> {
  return authHeaders(t.apiKey, t.workspaceId);
}

/** `sha256=<hex>` of `<ts>.<body>` keyed with the secret as written (docs/webhooks.md). */
export function xSignature(secret: string, timestamp: number, body: string | Buffer): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body);
  return `sha256=${mac.digest('hex')}`;
}

/** The X-Webhook-* headers of a correctly signed request. */
export function xHeaders(
  secret: string,
  timestamp: number,
  body: string | Buffer,
  id?: string,
): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'X-Webhook-Timestamp': String(timestamp),
    'X-Webhook-Signature': xSignature(secret, timestamp, body),
    ...(id === undefined ? {} : { 'X-Webhook-Id': id }),
  };
}

/**
 * The X-Webhook-* headers of a request whose signature covers its id: `sha256=<hex>` of
 * `<id>.<ts>.<body>`, keyed with the secret as written (docs/webhooks.md).
 */
export function xIdHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string | Buffer,
): Record<string, string> {
  const mac = createHmac('sha256', secret).update(`${id}.${timestamp}.`).update(body);
  return {
    'Content-Type': 'application/json',
    'X-Webhook-Timestamp': String(timestamp),
    'X-Webhook-Signature': `sha256=${mac.digest('hex')}`,
    'X-Webhook-Id': id,
  };
}

/** The Standard Webhooks headers, signed the way its libraries sign with a `whsec_` secret. */
export function standardHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string | Buffer,
): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body);
  return {
    'Content-Type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${mac.digest('base64')}`,
  };
}

/** Unix seconds of a clock. */
export function unixSeconds(clock: { now(): number }): number {
  return Math.floor(clock.now() / 1000);
}

/** POSTs raw bytes to a connector's reception URL. */
export function deliver(
  t: TestApp,
  connector: { endpointId: string },
  body: string | Buffer,
  headers: Record<string, string>,
): Promise<Response> {
  const req = request(t.app).post(`/api/webhooks/${connector.endpointId}`).set(headers);
  // superagent would JSON-encode a Buffer under a JSON Content-Type: pass the bytes as they are.
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  return req.serialize(() => bytes as unknown as string).send(bytes);
}

/** Lists a connector's events (asserting 200) with optional query. */
export async function listEvents(
  t: TestApp,
  headers: Record<string, string>,
  connectorId: string,
  query: Record<string, string | number> = {},
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const res = await request(t.app)
    .get(`/api/connectors/${connectorId}/events`)
    .query(query)
    .set(headers);
  const items = expectData(res, 200) as Record<string, unknown>[];
  return { items, total: res.body.meta.total as number };
}

/** Polls `condition` until it holds (or fails after `timeoutMs`): waits for work in flight. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error('condition not reached in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * An ingestor decorator that holds ingestions of chosen workspaces until `open()`, so a
 * test can keep deliveries in flight deterministically.
 */
export class IngestionGate {
  private waiting: (() => void)[] = [];
  private opened = false;
  arrived = 0;

  constructor(private readonly holds: (request: DeliveryRequest) => boolean = () => true) {}

  wrap = (inner: EventIngestor): EventIngestor => ({
    ingestDelivery: async (request) => {
      if (!this.opened && this.holds(request)) {
        this.arrived += 1;
        await new Promise<void>((resolve) => this.waiting.push(resolve));
      }
      return inner.ingestDelivery(request);
    },
    ingestReplay: (request) => inner.ingestReplay(request),
  });

  open(): void {
    this.opened = true;
    for (const release of this.waiting.splice(0)) {
      release();
    }
  }

  close(): void {
    this.opened = false;
    this.arrived = 0;
  }
}
