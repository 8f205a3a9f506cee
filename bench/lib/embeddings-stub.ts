import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Dimensions of the stub's vectors (small: the stub stands in for a remote service). */
const STUB_DIMENSIONS = 64;

/**
 * An OpenAI-compatible `/v1/embeddings` endpoint on 127.0.0.1 that answers at once with
 * deterministic vectors (SHA-256 of the text, spread over 64 dimensions). Benchmarks of the
 * write path point the service at it (EMBEDDINGS_URL) to model a deployment whose embeddings
 * are computed by a separate service, so the bundled model's CPU (about 7 ms per node on
 * these machines) does not share the two cores with the path being measured. Runs in the
 * benchmark process.
 */
export async function startEmbeddingsStub(): Promise<{
  url: string;
  texts: () => number;
  close: () => Promise<void>;
}> {
  let texts = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string[] };
      texts += body.input.length;
      const data = body.input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: vectorOf(text),
      }));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ object: 'list', data, model: 'bench-stub' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    texts: () => texts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function vectorOf(text: string): number[] {
  const digest = createHash('sha256').update(text).digest();
  return Array.from({ length: STUB_DIMENSIONS }, (_, i) => digest[i % digest.length]! / 255 - 0.5);
}
