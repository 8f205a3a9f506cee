// Signs a JSON body and posts it to a connector's reception URL (Node 18+, no dependencies).
// Usage: node sign-webhook.mjs <receptionUrl> <secret> ['{"type":"ping"}'] [eventId]
import { createHmac, randomUUID } from 'node:crypto';
import process from 'node:process';

const { fetch } = globalThis; // built into Node 18 and later

const [url, secret, body = '{"type":"ping"}', eventId = randomUUID()] = process.argv.slice(2);
if (!url || !secret) {
  process.stderr.write('usage: node sign-webhook.mjs <receptionUrl> <secret> [body] [eventId]\n');
  process.exit(2);
}

// Sign the event id and exactly the bytes that are sent: "<event id>.<timestamp>.<raw body>",
// keyed with the secret as it was shown (the whole "whsec_..." string).
const timestamp = Math.floor(Date.now() / 1000).toString();
const signature = createHmac('sha256', secret)
  .update(`${eventId}.${timestamp}.${body}`)
  .digest('hex');

const response = await fetch(url, {
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    'X-Webhook-Id': eventId,
    'X-Webhook-Timestamp': timestamp,
    'X-Webhook-Signature': `sha256=${signature}`,
  },
  body,
});
process.stdout.write(`${response.status} ${await response.text()}\n`);
process.exit(response.ok ? 0 : 1);
