import type { Embedder } from '../../ports/embedder';

/** Settings of an OpenAI-compatible embeddings endpoint (config `embeddings`). */
export interface OpenAiEmbedderOptions {
  /** Base URL, e.g. `http://localhost:11434` or `https://api.openai.com/v1`. */
  url: string;
  model: string;
  apiKey?: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** Texts per request; default 96. */
  batchSize?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_BATCH_SIZE = 96;
/** How much of an error body is quoted in the error message. */
const BODY_EXCERPT = 300;

/**
 * The `/v1/embeddings` URL for a configured base URL. The base may end with `/v1` or not
 * (`http://host:8080` and `http://host:8080/v1` both mean `http://host:8080/v1/embeddings`),
 * since providers document it both ways.
 */
export function embeddingsEndpoint(url: string): string {
  const base = url.replace(/\/+$/, '');
  return /\/v1$/.test(base) ? `${base}/embeddings` : `${base}/v1/embeddings`;
}

/**
 * An embedder backed by any OpenAI-compatible `POST /v1/embeddings` endpoint (OpenAI,
 * Azure-style gateways, Ollama, vLLM, LiteLLM, text-embeddings-inference...). Sends
 * `{ model, input: [...] }` in batches, restores input order from each item's `index`, and
 * L2-normalises the vectors (not every server does). Dimensions are learnt from one probe
 * request on first use. Every failure rejects with a message naming the endpoint problem.
 */
export class OpenAiEmbedder implements Embedder {
  readonly name: string;
  private readonly endpoint: string;
  private readonly timeoutMs: number;
  private readonly batchSize: number;
  private probed: Promise<number> | null = null;
  private dims: number | null = null;

  constructor(private readonly options: OpenAiEmbedderOptions) {
    this.name = `openai-compatible:${options.model}`;
    this.endpoint = embeddingsEndpoint(options.url);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  }

  dimensions(): Promise<number> {
    if (this.dims !== null) {
      return Promise.resolve(this.dims);
    }
    if (this.probed === null) {
      const probe = this.request(['dimensions probe']).then(([vector]) => this.learn(vector));
      // A failed probe is not remembered: the next call tries again.
      probe.catch(() => {
        this.probed = null;
      });
      this.probed = probe;
    }
    return this.probed;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const batch = await this.request(texts.slice(start, start + this.batchSize));
      for (const vector of batch) {
        this.learn(vector);
        vectors.push(vector);
      }
    }
    return vectors;
  }

  /** Records the dimensions from the first vector; a later vector of another length fails. */
  private learn(vector: Float32Array | undefined): number {
    if (vector === undefined) {
      throw this.malformed('no embedding returned');
    }
    if (this.dims === null) {
      this.dims = vector.length;
    } else if (vector.length !== this.dims) {
      throw this.malformed(
        `an embedding of ${vector.length} dimensions after earlier ones of ${this.dims}`,
      );
    }
    return this.dims;
  }

  private async request(input: readonly string[]): Promise<Float32Array[]> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.options.apiKey) {
      headers.authorization = `Bearer ${this.options.apiKey}`;
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.options.model, input }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      // Duck-typed: fetch's DOMException need not be an `Error` of this realm.
      const name = (error as { name?: unknown } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new Error(
          `The embeddings endpoint ${this.endpoint} did not answer within ${this.timeoutMs} ms`,
        );
      }
      throw new Error(
        `The embeddings endpoint ${this.endpoint} is unreachable: ${describe(error)}`,
      );
    }
    if (!response.ok) {
      throw new Error(
        `The embeddings endpoint ${this.endpoint} answered HTTP ${response.status}: ` +
          excerpt(text),
      );
    }
    return this.parse(text, input.length);
  }

  /** Checks an OpenAI embeddings response and returns unit vectors in input order. */
  private parse(text: string, expected: number): Float32Array[] {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw this.malformed(`a body that is not JSON: ${excerpt(text)}`);
    }
    const data = (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) {
      throw this.malformed('a body without a `data` array');
    }
    if (data.length !== expected) {
      throw this.malformed(`${data.length} embeddings for ${expected} inputs`);
    }
    const vectors: (Float32Array | undefined)[] = new Array<Float32Array | undefined>(expected);
    data.forEach((item: unknown, position) => {
      const { index, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
      // `index` is optional in some servers' answers; then the order is the input order.
      const at = index === undefined ? position : index;
      if (typeof at !== 'number' || !Number.isInteger(at) || at < 0 || at >= expected) {
        throw this.malformed(`an item with an invalid index ${JSON.stringify(index)}`);
      }
      if (vectors[at] !== undefined) {
        throw this.malformed(`two items with index ${at}`);
      }
      if (
        !Array.isArray(embedding) ||
        embedding.length === 0 ||
        !embedding.every((v) => typeof v === 'number' && Number.isFinite(v))
      ) {
        throw this.malformed(`item ${at} without a numeric \`embedding\` array`);
      }
      vectors[at] = normalise(embedding as number[], () => this.malformed(`a zero vector`));
    });
    return vectors as Float32Array[];
  }

  private malformed(what: string): Error {
    return new Error(`The embeddings endpoint ${this.endpoint} returned ${what}`);
  }
}

function normalise(values: number[], zero: () => Error): Float32Array {
  let norm = 0;
  for (const value of values) {
    norm += value * value;
  }
  if (norm === 0) {
    throw zero();
  }
  const scale = 1 / Math.sqrt(norm);
  return Float32Array.from(values, (v) => v * scale);
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') {
    return '(empty body)';
  }
  return flat.length > BODY_EXCERPT ? `${flat.slice(0, BODY_EXCERPT)}...` : flat;
}

function describe(error: unknown): string {
  // Duck-typed, as above: undici's errors may come from another realm.
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') {
    return String(error);
  }
  const cause = (error as { cause?: { message?: unknown } }).cause?.message;
  return typeof cause === 'string' ? `${message}: ${cause}` : message;
}
