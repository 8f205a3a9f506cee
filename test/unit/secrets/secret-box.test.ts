import { keyIdOf, SecretBox } from '../../../src/secrets/secret-box';
import { boxOf, KEY_A, KEY_B, KEY_C, keyBytes } from '../../support/secrets';

const CONTEXT = ['webhook-connector', 'ws-1', 'con_1', 'secret'];

describe('SecretBox', () => {
  it('seals into the self-describing v1 form and opens it again', () => {
    const box = boxOf(KEY_A);
    const sealed = box.seal('whsec_value', CONTEXT);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22,}$/);
    expect(sealed.startsWith(`v1:${keyIdOf(keyBytes(KEY_A))}:`)).toBe(true);
    expect(sealed.startsWith(box.currentPrefix)).toBe(true);
    expect(sealed).not.toContain('whsec_value');
    expect(box.open(sealed, CONTEXT)).toEqual({
      status: 'sealed',
      value: 'whsec_value',
      keyId: box.currentKeyId,
      current: true,
    });
  });

  it('uses a fresh IV for every value: the same secret seals differently each time', () => {
    const box = boxOf(KEY_A);
    const values = new Set(Array.from({ length: 50 }, () => box.seal('same', CONTEXT)));
    expect(values.size).toBe(50);
    const ivs = new Set([...values].map((v) => v.split(':')[2]));
    expect(ivs.size).toBe(50);
  });

  it('opens values under a previous key (not current) and seals under the current one', () => {
    const sealedUnderA = boxOf(KEY_A).seal('old', CONTEXT);
    const rotated = boxOf(KEY_B, KEY_A);
    expect(rotated.open(sealedUnderA, CONTEXT)).toMatchObject({
      status: 'sealed',
      value: 'old',
      current: false,
    });
    expect(rotated.seal('new', CONTEXT).startsWith(boxOf(KEY_B).currentPrefix)).toBe(true);
    expect(rotated.keyIds).toEqual([boxOf(KEY_B).currentKeyId, boxOf(KEY_A).currentKeyId]);
  });

  it('refuses, without throwing, a value under an unknown key', () => {
    const sealed = boxOf(KEY_C).seal('x', CONTEXT);
    expect(boxOf(KEY_A, KEY_B).open(sealed, CONTEXT)).toEqual({
      status: 'unreadable',
      reason: 'unknown_key',
      keyId: boxOf(KEY_C).currentKeyId,
    });
  });

  it('refuses a value opened for another record or field (additional authenticated data)', () => {
    const box = boxOf(KEY_A);
    const sealed = box.seal('x', CONTEXT);
    for (const other of [
      ['webhook-connector', 'ws-1', 'con_2', 'secret'],
      ['webhook-connector', 'ws-2', 'con_1', 'secret'],
      ['webhook-connector', 'ws-1', 'con_1', 'previousSecret'],
      // The parts cannot be shifted into one another either.
      ['webhook-connector', 'ws-1:con_1', 'secret'],
    ]) {
      expect(box.open(sealed, other)).toMatchObject({ status: 'unreadable', reason: 'damaged' });
    }
  });

  it('refuses any altered part: key id, IV, ciphertext or tag', () => {
    const box = boxOf(KEY_A, KEY_B);
    const sealed = box.seal('a secret of some length', CONTEXT);
    const [version, keyId, iv, body] = sealed.split(':') as [string, string, string, string];
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const otherKeyId = boxOf(KEY_B).currentKeyId;
    for (const altered of [
      [version, otherKeyId, iv, body].join(':'),
      [version, keyId, flip(iv, 3), body].join(':'),
      [version, keyId, iv, flip(body, 2)].join(':'),
      [version, keyId, iv, flip(body, body.length - 3)].join(':'),
      [version, keyId, iv, body.slice(0, -4)].join(':'),
      [version, keyId, iv, 'AAAA'].join(':'),
      `${version}:${keyId}:${iv}`,
      'v1:garbage',
    ]) {
      expect(box.open(altered, CONTEXT)).toMatchObject({ status: 'unreadable', reason: 'damaged' });
    }
  });

  it('reads a value without a version prefix as plaintext stored before encryption', () => {
    expect(boxOf(KEY_A).open('whsec_legacy', CONTEXT)).toEqual({
      status: 'plaintext',
      value: 'whsec_legacy',
    });
  });

  it('refuses a stored form of a later version rather than take it for plaintext', () => {
    expect(boxOf(KEY_A).open('v2:abcdefgh:whatever', CONTEXT)).toEqual({
      status: 'unreadable',
      reason: 'unsupported_version',
      keyId: null,
    });
  });

  it('names keys by a stable id that differs between keys and ignores repeated keys', () => {
    expect(keyIdOf(keyBytes(KEY_A))).toBe(keyIdOf(keyBytes(KEY_A)));
    expect(keyIdOf(keyBytes(KEY_A))).not.toBe(keyIdOf(keyBytes(KEY_B)));
    expect(boxOf(KEY_A, KEY_A, KEY_B, KEY_B).keyIds).toHaveLength(2);
  });

  it('accepts only 32-byte keys', () => {
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow(/32 bytes/);
    expect(() => new SecretBox(keyBytes(KEY_A), [Buffer.alloc(31)])).toThrow(/32 bytes/);
  });
});
