import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  embeddingsEndpoint,
  OpenAiEmbedder,
} from '../../../src/adapters/embeddings/openai-embedder';
import { HashEmbedder } from '../../support/hash-embedder';
import { embedderContract } from './embedder.contract';

type Mode = 'ok' | 'status-500' | 'status-401' | 'not-json' | 'no-data' | 'short' | 'hang';

interface Received {
  path: string;
  authorization: string | undefined;
  body: { model?: unknown; input?: unknown };
}

/**
 * A tiny OpenAI-compatible `/v1/embeddings` server on 127.0.0.1. Its vectors come from the
 * hash embedder, scaled by 3 (not unit length, as some servers answer) and listed in
 * reverse order with their `index` (as the API allows), so the client must sort and
 * normalise.
 */
async function startFakeServer() {
  const hash = new HashEmbedder(24);
  const received: Received[] = [];
  const state = { mode: 'ok' as Mode };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'];
      received.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      switch (state.mode) {
        case 'hang':
          return; // never answers
        case 'status-500':
          return json(500, { error: { message: 'model crashed' } });
        case 'status-401':
          return json(401, { error: { message: 'Incorrect API key provided' } });
        case 'not-json':
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html>gateway</html>');
        case 'no-data':
          return json(200, { object: 'list', results: [] });
        case 'short':
          return json(200, { object: 'list', data: [] });
        case 'ok':
          break;
      }
      if (req.url !== '/v1/embeddings' || !Array.isArray(body.input)) {
        return json(404, { error: { message: 'not found' } });
      }
      void hash.embed(body.input as string[]).then((vectors) => {
        const data = vectors
          .map((v, index) => ({
            object: 'embedding',
            index,
            embedding: Array.from(v, (x) => x * 3),
          }))
          .reverse();
        json(200, { object: 'list', data, model: body.model, usage: { prompt_tokens: 1 } });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let shared: Awaited<ReturnType<typeof startFakeServer>> | undefined;
embedderContract('openai-compatible (fake /v1/embeddings server)', async () => {
  shared = await startFakeServer();
  const server = shared;
  return {
    embedder: new OpenAiEmbedder({ url: server.url, model: 'fake-embed', batchSize: 32 }),
    cleanup: () => server.close(),
  };
});

describe('OpenAiEmbedder specifics', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  beforeAll(async () => {
    server = await startFakeServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.state.mode = 'ok';
    server.received.length = 0;
  });

  it('accepts the base URL with or without /v1 and a trailing slash', () => {
    expect(embeddingsEndpoint('http://h:1')).toBe('http://h:1/v1/embeddings');
    expect(embeddingsEndpoint('http://h:1/')).toBe('http://h:1/v1/embeddings');
    expect(embeddingsEndpoint('http://h:1/v1')).toBe('http://h:1/v1/embeddings');
    expect(embeddingsEndpoint('https://h/openai/v1/')).toBe('https://h/openai/v1/embeddings');
  });

  it('is named after its model and learns the dimensions from one probe', async () => {
    const embedder = new OpenAiEmbedder({ url: `${server.url}/v1`, model: 'm-1' });
    expect(embedder.name).toBe('openai-compatible:m-1');
    expect(await embedder.dimensions()).toBe(24);
    expect(await embedder.dimensions()).toBe(24);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.path).toBe('/v1/embeddings');
  });

  it('sends {model, input} in batches, with the API key as a bearer token', async () => {
    const embedder = new OpenAiEmbedder({
      url: server.url,
      model: 'm-2',
      apiKey: 'sk-test-123',
      batchSize: 3,
    });
    const vectors = await embedder.embed(['a', 'b', 'c', 'd', 'e']);
    expect(vectors).toHaveLength(5);
    expect(server.received.map((r) => r.body)).toEqual([
      { model: 'm-2', input: ['a', 'b', 'c'] },
      { model: 'm-2', input: ['d', 'e'] },
    ]);
    expect(server.received.every((r) => r.authorization === 'Bearer sk-test-123')).toBe(true);
  });

  it('sends no Authorization header without an API key', async () => {
    await new OpenAiEmbedder({ url: server.url, model: 'm' }).embed(['a']);
    expect(server.received[0]?.authorization).toBeUndefined();
  });

  const failures: [Mode, RegExp][] = [
    ['status-500', /answered HTTP 500: .*model crashed/],
    ['status-401', /answered HTTP 401: .*Incorrect API key/],
    ['not-json', /returned a body that is not JSON: <html>gateway<\/html>/],
    ['no-data', /returned a body without a `data` array/],
    ['short', /returned 0 embeddings for 2 inputs/],
  ];
  it.each(failures)(
    'rejects with a clear error when the server answers %s',
    async (mode, message) => {
      server.state.mode = mode;
      const embedder = new OpenAiEmbedder({ url: server.url, model: 'm' });
      await expect(embedder.embed(['a', 'b'])).rejects.toThrow(message);
    },
  );

  it('rejects when the server does not answer within the configured timeout', async () => {
    server.state.mode = 'hang';
    const embedder = new OpenAiEmbedder({ url: server.url, model: 'm', timeoutMs: 150 });
    await expect(embedder.embed(['a'])).rejects.toThrow(/did not answer within 150 ms/);
  });

  it('rejects when nothing listens at the URL', async () => {
    const closed = await startFakeServer();
    await closed.close();
    const embedder = new OpenAiEmbedder({ url: closed.url, model: 'm' });
    await expect(embedder.embed(['a'])).rejects.toThrow(/is unreachable/);
  });

  it('does not remember a failed probe: dimensions() succeeds once the server recovers', async () => {
    server.state.mode = 'status-500';
    const embedder = new OpenAiEmbedder({ url: server.url, model: 'm' });
    await expect(embedder.dimensions()).rejects.toThrow(/HTTP 500/);
    server.state.mode = 'ok';
    expect(await embedder.dimensions()).toBe(24);
  });
});
