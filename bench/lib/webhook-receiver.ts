import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got: which subscription (by path), which event, when. */
export interface ReceivedDelivery {
  path: string;
  /** The `webhook-id` header: the event's id, the same on every attempt. */
  webhookId: string;
  seq: number;
  subjectId: string;
  /** performance.now() when the request's headers arrived. */
  atMs: number;
}

/** A healthy receiver of webhook subscriptions, in the benchmark process. */
export interface WebhookReceiver {
  /** The URL of a subscription's path on this receiver (`/s/<name>`). */
  url(name: string): string;
  /** Every delivery received, in arrival order. */
  deliveries: ReceivedDelivery[];
  /** Deliveries received so far per path. */
  countOf(name: string): number;
  close(): Promise<void>;
}

/**
 * A node:http server on 127.0.0.1 that answers every delivery 200 as soon as its body is in
 * and records it. Signatures are not checked: the benchmark measures the sender, and a
 * receiver's verification would cost it, not the service. The service must be started with
 * EVENT_WEBHOOK_ALLOWED_CIDRS=127.0.0.1/32 to send here.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const atMs = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      const path = req.url ?? '';
      let seq = NaN;
      let subjectId = '';
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          seq: number;
          subject?: { id: string };
        };
        seq = body.seq;
        subjectId = body.subject?.id ?? '';
      } catch {
        // Recorded with seq NaN: the checks count it as a delivery of nothing expected.
      }
      const webhookId = req.headers['webhook-id'];
      deliveries.push({
        path,
        webhookId: typeof webhookId === 'string' ? webhookId : '',
        seq,
        subjectId,
        atMs,
      });
      counts.set(path, (counts.get(path) ?? 0) + 1);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/s/${name}`,
    deliveries,
    countOf: (name) => counts.get(`/s/${name}`) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
