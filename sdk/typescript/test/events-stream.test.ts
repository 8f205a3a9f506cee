import { WosApiError, type ChangeEvent } from '../src';
import type { FetchLike } from '../src/transport';
import { startSdkService, type SdkService } from './support/sdk-service';

type Plan = { events: number; then: 'cut' | 'disconnect' } | 'refuse' | 'pass';

/**
 * The service's stream, line by line, with `retry:` shortened to 10 ms and, after
 * `events` complete events, either cut in the middle of the next event's `data:` line or
 * ended with `event: disconnect`.
 */
function rewrite(body: ReadableStream<Uint8Array>, plan: Plan): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = '';
  let complete = 0;
  let sawData = false;
  let cutting = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const newline = buffer.indexOf('\n');
        if (newline < 0) {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            return;
          }
          buffer += decoder.decode(value, { stream: true });
          continue;
        }
        let line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.startsWith('retry:')) {
          line = 'retry: 10';
        }
        if (typeof plan === 'object' && cutting && line.startsWith('data:')) {
          controller.enqueue(encoder.encode(line.slice(0, 12)));
          await reader.cancel();
          controller.error(new TypeError('terminated: the connection was cut'));
          return;
        }
        controller.enqueue(encoder.encode(`${line}\n`));
        if (line.startsWith('data:')) {
          sawData = true;
        } else if (line === '' && sawData) {
          sawData = false;
          complete += 1;
          if (typeof plan === 'object' && complete === plan.events) {
            if (plan.then === 'cut') {
              cutting = true;
            } else {
              controller.enqueue(encoder.encode('event: disconnect\ndata: {}\n\n'));
              await reader.cancel();
              controller.close();
              return;
            }
          }
        }
        return;
      }
    },
    cancel: () => reader.cancel(),
  });
}

describe('client.events.stream', () => {
  let s: SdkService;
  beforeAll(async () => {
    s = await startSdkService();
    for (let i = 0; i < 10; i += 1) {
      await s.client.nodes.create({ entityType: 'Pump', name: `pump ${i}` });
    }
  });
  afterAll(async () => {
    await s.close();
  });

  it('resumes after a cut mid-event, a 503 and a disconnect: every event once, in order', async () => {
    const expected = (await s.client.events.list({ limit: 100 }).toArray()).map((e) => e.seq);
    expect(expected.length).toBeGreaterThanOrEqual(10);
    const plans: Plan[] = [
      { events: 3, then: 'cut' },
      'refuse',
      { events: 3, then: 'disconnect' },
      'pass',
    ];
    const resumedFrom: (string | null)[] = [];
    const fetch: FetchLike = async (url, init) => {
      if (!new URL(url).pathname.endsWith('/events/stream')) {
        return globalThis.fetch(url, init);
      }
      resumedFrom.push(new Headers(init.headers).get('last-event-id'));
      const plan = plans.shift() ?? 'pass';
      if (plan === 'refuse') {
        const body = { error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } };
        return new Response(JSON.stringify(body), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '0' },
        });
      }
      const response = await globalThis.fetch(url, init);
      return new Response(rewrite(response.body!, plan), {
        status: response.status,
        headers: response.headers,
      });
    };
    const client = s.clientWith({ fetch, retry: { maxRetries: 0 } });

    const seen: ChangeEvent[] = [];
    let created = '';
    for await (const event of client.events.stream()) {
      seen.push(event);
      if (seen.length === expected.length) {
        // Live: an event committed while streaming comes next.
        created = (await s.client.nodes.create({ entityType: 'Pump', name: 'late' })).id;
      }
      if (seen.length > expected.length) {
        break;
      }
    }
    expect(seen.slice(0, -1).map((e) => e.seq)).toEqual(expected);
    expect(seen.at(-1)).toMatchObject({ type: 'node.created' });
    expect(JSON.stringify(seen.at(-1))).toContain(created);
    const [third, sixth] = [expected[2], expected[5]].map(String);
    expect(resumedFrom).toEqual([null, third, third, sixth]);
  });

  it('starts after `after`, and a refused key ends the stream at once', async () => {
    const all = (await s.client.events.list({ limit: 100 }).toArray()).map((e) => e.seq);
    const after = String(all[all.length - 3]);
    const seen: number[] = [];
    for await (const event of s.client.events.stream({ after })) {
      seen.push(event.seq);
      if (seen.length === 2) {
        break;
      }
    }
    expect(seen).toEqual(all.slice(-2));

    const refusing = s.clientWith({ apiKey: 'wos_not_a_key', retry: { maxRetries: 0 } });
    await expect(refusing.events.stream().next()).rejects.toBeInstanceOf(WosApiError);
  });
});
