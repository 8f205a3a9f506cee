import { noticeText, storeNotice, withoutCredentials } from '../../../src/cli/store';
import { loadConfig } from '../../../src/config/load-config';
import { KEY_A } from '../../support/secrets';

/**
 * What the CLI says about the store it opened (test/e2e/process/cli.test.ts runs the CLI as a
 * real process).
 */
describe('CLI store notice', () => {
  it('names the SQLite file, and says when this run created it', () => {
    const config = loadConfig({ DATA_DIR: '/srv/wos' });
    expect(noticeText(storeNotice(config, true))).toBe('Store: SQLite /srv/wos/ontology.db');
    expect(noticeText(storeNotice(config, false))).toBe(
      'Store: SQLite /srv/wos/ontology.db (new: it did not exist and was created now; DATA_DIR=/srv/wos)',
    );
  });

  it('names Neo4j by its URI and database, never its credentials', () => {
    const config = loadConfig({
      NEO4J_URI: 'neo4j+s://ops:hunter2@graph.example.com:7687',
      NEO4J_PASSWORD: 'secret-password',
      NEO4J_DATABASE: 'ontology',
      SECRETS_KEY: KEY_A,
    });
    const notice = storeNotice(config, false);
    expect(notice).toMatchObject({ engine: 'neo4j', created: false });
    expect(noticeText(notice)).toBe(
      'Store: Neo4j neo4j+s://graph.example.com:7687 (database ontology)',
    );
    expect(JSON.stringify(notice)).not.toMatch(/hunter2|secret-password|ops@/);
    expect(withoutCredentials('bolt://a:b@h:7687')).toBe('bolt://h:7687');
  });
});
