import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt cost: N=2^15, r=8, p=1 takes about 150 ms and 32 MiB a hash on two cores, where
 * 2^17 (OWASP's first recommendation) takes about 600 ms, too slow for a sign-in page. The
 * parameters are stored in every hash, so they can be raised later without invalidating
 * existing passwords.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is exactly that, too tight. */
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number) {
  return new Promise<Buffer>((resolve, reject) => {
    // The async form runs on libuv's thread pool, so hashing never blocks the event loop.
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A self-describing hash: `scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { ...COST, maxmem: MAX_MEMORY }, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')]
    .map(String)
    .join('$');
}

/** Whether `password` matches `stored` (constant-time). A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) {
    return false;
  }
  const expected = Buffer.from(key, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEMORY };
  let actual: Buffer;
  try {
    actual = await derive(password, Buffer.from(salt, 'base64url'), options, expected.length);
  } catch {
    // Parameters scrypt refuses (a corrupted hash): no password can match it.
    return false;
  }
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification without a user to verify, so that "no such email"
 * and "wrong password" take equally long and sign-in does not reveal who has an account.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not a password of anyone');
  await verifyPassword(password, await dummyHash);
  return false;
}
