import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressPolicy } from './address-policy';

/** What one delivery attempt came to. */
export type SendOutcome =
  | {
      kind: 'response';
      status: number;
      /** Seconds, from a `Retry-After` header the receiver sent (delta or HTTP date). */
      retryAfterSeconds: number | null;
      /** The start of the response body, as text (for the delivery log). */
      excerpt: string;
      durationMs: number;
    }
  | {
      /** No HTTP response: refused address, DNS failure, connection error or time-out. */
      kind: 'error';
      reason: string;
      /** True when the target itself is not allowed (SSRF policy): retrying cannot help. */
      refused: boolean;
      durationMs: number;
    };

export interface HttpSenderOptions {
  policy: AddressPolicy;
  /** Bound on one attempt, from the start of the connection to the end of the excerpt. */
  timeoutMs: number;
  /** Bytes of the response body kept for the delivery log. */
  excerptBytes?: number;
  /** Sockets kept open per target origin between attempts. */
  maxSocketsPerOrigin?: number;
  /** How names are resolved (the system resolver unless given). */
  resolve?: typeof dns.lookup;
}

/**
 * POSTs outbound webhooks. Redirects are never followed (a 3xx is an answer like any
 * other: a failed attempt). Every address dialled passes the address policy, checked in
 * the socket's own DNS look-up so that the address checked is the address connected to.
 * Connections are kept alive per origin, since a subscriber receives a stream of deliveries.
 */
export class HttpSender {
  private readonly excerptBytes: number;
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(private readonly options: HttpSenderOptions) {
    this.excerptBytes = options.excerptBytes ?? 1024;
    const agentOptions = {
      keepAlive: true,
      maxSockets: options.maxSocketsPerOrigin ?? 8,
      maxFreeSockets: options.maxSocketsPerOrigin ?? 8,
      timeout: options.timeoutMs,
    };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
  }

  /**
   * Null when `url` is a target a subscription may name (http or https, no credentials in
   * it, a host whose literal address is allowed), else why not. Names are resolved only
   * when sending.
   */
  checkUrl(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return 'is not an absolute URL';
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      return 'must be an http or https URL';
    }
    if (parsed.username !== '' || parsed.password !== '') {
      return 'must not hold credentials';
    }
    const host = hostOf(parsed);
    if (net.isIP(host) !== 0) {
      const refused = this.options.policy.check(host);
      return refused === null ? null : `names a refused address: ${refused}`;
    }
    if (host === '' || /^localhost\.?$/i.test(host) || /\.localhost\.?$/i.test(host)) {
      return 'names a loopback host';
    }
    return null;
  }

  /** One POST of `body` to `url`, bounded by the time-out. Never throws. */
  async send(url: string, headers: Record<string, string>, body: string): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const invalid = this.checkUrl(url);
    if (invalid !== null) {
      return { kind: 'error', reason: `the URL ${invalid}`, refused: true, durationMs: elapsed() };
    }
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    return new Promise<SendOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: SendOutcome) => {
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          resolve(outcome);
        }
      };
      let refusedReason: string | null = null;
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          agent: secure ? this.httpsAgent : this.httpAgent,
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'workspace-ontology-service-webhooks',
            ...headers,
          },
          lookup: (hostname, options, callback) => {
            const resolve = this.options.resolve ?? dns.lookup;
            resolve(hostname, { ...options, all: true }, (error, addresses) => {
              if (error) {
                callback(error, '', 4);
                return;
              }
              for (const { address } of addresses) {
                const refused = this.options.policy.check(address);
                if (refused !== null) {
                  refusedReason = `${hostname} resolves to ${refused}`;
                  callback(new Error(refusedReason), '', 4);
                  return;
                }
              }
              if (options.all) {
                (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
              } else {
                const first = addresses[0];
                callback(null, first?.address ?? '', first?.family ?? 4);
              }
            });
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const done = () =>
            finish({
              kind: 'response',
              status: response.statusCode ?? 0,
              retryAfterSeconds: parseRetryAfter(response.headers['retry-after'], Date.now()),
              excerpt: Buffer.concat(chunks).toString('utf8'),
              durationMs: elapsed(),
            });
          response.on('data', (chunk: Buffer) => {
            if (kept < this.excerptBytes) {
              const part = chunk.subarray(0, this.excerptBytes - kept);
              chunks.push(part);
              kept += part.length;
            }
            if (kept >= this.excerptBytes) {
              // Enough for the log: the rest is not read (the socket is not reused).
              response.destroy();
              done();
            }
          });
          response.on('end', done);
          response.on('error', done);
          response.on('close', done);
        },
      );
      const timer = setTimeout(() => {
        request.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      request.on('error', (error) => {
        finish({
          kind: 'error',
          reason: refusedReason ?? error.message,
          refused: refusedReason !== null,
          durationMs: elapsed(),
        });
      });
      request.end(body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

/** The host of a URL without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** `Retry-After` as seconds from now: a delta in seconds or an HTTP date; null otherwise. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  nowMs: number,
): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') {
    return null;
  }
  if (/^\d{1,10}$/.test(text.trim())) {
    return Number(text.trim());
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}
