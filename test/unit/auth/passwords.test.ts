import { hashPassword, verifyNothing, verifyPassword } from '../../../src/auth/passwords';

describe('password hashing (scrypt)', () => {
  it('verifies the password it hashed, and nothing else', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain('correct');
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('treats canonically equivalent Unicode spellings as one password', async () => {
    const composed = 'caf\u00e9-password';
    const decomposed = 'cafe\u0301-password';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('never matches a malformed or foreign hash', async () => {
    for (const stored of [
      '',
      'scrypt$1$2',
      'scrypt$abc$8$1$c2FsdA$a2V5',
      'scrypt$3$8$1$c2FsdA$a2V5',
      'bcrypt$2b$10$abc',
      'plaintext',
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('verifyNothing always answers false', async () => {
    expect(await verifyNothing('anything')).toBe(false);
  });
});
