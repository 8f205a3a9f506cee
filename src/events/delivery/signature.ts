import { standardWebhooksKey } from '../../webhooks/secrets';
import { hmacSha256 } from '../../webhooks/verify-signature';

/**
 * The Standard Webhooks headers of an outbound delivery (https://www.standardwebhooks.com):
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`, a
 * space-separated list of `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per
 * secret in force (two while a rotated secret is still honoured), so a receiver's Standard
 * Webhooks library verifies it unchanged. Secrets are `whsec_` secrets, as connectors' are.
 */
export function standardWebhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string | Buffer,
): Record<string, string> {
  const signatures = secrets.map(
    (secret) =>
      `v1,${hmacSha256(standardWebhooksKey(secret), [`${id}.${timestampSeconds}.`, body]).toString('base64')}`,
  );
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatures.join(' '),
  };
}
