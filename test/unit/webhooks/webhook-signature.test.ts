import { createHmac } from 'node:crypto';
import { InvalidSignatureError } from '../../../src/errors';
import { newWebhookSecret, standardWebhooksKey } from '../../../src/webhooks/secrets';
import {
  matchesHexSignature,
  verifyDelivery,
  type CandidateSecrets,
  type HeaderBag,
  type SignatureCheck,
} from '../../../src/webhooks/verify-signature';
import { standardHeaders, xHeaders, xIdHeaders } from '../../support/webhook-fixtures';

const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0, 400);
const NOW_S = Math.floor(NOW_MS / 1000);
const BODY = Buffer.from('{"type":"invoice.paid","amount":4200}', 'utf8');

/** Node's lower-case header bag from a client's header map. */
function bag(headers: Record<string, string>): HeaderBag {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function failedCheck(run: () => unknown): SignatureCheck {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidSignatureError);
    const e = error as InvalidSignatureError;
    expect(e.status).toBe(401);
    expect(e.code).toBe('INVALID_SIGNATURE');
    expect(e.message).toMatch(/^Signature check failed: /);
    return e.details?.check as SignatureCheck;
  }
  throw new Error('expected the verifier to refuse the request');
}

describe('HMAC-SHA256 hex signatures', () => {
  // https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries
  // ("Testing the webhook payload validation").
  const githubSecret = "It's a Secret to Everybody";
  const githubSignature = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

  it("passes GitHub's published known-answer vector", () => {
    expect(matchesHexSignature(githubSignature, githubSecret, ['Hello, World!'])).toBe(true);
    expect(
      matchesHexSignature(githubSignature.toUpperCase().replace('SHA256', 'sha256'), githubSecret, [
        'Hello, World!',
      ]),
    ).toBe(true);
  });

  it('refuses the vector with one byte changed anywhere', () => {
    expect(matchesHexSignature(githubSignature, githubSecret, ['Hello, World?'])).toBe(false);
    expect(matchesHexSignature(githubSignature, `${githubSecret}.`, ['Hello, World!'])).toBe(false);
    const flipped = `${githubSignature.slice(0, -1)}6`;
    expect(matchesHexSignature(flipped, githubSecret, ['Hello, World!'])).toBe(false);
  });

  it('treats wrong lengths and shapes as a mismatch, never a throw', () => {
    for (const header of [
      'sha256=757107ea',
      `${githubSignature}00`,
      githubSignature.slice('sha256='.length),
      'sha1=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      'sha256=zz7107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      '',
    ]) {
      expect(matchesHexSignature(header, githubSecret, ['Hello, World!'])).toBe(false);
    }
  });
});

describe('verifyDelivery', () => {
  const secret = newWebhookSecret();
  const only: CandidateSecrets = { current: secret, previous: null };

  describe('X-Webhook-Signature', () => {
    it('accepts a correct signature and reports the id, timestamp and replay key', () => {
      const verified = verifyDelivery(
        bag(xHeaders(secret, NOW_S, BODY, 'evt-1')),
        BODY,
        only,
        NOW_MS,
      );
      const hex = createHmac('sha256', secret).update(`${NOW_S}.`).update(BODY).digest('hex');
      expect(verified).toEqual({
        scheme: 'x-webhook',
        deliveryId: 'evt-1',
        idSigned: false,
        timestamp: NOW_S,
        signatureKey: `${NOW_S}:${hex}`,
        secret: 'current',
      });
    });

    it('keys replays on the digest, whatever the case of the hex signature', () => {
      const headers = bag(xHeaders(secret, NOW_S, BODY));
      const upper = {
        ...headers,
        'x-webhook-signature': `sha256=${(headers['x-webhook-signature'] as string).slice(7).toUpperCase()}`,
      };
      expect(verifyDelivery(upper, BODY, only, NOW_MS).signatureKey).toBe(
        verifyDelivery(headers, BODY, only, NOW_MS).signatureKey,
      );
    });

    it('names each failed check', () => {
      const good = bag(xHeaders(secret, NOW_S, BODY));
      const without = (name: string) =>
        Object.fromEntries(Object.entries(good).filter(([k]) => k !== name));
      expect(
        failedCheck(() => verifyDelivery(without('x-webhook-signature'), BODY, only, NOW_MS)),
      ).toBe('missing_signature');
      expect(
        failedCheck(() => verifyDelivery(without('x-webhook-timestamp'), BODY, only, NOW_MS)),
      ).toBe('missing_timestamp');
      expect(
        failedCheck(() =>
          verifyDelivery(
            { ...good, 'x-webhook-timestamp': '2026-01-15T12:00:00Z' },
            BODY,
            only,
            NOW_MS,
          ),
        ),
      ).toBe('invalid_timestamp');
      expect(
        failedCheck(() =>
          verifyDelivery({ ...good, 'x-webhook-signature': 'sha256=abc' }, BODY, only, NOW_MS),
        ),
      ).toBe('malformed_signature');
      expect(
        failedCheck(() => verifyDelivery(good, Buffer.from(`${BODY.toString()} `), only, NOW_MS)),
      ).toBe('signature_mismatch');
      expect(
        failedCheck(() =>
          verifyDelivery(good, BODY, { current: newWebhookSecret(), previous: null }, NOW_MS),
        ),
      ).toBe('signature_mismatch');
    });

    it('accepts 300 s of skew either way and refuses 301', () => {
      for (const ts of [NOW_S - 300, NOW_S + 300, NOW_S - 299, NOW_S + 299]) {
        expect(verifyDelivery(bag(xHeaders(secret, ts, BODY)), BODY, only, NOW_MS).timestamp).toBe(
          ts,
        );
      }
      for (const ts of [NOW_S - 301, NOW_S + 301]) {
        expect(
          failedCheck(() => verifyDelivery(bag(xHeaders(secret, ts, BODY)), BODY, only, NOW_MS)),
        ).toBe('timestamp_out_of_tolerance');
      }
    });

    it('checks the signature before the timestamp, so "stale" is said only of authentic requests', () => {
      const forged = {
        ...bag(xHeaders(secret, NOW_S - 1000, BODY)),
        'x-webhook-signature': `sha256=${'0'.repeat(64)}`,
      };
      expect(failedCheck(() => verifyDelivery(forged, BODY, only, NOW_MS))).toBe(
        'signature_mismatch',
      );
    });

    it('accepts the previous secret while it is a candidate, and says so', () => {
      const old = newWebhookSecret();
      const headers = bag(xHeaders(old, NOW_S, BODY));
      expect(verifyDelivery(headers, BODY, { current: secret, previous: old }, NOW_MS).secret).toBe(
        'previous',
      );
      expect(failedCheck(() => verifyDelivery(headers, BODY, only, NOW_MS))).toBe(
        'signature_mismatch',
      );
    });
  });

  describe('X-Webhook-Signature over <id>.<timestamp>.<body>', () => {
    it('accepts it and says the id is signed', () => {
      const verified = verifyDelivery(
        bag(xIdHeaders(secret, 'evt-9', NOW_S, BODY)),
        BODY,
        only,
        NOW_MS,
      );
      const hex = createHmac('sha256', secret).update(`evt-9.${NOW_S}.`).update(BODY).digest('hex');
      expect(verified).toEqual({
        scheme: 'x-webhook',
        deliveryId: 'evt-9',
        idSigned: true,
        timestamp: NOW_S,
        signatureKey: `${NOW_S}:${hex}`,
        secret: 'current',
      });
    });

    it('signs the id: another id, or none, with the same signature is a mismatch', () => {
      const good = bag(xIdHeaders(secret, 'evt-10', NOW_S, BODY));
      const { 'x-webhook-id': _id, ...withoutId } = good;
      for (const headers of [{ ...good, 'x-webhook-id': 'evt-11' }, withoutId]) {
        expect(failedCheck(() => verifyDelivery(headers, BODY, only, NOW_MS))).toBe(
          'signature_mismatch',
        );
      }
    });

    it('reads the id from webhook-id when X-Webhook-Id is absent, as for replays', () => {
      const { 'x-webhook-id': id, ...rest } = bag(xIdHeaders(secret, 'evt-12', NOW_S, BODY));
      const verified = verifyDelivery({ ...rest, 'webhook-id': id }, BODY, only, NOW_MS);
      expect(verified).toMatchObject({ deliveryId: 'evt-12', idSigned: true });
    });

    it('accepts the previous secret, checks the signature before the timestamp', () => {
      const old = newWebhookSecret();
      const headers = bag(xIdHeaders(old, 'evt-13', NOW_S, BODY));
      expect(
        verifyDelivery(headers, BODY, { current: secret, previous: old }, NOW_MS),
      ).toMatchObject({ secret: 'previous', idSigned: true });
      const stale = bag(xIdHeaders(secret, 'evt-14', NOW_S - 301, BODY));
      expect(failedCheck(() => verifyDelivery(stale, BODY, only, NOW_MS))).toBe(
        'timestamp_out_of_tolerance',
      );
      expect(
        failedCheck(() =>
          verifyDelivery({ ...stale, 'x-webhook-id': 'evt-15' }, BODY, only, NOW_MS),
        ),
      ).toBe('signature_mismatch');
    });

    it('keeps a signature over <timestamp>.<body> as it was when an id is sent', () => {
      const verified = verifyDelivery(
        bag(xHeaders(secret, NOW_S, BODY, 'evt-16')),
        BODY,
        only,
        NOW_MS,
      );
      expect(verified).toMatchObject({ deliveryId: 'evt-16', idSigned: false });
    });
  });

  describe('Standard Webhooks', () => {
    it('accepts the headers its libraries send, keyed with the decoded whsec_ secret', () => {
      const headers = bag(standardHeaders(secret, 'msg_1', NOW_S, BODY));
      expect(verifyDelivery(headers, BODY, only, NOW_MS)).toMatchObject({
        scheme: 'standard-webhooks',
        deliveryId: 'msg_1',
        idSigned: true,
        timestamp: NOW_S,
        secret: 'current',
      });
      expect(standardWebhooksKey(secret)).toHaveLength(32);
    });

    it('finds the matching entry in a space-separated list and skips other versions', () => {
      const good = bag(standardHeaders(secret, 'msg_2', NOW_S, BODY));
      const list = `v1a,${'A'.repeat(86)}== v1,${Buffer.alloc(32).toString('base64')} ${good['webhook-signature'] as string}`;
      expect(
        verifyDelivery({ ...good, 'webhook-signature': list }, BODY, only, NOW_MS).deliveryId,
      ).toBe('msg_2');
    });

    it('signs the id: another id with the same signature is a mismatch', () => {
      const good = bag(standardHeaders(secret, 'msg_3', NOW_S, BODY));
      expect(
        failedCheck(() => verifyDelivery({ ...good, 'webhook-id': 'msg_4' }, BODY, only, NOW_MS)),
      ).toBe('signature_mismatch');
    });

    it('names each failed check', () => {
      const good = bag(standardHeaders(secret, 'msg_5', NOW_S, BODY));
      const without = (name: string) =>
        Object.fromEntries(Object.entries(good).filter(([k]) => k !== name));
      expect(failedCheck(() => verifyDelivery(without('webhook-id'), BODY, only, NOW_MS))).toBe(
        'missing_id',
      );
      expect(
        failedCheck(() => verifyDelivery(without('webhook-timestamp'), BODY, only, NOW_MS)),
      ).toBe('missing_timestamp');
      expect(
        failedCheck(() =>
          verifyDelivery({ ...good, 'webhook-signature': 'v1,short=' }, BODY, only, NOW_MS),
        ),
      ).toBe('malformed_signature');
      expect(
        failedCheck(() =>
          verifyDelivery({ ...good, 'webhook-signature': 'v2,abc' }, BODY, only, NOW_MS),
        ),
      ).toBe('malformed_signature');
      const stale = bag(standardHeaders(secret, 'msg_6', NOW_S - 301, BODY));
      expect(failedCheck(() => verifyDelivery(stale, BODY, only, NOW_MS))).toBe(
        'timestamp_out_of_tolerance',
      );
    });
  });

  describe('a current secret that cannot be decrypted (null)', () => {
    const unreadable: CandidateSecrets = { current: null, previous: null };

    it('refuses every signature as secret_unavailable, in both conventions, never throwing otherwise', () => {
      for (const headers of [
        xHeaders(secret, NOW_S, BODY),
        xIdHeaders(secret, 'evt_1', NOW_S, BODY),
        standardHeaders(secret, 'msg_1', NOW_S, BODY),
      ]) {
        expect(failedCheck(() => verifyDelivery(bag(headers), BODY, unreadable, NOW_MS))).toBe(
          'secret_unavailable',
        );
      }
      // Problems of the request itself are still named as such.
      const noTimestamp = bag(xHeaders(secret, NOW_S, BODY));
      delete noTimestamp['x-webhook-timestamp'];
      expect(failedCheck(() => verifyDelivery(noTimestamp, BODY, unreadable, NOW_MS))).toBe(
        'missing_timestamp',
      );
    });

    it('still accepts the previous secret during its grace period', () => {
      const old = newWebhookSecret();
      const headers = bag(xHeaders(old, NOW_S, BODY));
      expect(verifyDelivery(headers, BODY, { current: null, previous: old }, NOW_MS).secret).toBe(
        'previous',
      );
      expect(
        failedCheck(() =>
          verifyDelivery(
            bag(xHeaders(secret, NOW_S, BODY)),
            BODY,
            { current: null, previous: old },
            NOW_MS,
          ),
        ),
      ).toBe('secret_unavailable');
    });
  });
});
