import path from 'node:path';
import { loadConfig } from '../../../src/config/load-config';
import { configProblems } from '../../support/config-problems';
import { KEY_A, KEY_B, keyBytes } from '../../support/secrets';

const NEO4J = { NEO4J_URI: 'bolt://neo4j:7687', NEO4J_PASSWORD: 'p' };

describe('secrets keys in the configuration', () => {
  it('defaults to no key: the embedded store generates DATA_DIR/secrets.key', () => {
    const config = loadConfig({ DATA_DIR: '/srv/wos' });
    expect(config.secrets).toEqual({
      key: undefined,
      previousKeys: [],
      keyFile: path.join(path.resolve('/srv/wos'), 'secrets.key'),
    });
  });

  it('accepts a 32-byte key as base64 (padded or not, base64url too) or as 64 hex digits', () => {
    const key = keyBytes(KEY_A);
    for (const text of [
      KEY_A,
      KEY_A.replace(/=$/, ''),
      key.toString('base64url'),
      key.toString('hex'),
      ` ${key.toString('hex').toUpperCase()} `,
    ]) {
      expect(loadConfig({ SECRETS_KEY: text }).secrets.key).toEqual(key);
    }
  });

  it('takes SECRETS_KEY_PREVIOUS as a comma-separated list', () => {
    const config = loadConfig({
      SECRETS_KEY: KEY_B,
      SECRETS_KEY_PREVIOUS: `${KEY_A}, ${keyBytes(KEY_B).toString('hex')}`,
    });
    expect(config.secrets.previousKeys).toEqual([keyBytes(KEY_A), keyBytes(KEY_B)]);
  });

  it('refuses a key that is not 32 bytes, naming the variable and never repeating the value', () => {
    const short = Buffer.alloc(16, 7).toString('base64');
    for (const value of [short, 'hunter2', 'ab'.repeat(31), `${KEY_A}AAAA`]) {
      const problems = configProblems({ SECRETS_KEY: value });
      expect(problems).toEqual([
        expect.stringMatching(/^SECRETS_KEY: SECRETS_KEY must be 32 bytes written as 64 hex/),
      ]);
      expect(problems.join()).not.toContain(value);
    }
    expect(configProblems({ SECRETS_KEY_PREVIOUS: `${KEY_A},not-a-key` })).toEqual([
      expect.stringMatching(/^SECRETS_KEY_PREVIOUS: key 2 of 2 in SECRETS_KEY_PREVIOUS must be/),
    ]);
  });

  it('requires SECRETS_KEY with NEO4J_URI: every instance must share the key', () => {
    expect(configProblems(NEO4J)).toEqual([
      expect.stringMatching(/^SECRETS_KEY: required when NEO4J_URI is set/),
    ]);
    expect(loadConfig({ ...NEO4J, SECRETS_KEY: KEY_A }).secrets.key).toEqual(keyBytes(KEY_A));
    // A bad key is reported once, as bad.
    expect(configProblems({ ...NEO4J, SECRETS_KEY: 'bad' })).toEqual([
      expect.stringMatching(/^SECRETS_KEY: SECRETS_KEY must be/),
    ]);
  });
});
