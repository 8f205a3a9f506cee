/**
 * The change feed as Server-Sent Events (`GET /api/events/stream`), read across
 * reconnections: `SseReader` is the parsing state without I/O, `streamEvents` the loop.
 */
import type { components } from './generated/openapi';
import { WosApiError, WosError, WosNetworkError } from './errors';
import { isRetryableStatus, parseRetryAfter, sleep } from './retry';

/** One event of the change feed, as `GET /api/events` gives it. */
export type ChangeEvent = components['schemas']['ChangeEvent'];

/**
 * The state of one subscription across its connections. Per the Server-Sent Events rules,
 * an event's `id:` becomes the last event id only when the event is dispatched (its blank
 * line): a connection cut in the middle of an event resumes before that event, which is
 * sent again whole. A bare `id:` (events the filter left out) moves the last event id too.
 * `retry:` sets the wait before reconnecting.
 */
export class SseReader {
  lastEventId: string | null = null;
  retryMs = 2000;
  received = 0;
  disconnected = false;
  private event = '';
  private data: string[] = [];
  private id: string | null = null;

  /** Starts a connection: `Last-Event-ID` once an event was dispatched (it wins over `after`). */
  resumeHeaders(): Record<string, string> {
    this.disconnected = false;
    this.event = '';
    this.data = [];
    this.id = null;
    return this.lastEventId === null ? {} : { 'Last-Event-ID': this.lastEventId };
  }

  /** One line of the stream; the event it completes, if any. */
  feed(line: string): ChangeEvent | undefined {
    if (line === '') {
      return this.dispatch();
    }
    if (line.startsWith(':')) {
      return undefined;
    }
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) {
      value = value.slice(1);
    }
    if (name === 'event') {
      this.event = value;
    } else if (name === 'data') {
      this.data.push(value);
    } else if (name === 'id' && !value.includes('\0')) {
      this.id = value;
    } else if (name === 'retry' && /^\d+$/.test(value)) {
      this.retryMs = Number(value);
    }
    return undefined;
  }

  /** Milliseconds before the next connection: what the service said, longer on failures. */
  delay(failures: number, error: unknown): number {
    if (error instanceof WosApiError) {
      const retryAfter = parseRetryAfter(error.headers.get('retry-after'));
      if (retryAfter !== null) {
        return retryAfter;
      }
    }
    if (failures <= 1) {
      return this.retryMs;
    }
    return Math.min(30_000, this.retryMs * 2 ** (failures - 1)) * (0.5 + Math.random() / 2);
  }

  private dispatch(): ChangeEvent | undefined {
    const { event, data, id } = this;
    this.event = '';
    this.data = [];
    this.id = null;
    if (id !== null) {
      this.lastEventId = id;
    }
    if (event === 'disconnect') {
      this.disconnected = true;
      return undefined;
    }
    if (data.length === 0) {
      return undefined;
    }
    this.received += 1;
    return JSON.parse(data.join('\n')) as ChangeEvent;
  }
}

/** What `client.events.stream()` takes. */
export interface StreamOptions {
  /** The cursor (an event's `seq`) to start after; the default is the feed's start. */
  after?: string;
  /** Event types, comma-separated. */
  types?: string;
  /** Only events of records of this entity type. */
  entityType?: string;
  /** `false`: end with the first connection instead of reconnecting. */
  reconnect?: boolean;
  /** Connections in a row that received nothing before the error is thrown (default 5). */
  maxFailures?: number;
  /** Stops the stream (and any wait before reconnecting). */
  signal?: AbortSignal;
}

/** Opens one connection: the stream's body. */
export type OpenStream = (
  query: { after?: string; types?: string; entityType?: string },
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
) => Promise<ReadableStream<Uint8Array>>;

/** Whether an error ends the stream at once (a bad or expired cursor, a refused key). */
function isFinal(error: unknown): boolean {
  if (error instanceof WosApiError) {
    return !isRetryableStatus(error.status);
  }
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Every event after `options.after`, for ever: when the connection drops or the service
 * ends the stream (`event: disconnect`), it connects again with `Last-Event-ID` after the
 * wait the service asked for (`retry:`, or `Retry-After` of a 429 or 503), so no event is
 * missed or repeated.
 */
export async function* streamEvents(
  open: OpenStream,
  options: StreamOptions = {},
): AsyncGenerator<ChangeEvent> {
  const { after, types, entityType, reconnect = true, maxFailures = 5, signal } = options;
  const reader = new SseReader();
  let failures = 0;
  for (;;) {
    const received = reader.received;
    let failure: unknown = null;
    try {
      const body = await open({ after, types, entityType }, reader.resumeHeaders(), signal);
      for await (const line of lines(body, signal)) {
        const event = reader.feed(line);
        if (event !== undefined) {
          yield event;
        }
        if (reader.disconnected) {
          break;
        }
      }
    } catch (error) {
      if (isFinal(error) || signal?.aborted) {
        throw error;
      }
      failure = error;
    }
    if (!reconnect && failure === null) {
      return;
    }
    failures = reader.received > received ? 0 : failures + 1;
    if (!reconnect || failures >= maxFailures) {
      throw failure instanceof WosError
        ? failure
        : new WosNetworkError(
            failure === null
              ? 'GET /api/events/stream: the stream ended without events'
              : `GET /api/events/stream: the stream was cut: ${failure instanceof Error ? failure.message : 'no answer'}`,
            { cause: failure },
          );
    }
    await sleep(reader.delay(failures, failure), signal);
  }
}

/** The lines of a stream (CR LF, LF or CR ends one); the connection closes when the loop ends. */
async function* lines(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const abort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', abort);
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        return;
      }
      buffer += decoder.decode(value, { stream: true });
      let match: RegExpExecArray | null;
      // A CR at the very end may be the first half of a CR LF: wait for the next chunk.
      while ((match = /\r\n|\n|\r(?!$)/.exec(buffer)) !== null) {
        yield buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
      }
    }
  } finally {
    signal?.removeEventListener('abort', abort);
    await reader.cancel().catch(() => undefined);
  }
}
