import { loadConfig } from '../../../src/config/load-config';
import { configProblems } from '../../support/config-problems';
import { KEY_A } from '../../support/secrets';

/** NEO4J_URI requires SECRETS_KEY (docs/neo4j.md); these tests are about the rest. */
const SECRETS_KEY = KEY_A;

describe('Neo4j configuration', () => {
  it('keeps the embedded store when NEO4J_URI is not set', () => {
    expect(loadConfig({}).neo4j).toBeUndefined();
    expect(loadConfig({ NEO4J_URI: '', NEO4J_PASSWORD: 'x' }).neo4j).toBeUndefined();
  });

  it('selects Neo4j with fail-fast defaults', () => {
    const config = loadConfig({
      NEO4J_URI: 'bolt://neo4j:7687',
      NEO4J_PASSWORD: 'secret-pass',
      SECRETS_KEY,
    });
    expect(config.neo4j).toEqual({
      uri: 'bolt://neo4j:7687',
      user: 'neo4j',
      password: 'secret-pass',
      database: undefined,
      connectionTimeoutMs: 3000,
      acquisitionTimeoutMs: 5000,
      maxRetryTimeMs: 3000,
    });
  });

  it('takes every supported scheme, the database and the timeouts', () => {
    for (const scheme of ['bolt', 'bolt+s', 'bolt+ssc', 'neo4j', 'neo4j+s', 'neo4j+ssc']) {
      const uri = `${scheme}://db.example.internal:7687`;
      expect(loadConfig({ NEO4J_URI: uri, NEO4J_PASSWORD: 'p', SECRETS_KEY }).neo4j?.uri).toBe(uri);
    }
    const config = loadConfig({
      NEO4J_URI: 'neo4j://127.0.0.1:7687',
      NEO4J_USER: 'ontology',
      NEO4J_PASSWORD: 'p',
      NEO4J_DATABASE: 'ontology',
      NEO4J_CONNECTION_TIMEOUT_MS: '1500',
      NEO4J_ACQUISITION_TIMEOUT_MS: '2500',
      NEO4J_MAX_RETRY_TIME_MS: '1000',
      SECRETS_KEY,
    });
    expect(config.neo4j).toMatchObject({
      user: 'ontology',
      database: 'ontology',
      connectionTimeoutMs: 1500,
      acquisitionTimeoutMs: 2500,
      maxRetryTimeMs: 1000,
    });
  });

  it('names every bad Neo4j variable, together with other problems', () => {
    expect(
      configProblems({ NEO4J_URI: 'http://neo4j:7474', NEO4J_PASSWORD: 'p', SECRETS_KEY }),
    ).toEqual([expect.stringMatching(/^NEO4J_URI: /)]);
    expect(configProblems({ NEO4J_URI: 'bolt://neo4j:7687', SECRETS_KEY })).toEqual([
      'NEO4J_PASSWORD: required when NEO4J_URI is set',
    ]);
    expect(
      configProblems({
        NEO4J_URI: 'bolt://neo4j:7687',
        NEO4J_CONNECTION_TIMEOUT_MS: 'soon',
        NEO4J_DATABASE: 'no spaces allowed',
        PORT: 'x',
        SECRETS_KEY,
      }).sort(),
    ).toEqual([
      expect.stringMatching(/^NEO4J_CONNECTION_TIMEOUT_MS: /),
      expect.stringMatching(/^NEO4J_DATABASE: /),
      'NEO4J_PASSWORD: required when NEO4J_URI is set',
      expect.stringMatching(/^PORT: /),
    ]);
  });
});
