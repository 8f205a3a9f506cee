import { ApiKeyVerifier } from '../../../src/auth/api-key-verifier';
import * as secrets from '../../../src/auth/secrets';
import type { ApiKey } from '../../../src/domain/api-key';
import type { ApiKeyStore } from '../../../src/ports/api-key-store';

const SECRET = 'wos_the-secret-of-the-key';

function setUp() {
  let key: ApiKey | null = {
    id: 'key_1',
    workspaceId: '0190a8c0-0000-7000-8000-000000000001',
    name: 'ci',
    prefix: 'wos_the',
    scopes: ['read:nodes'],
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: null,
    revokedAt: null,
    createdBy: null,
  };
  const secretHash = secrets.hashSecret(SECRET);
  const looked: string[] = [];
  const store = {
    findBySecretHash: (hash: string) => {
      looked.push(hash);
      return Promise.resolve(hash === secretHash ? key : null);
    },
  } as unknown as ApiKeyStore;
  const clock = { now: () => now };
  let now = Date.parse('2026-06-01T00:00:00Z');
  return {
    verifier: new ApiKeyVerifier(store, clock),
    looked,
    secretHash,
    revoke: () => {
      key = key && { ...key, revokedAt: '2026-06-01T00:00:01.000Z' };
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('ApiKeyVerifier', () => {
  afterEach(() => jest.restoreAllMocks());

  it('hashes a secret that named a key once, and still looks the key up every time', async () => {
    const { verifier, looked, secretHash, revoke } = setUp();
    const hash = jest.spyOn(secrets, 'hashSecret');
    expect((await verifier.verify(SECRET)).outcome).toBe('ok');
    expect((await verifier.verify(SECRET)).outcome).toBe('ok');
    expect(hash).toHaveBeenCalledTimes(1);
    revoke();
    expect(await verifier.verify(SECRET)).toEqual({ outcome: 'rejected', reason: 'revoked' });
    expect(looked).toEqual([secretHash, secretHash, secretHash]);
  });

  it('hashes again once the memo is past its time, and never remembers unknown secrets', async () => {
    const { verifier, advance } = setUp();
    const hash = jest.spyOn(secrets, 'hashSecret');
    await verifier.verify(SECRET);
    advance(5_000);
    await verifier.verify(SECRET);
    expect(hash).toHaveBeenCalledTimes(2);
    expect((await verifier.verify('wos_unknown')).outcome).toBe('unknown');
    expect((await verifier.verify('wos_unknown')).outcome).toBe('unknown');
    expect(hash).toHaveBeenCalledTimes(4);
  });
});
