import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirError } from '../../../src/config/data-dir';
import { openKeyRing, type SecretKeySettings } from '../../../src/secrets/key-ring';
import { parseSecretKey } from '../../../src/secrets/key-text';
import { boxOf, KEY_A, KEY_B, keyBytes } from '../../support/secrets';

const CONTEXT = ['webhook-connector', 'ws', 'con_1', 'secret'];

describe('key ring', () => {
  let dir: string;
  let settings: SecretKeySettings;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-keys-'));
    settings = { key: undefined, previousKeys: [], keyFile: path.join(dir, 'secrets.key') };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('without SECRETS_KEY, generates DATA_DIR/secrets.key (mode 0600) once and reuses it', () => {
    const first = openKeyRing(settings);
    expect(first.source).toEqual({ kind: 'file', path: settings.keyFile, created: true });
    expect(fs.statSync(settings.keyFile).mode & 0o777).toBe(0o600);
    expect(parseSecretKey(fs.readFileSync(settings.keyFile, 'utf8'))).toHaveLength(32);
    // No temporary file is left behind.
    expect(fs.readdirSync(dir)).toEqual(['secrets.key']);
    const sealed = first.box.seal('whsec_x', CONTEXT);

    const second = openKeyRing(settings);
    expect(second.source).toEqual({ kind: 'file', path: settings.keyFile, created: false });
    expect(second.box.currentKeyId).toBe(first.box.currentKeyId);
    expect(second.box.open(sealed, CONTEXT)).toMatchObject({ value: 'whsec_x' });
    expect(second.warnings).toEqual([]);
  });

  it('creates DATA_DIR when it does not exist yet', () => {
    const keyFile = path.join(dir, 'nested', 'data', 'secrets.key');
    expect(openKeyRing({ ...settings, keyFile }).source).toMatchObject({ created: true });
    expect(fs.existsSync(keyFile)).toBe(true);
  });

  it('stops with a DataDirError naming the file when it holds no key', () => {
    fs.writeFileSync(settings.keyFile, 'not a key\n', { mode: 0o600 });
    expect(() => openKeyRing(settings)).toThrow(DataDirError);
    expect(() => openKeyRing(settings)).toThrow(
      `DATA_DIR=${dir}: secrets.key: does not hold a key`,
    );
    // It was not replaced by a new key.
    expect(fs.readFileSync(settings.keyFile, 'utf8')).toBe('not a key\n');
  });

  it('warns when others can read the key file', () => {
    fs.writeFileSync(settings.keyFile, `${KEY_A}\n`, { mode: 0o644 });
    fs.chmodSync(settings.keyFile, 0o644);
    const ring = openKeyRing(settings);
    expect(ring.warnings).toEqual([expect.stringMatching(/can be read by other users.*chmod 600/)]);
    expect(ring.warnings.join()).not.toContain(KEY_A);
  });

  it('with SECRETS_KEY, uses it and creates no file', () => {
    const ring = openKeyRing({
      ...settings,
      key: keyBytes(KEY_B),
      previousKeys: [keyBytes(KEY_A)],
    });
    expect(ring.source).toEqual({ kind: 'environment', keyFile: null });
    expect(ring.box.currentKeyId).toBe(boxOf(KEY_B).currentKeyId);
    expect(ring.box.keyIds).toEqual(boxOf(KEY_B, KEY_A).keyIds);
    expect(fs.existsSync(settings.keyFile)).toBe(false);
  });

  it('with SECRETS_KEY, keeps a generated key file as a previous key, so nothing becomes unreadable', () => {
    const generated = openKeyRing(settings);
    const sealed = generated.box.seal('whsec_under_file_key', CONTEXT);
    const ring = openKeyRing({ ...settings, key: keyBytes(KEY_B) });
    expect(ring.source).toEqual({ kind: 'environment', keyFile: settings.keyFile });
    expect(ring.box.currentKeyId).toBe(boxOf(KEY_B).currentKeyId);
    expect(ring.box.open(sealed, CONTEXT)).toMatchObject({
      value: 'whsec_under_file_key',
      current: false,
    });
  });
});
