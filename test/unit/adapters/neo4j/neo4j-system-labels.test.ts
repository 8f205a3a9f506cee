import fs from 'node:fs';
import path from 'node:path';

/**
 * cypher/README.md tells operators which labels hold the service's own records, and the
 * role it recommends for analysts on Neo4j Enterprise denies each of them. Both lists must
 * stay complete as the adapters gain records: every `_` label the adapters or the schema
 * use must be in both.
 */

const root = path.resolve(__dirname, '..', '..', '..', '..');

function files(dir: string, ext: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full, ext) : entry.name.endsWith(ext) ? [full] : [];
  });
}

/** Labels in node patterns and label names of the Neo4j adapters and the schema. */
function systemLabels(): string[] {
  const sources = [
    ...files(path.join(root, 'src', 'adapters', 'neo4j'), '.ts'),
    ...files(path.join(root, 'cypher', 'schema'), '.cypher'),
  ];
  const labels = new Set<string>();
  for (const file of sources) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?::|')(_[A-Z][A-Za-z]+)\b/g)) {
      // Upper-case names (`_KEY`) are the statement helpers' slot suffixes, not labels.
      if (/[a-z]/.test(m[1]!)) {
        labels.add(m[1]!);
      }
    }
  }
  return [...labels].sort();
}

describe('the service labels in cypher/README.md', () => {
  const readme = fs.readFileSync(path.join(root, 'cypher', 'README.md'), 'utf8');
  const labels = systemLabels();
  const table = readme.slice(
    readme.indexOf('The complete list:'),
    readme.indexOf('The constraints and indexes'),
  );
  const deny =
    /^DENY MATCH \{\*\} ON GRAPH neo4j NODES (.*) TO analyst_acme;$/m.exec(readme)?.[1] ?? '';

  it('finds the labels the adapters use', () => {
    expect(labels).toEqual(
      expect.arrayContaining(['_ApiKey', '_EdgeRef', '_Import', '_OAuthRefreshToken']),
    );
    expect(labels.length).toBeGreaterThanOrEqual(20);
  });

  it('lists every one of them in the table of service records', () => {
    expect(labels.filter((label) => !table.includes(`\`${label}\``))).toEqual([]);
  });

  it('denies every one of them to the analysts’ role', () => {
    expect(deny.split(', ').sort()).toEqual(labels);
  });
});
