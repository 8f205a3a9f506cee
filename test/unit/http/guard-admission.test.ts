import { CachedApiKeyStore, CachedWorkspaceStore } from '../../../src/adapters/cache/cached-stores';
import { MemoryCounterStore } from '../../../src/adapters/memory/counter-store';
import { ApiKeyVerifier } from '../../../src/auth/api-key-verifier';
import { Authenticator } from '../../../src/auth/authenticator';
import { RateLimiter, type RateDecision } from '../../../src/auth/rate-limiter';
import { hashSecret } from '../../../src/auth/secrets';
import type { ApiKey } from '../../../src/domain/api-key';
import type { Principal } from '../../../src/domain/principal';
import type { Workspace } from '../../../src/domain/workspace';
import {
  InsufficientScopeError,
  RateLimitedError,
  UnauthenticatedError,
} from '../../../src/errors';
import { admit, admitNow, type GuardDeps } from '../../../src/http/middleware/guard';
import type { ApiKeyStore } from '../../../src/ports/api-key-store';
import type { CounterStore } from '../../../src/ports/counter-store';
import type { WorkspaceStore } from '../../../src/ports/workspace-store';

/**
 * The guard's two ways in: `admit` (promises, any store) and `admitNow` (cached credential
 * and workspace, counters in memory). Whenever `admitNow` answers, its answer, its errors
 * and what it counts must be those of `admit`; when it cannot, it must count nothing.
 */

const WS = '7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11';
const SECRET = 'wos_guard-admission-test-secret';
const BEARER = `Bearer ${SECRET}`;

function fixture(options: { perMinute?: number; counters?: CounterStore } = {}) {
  const key: ApiKey = {
    id: 'key_1',
    workspaceId: WS,
    name: 'test key',
    prefix: 'wos_guar',
    scopes: ['read:nodes'],
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: null,
    revokedAt: null,
    createdBy: null,
  };
  const workspace = {
    id: WS,
    name: 'ws',
    plan: 'enterprise',
    limits: { perMinute: options.perMinute ?? 100, perDay: 1000 },
    createdAt: '2026-01-01T00:00:00.000Z',
  } as Workspace;
  const reads = { keys: 0, workspaces: 0 };
  const keyStore = {
    findBySecretHash: (hash: string) => {
      reads.keys += 1;
      return Promise.resolve(hash === hashSecret(SECRET) ? { ...key } : null);
    },
  } as unknown as ApiKeyStore;
  const workspaceStore = {
    get: (id: string) => {
      reads.workspaces += 1;
      return Promise.resolve(id === WS ? { ...workspace } : null);
    },
  } as unknown as WorkspaceStore;
  const clock = { now: () => Date.UTC(2026, 5, 1, 12, 0, 30) };
  const counters = options.counters ?? new MemoryCounterStore(clock);
  const deps: GuardDeps = {
    authenticator: new Authenticator([new ApiKeyVerifier(new CachedApiKeyStore(keyStore), clock)]),
    rateLimiter: new RateLimiter(counters),
    workspaces: new CachedWorkspaceStore(workspaceStore),
    clock,
    rateLimit: { enabled: true, enterpriseDefault: { perMinute: 1000, perDay: 100_000 } },
  };
  return { deps, reads };
}

/** What a call told its caller before answering or refusing. */
function recorder() {
  const heard: { principal?: Principal; decision?: RateDecision; plan?: string } = {};
  return {
    heard,
    notify: {
      principal: (principal: Principal) => {
        heard.principal = principal;
      },
      rate: (decision: RateDecision, plan: string) => {
        heard.decision = decision;
        heard.plan = plan;
      },
    },
  };
}

describe('guard admission: admitNow against admit', () => {
  it('answers nothing and counts nothing until the credential and workspace are cached', async () => {
    const { deps, reads } = fixture();
    const first = recorder();
    expect(admitNow(deps, BEARER, WS, 'required', ['read:nodes'], first.notify)).toBeUndefined();
    expect(first.heard.decision).toBeUndefined();

    const slow = recorder();
    const admitted = await admit(deps, BEARER, WS, 'required', ['read:nodes'], slow.notify);
    expect(admitted.workspaceId).toBe(WS);
    expect(slow.heard.decision?.minute.remaining).toBe(99);
    expect(reads).toEqual({ keys: 1, workspaces: 1 });

    const fast = recorder();
    const now = admitNow(deps, BEARER, WS, 'required', ['read:nodes'], fast.notify);
    expect(now).toEqual(admitted);
    expect(fast.heard.principal).toEqual(slow.heard.principal);
    expect(fast.heard.plan).toBe('enterprise');
    // Counted once more, as admit would have: the first admitNow counted nothing.
    expect(fast.heard.decision?.minute.remaining).toBe(98);
    expect(reads).toEqual({ keys: 1, workspaces: 1 });
  });

  it('refuses as admit does, after telling the rate decision', async () => {
    const { deps } = fixture({ perMinute: 3 });
    await admit(deps, BEARER, WS, 'required', ['read:nodes']);
    const scope = recorder();
    expect(() => admitNow(deps, BEARER, WS, 'required', ['write:nodes'], scope.notify)).toThrow(
      InsufficientScopeError,
    );
    expect(scope.heard.decision?.minute.remaining).toBe(1);
    await expect(admit(deps, BEARER, WS, 'required', ['write:nodes'])).rejects.toBeInstanceOf(
      InsufficientScopeError,
    );
    const limited = recorder();
    expect(() => admitNow(deps, BEARER, WS, 'required', [], limited.notify)).toThrow(
      RateLimitedError,
    );
    expect(limited.heard.decision?.exceeded?.window).toBe('minute');
    await expect(admit(deps, BEARER, WS, 'required', [])).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('leaves unknown and malformed credentials to admit, which says why', async () => {
    const { deps } = fixture();
    await admit(deps, BEARER, WS, 'required', []);
    for (const header of [undefined, '', 'Basic abc', 'Bearer wos_other-secret']) {
      expect(admitNow(deps, header, WS, 'required', [])).toBeUndefined();
      await expect(admit(deps, header, WS, 'required', [])).rejects.toBeInstanceOf(
        UnauthenticatedError,
      );
    }
  });

  it('leaves counters that need a round trip to admit', async () => {
    const memory = new MemoryCounterStore({ now: () => 0 });
    const remote: CounterStore = {
      hit: (windows) => memory.hit(windows),
      read: (key) => memory.read(key),
      reset: (key) => memory.reset(key),
    };
    const { deps } = fixture({ counters: remote });
    await admit(deps, BEARER, WS, 'required', []);
    expect(admitNow(deps, BEARER, WS, 'required', [])).toBeUndefined();
  });
});
