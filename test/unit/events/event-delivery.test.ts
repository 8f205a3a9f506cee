import type dns from 'node:dns';
import { Webhook } from 'standardwebhooks';
import { AddressPolicy } from '../../../src/events/delivery/address-policy';
import { HttpSender, parseRetryAfter } from '../../../src/events/delivery/http-sender';
import { retryDelayMs } from '../../../src/events/delivery/retry';
import { standardWebhookHeaders } from '../../../src/events/delivery/signature';
import { newWebhookSecret } from '../../../src/webhooks/secrets';
import { startReceiver, type Receiver, type ReceiverAnswer } from '../../support/event-clients';

describe('outbound webhooks: addresses, signatures, retries, the sender', () => {
  describe('AddressPolicy', () => {
    const strict = new AddressPolicy();

    it.each([
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
    ])('refuses %s', (address) => {
      expect(strict.check(address)).toMatch(/private, loopback, link-local or reserved/);
    });

    it.each(['8.8.8.8', '93.184.215.14', '172.32.0.1', '2606:4700::1111'])(
      'allows %s',
      (address) => {
        expect(strict.check(address)).toBeNull();
      },
    );

    it('allows a private range an operator names, and only that one', () => {
      const policy = new AddressPolicy(['127.0.0.1/32', '10.0.0.0/8']);
      expect(policy.check('127.0.0.1')).toBeNull();
      expect(policy.check('::ffff:127.0.0.1')).toBeNull();
      expect(policy.check('10.200.0.1')).toBeNull();
      expect(policy.check('127.0.0.2')).not.toBeNull();
      expect(policy.check('192.168.0.1')).not.toBeNull();
      expect(() => new AddressPolicy(['not a range'])).toThrow(/not a CIDR range/);
    });
  });

  it('signs as Standard Webhooks: the reference library verifies every secret in force', () => {
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    const body = JSON.stringify({ id: 'evt_1', type: 'node.created', text: 'ü 🚀' });
    const now = Math.floor(Date.now() / 1000);
    const headers = standardWebhookHeaders([current, previous], 'evt_1', now, body);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(`${body} `, headers)).toThrow();
  });

  it('backs off exponentially with jitter, capped, and honours Retry-After', () => {
    const low = () => 0;
    const high = () => 0.999999;
    expect(retryDelayMs(1, null, low)).toBe(4000);
    expect(retryDelayMs(1, null, high)).toBe(6000);
    expect(retryDelayMs(2, null, low)).toBe(8000);
    expect(retryDelayMs(5, null, low)).toBe(64_000);
    expect(retryDelayMs(30, null, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(30, null, high)).toBeLessThan(4_320_000);
    expect(retryDelayMs(1, 120_000, low)).toBe(120_000);
    expect(retryDelayMs(1, 1000, low)).toBe(4000);
    expect(retryDelayMs(1, 7 * 86_400_000, low)).toBe(86_400_000);
    expect(parseRetryAfter('120', 0)).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:01:00 GMT', 0)).toBe(60);
    expect(parseRetryAfter('soon', 0)).toBeNull();
    expect(parseRetryAfter(undefined, 0)).toBeNull();
  });

  describe('HttpSender', () => {
    let receiver: Receiver;
    let sender: HttpSender;
    beforeEach(async () => {
      receiver = await startReceiver();
      sender = new HttpSender({ policy: new AddressPolicy(['127.0.0.1/32']), timeoutMs: 500 });
    });
    afterEach(async () => {
      sender.close();
      await receiver.close();
    });

    it.each([
      ['ftp://example.com/', 'must be an http or https URL'],
      ['not a url', 'is not an absolute URL'],
      ['https://user:pass@example.com/', 'must not hold credentials'],
      ['http://localhost:8080/', 'names a loopback host'],
      ['http://api.localhost/', 'names a loopback host'],
      ['http://10.0.0.1/', 'names a refused address'],
      ['http://[::1]:8080/', 'names a refused address'],
      ['http://169.254.169.254/latest/meta-data', 'names a refused address'],
    ])('refuses %s', (url, problem) => {
      expect(sender.checkUrl(url)).toContain(problem);
    });

    it('posts the body with the headers, and keeps the start of the answer', async () => {
      receiver.answer(() => ({ status: 200, body: 'y'.repeat(5000) }));
      const outcome = await sender.send(receiver.url, { 'webhook-id': 'evt_1' }, '{"a":1}');
      expect(outcome).toMatchObject({ kind: 'response', status: 200, retryAfterSeconds: null });
      expect(outcome.kind === 'response' && outcome.excerpt.length).toBe(1024);
      expect(receiver.received[0]?.body).toBe('{"a":1}');
      expect(receiver.received[0]?.headers['webhook-id']).toBe('evt_1');
      expect(receiver.received[0]?.headers['content-type']).toBe('application/json');
    });

    it('does not follow redirects, reads Retry-After, and bounds an attempt in time', async () => {
      receiver.answer((_, index): ReceiverAnswer =>
        index === 0
          ? { status: 302, headers: { location: 'http://169.254.169.254/' } }
          : index === 1
            ? { status: 429, headers: { 'retry-after': '30' } }
            : { status: 200, delayMs: 2000 },
      );
      expect(await sender.send(receiver.url, {}, '{}')).toMatchObject({
        kind: 'response',
        status: 302,
      });
      expect(receiver.received).toHaveLength(1);
      expect(await sender.send(receiver.url, {}, '{}')).toMatchObject({
        status: 429,
        retryAfterSeconds: 30,
      });
      const slow = await sender.send(receiver.url, {}, '{}');
      expect(slow).toMatchObject({ kind: 'error', refused: false });
      expect(slow.durationMs).toBeLessThan(1500);
    });

    it('checks the address a name resolves to when it connects, not only the URL', async () => {
      const rebinding = ((
        _host: string,
        _options: unknown,
        callback: (...args: unknown[]) => void,
      ) => callback(null, [{ address: '10.0.0.7', family: 4 }])) as unknown as typeof dns.lookup;
      const guarded = new HttpSender({
        policy: new AddressPolicy(),
        timeoutMs: 500,
        resolve: rebinding,
      });
      try {
        expect(guarded.checkUrl('http://hooks.example.com/x')).toBeNull();
        const outcome = await guarded.send('http://hooks.example.com/x', {}, '{}');
        expect(outcome).toMatchObject({ kind: 'error', refused: true });
        expect(outcome.kind === 'error' && outcome.reason).toMatch(
          /hooks\.example\.com resolves to 10\.0\.0\.7/,
        );
      } finally {
        guarded.close();
      }
    });
  });
});
