import fs from 'node:fs';
import path from 'node:path';
import { loadSchema, splitCypherScript } from '../../../../src/adapters/neo4j/schema';
import { cypher, slotted, type Statement } from '../../../../src/adapters/neo4j/statement';
import { allStatements } from '../../../../src/adapters/neo4j/statements/index';
import { lintCypher as lint } from '../../../support/cypher-lint';

/**
 * Every Cypher statement the Neo4j adapters send, the schema applied at start-up and the
 * analysts' examples go through Neo4j's own parser and semantic analysis
 * (@neo4j-cypher/language-support, Cypher 5 as on Neo4j 5.26). No Neo4j server runs here,
 * so this is what stands between a typo and production.
 */

const root = path.resolve(__dirname, '..', '..', '..', '..');

function lintStatement(statement: Statement): string[] {
  return lint(statement.text, statement.params);
}

const statements = allStatements();

describe('Cypher lint', () => {
  it('fails on syntax errors, unknown variables, functions and undeclared parameters', () => {
    // The proof that a broken statement cannot slip through.
    const broken = [
      cypher('misspelt-keyword', ['id'], 'MATCH (n:Entity {id: $id}) RETRN n'),
      cypher('unknown-variable', ['id'], 'MATCH (n:Entity {id: $id}) RETURN m'),
      cypher('unknown-function', ['id'], 'MATCH (n:Entity {id: $id}) RETURN toStrin(n.id)'),
      cypher('plugin-function', [], 'RETURN apoc.coll.sum([1, 2]) AS total'),
      cypher('undeclared-parameter', ['id'], 'MATCH (n:Entity {id: $id, x: $other}) RETURN n'),
      cypher('unused-parameter', ['id', 'extra'], 'MATCH (n:Entity {id: $id}) RETURN n'),
      cypher('unclosed', [], 'MATCH (n:Entity RETURN n'),
    ];
    for (const statement of broken) {
      expect({ name: statement.name, problems: lintStatement(statement).length > 0 }).toEqual({
        name: statement.name,
        problems: true,
      });
    }
  });

  it('covers every adapter statement, list shapes included', () => {
    const names = statements.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['node-insert', 'edge-lock', 'log-append']));
    expect(names.filter((n) => n.startsWith('node-list[')).length).toBeGreaterThan(8);
    expect(names.filter((n) => n.startsWith('edge-list[')).length).toBeGreaterThan(16);
  });

  it.each(statements.map((s) => [s.name, s] as const))('statement %s is valid', (_name, s) => {
    expect(lintStatement(s)).toEqual([]);
  });

  it('fills identifier slots only with validated, quoted names', () => {
    const statement = slotted(
      'probe',
      ['id'],
      ['LABEL'],
      'MATCH (n:`__LABEL__` {id: $id}) RETURN n',
    );
    expect(statement.fill({ LABEL: 'Pump_2' }).text).toBe('MATCH (n:`Pump_2` {id: $id}) RETURN n');
    for (const bad of ['Pump` {id: 1}) DETACH DELETE n //', '', '1Pump', 'Pump-2', '_Workspace']) {
      expect(() => statement.fill({ LABEL: bad })).toThrow(/Not a valid label/);
    }
    expect(lintStatement(statement.fill({ LABEL: 'Pump_2' }))).toEqual([]);
  });

  it('applies only idempotent schema statements, each valid', () => {
    const schema = loadSchema();
    expect(schema.length).toBeGreaterThan(10);
    const problems = schema.flatMap((s) => lint(s.text, []).map((p) => `${s.file}: ${p}`));
    expect(problems).toEqual([]);
  });

  describe('analyst examples (cypher/examples)', () => {
    const dir = path.join(root, 'cypher', 'examples');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cypher'));

    it('has a dozen of them, each documented in cypher/README.md', () => {
      expect(files.length).toBeGreaterThanOrEqual(12);
      const readme = fs.readFileSync(path.join(root, 'cypher', 'README.md'), 'utf8');
      expect(files.filter((f) => !readme.includes(`examples/${f}`))).toEqual([]);
    });

    it.each(files)('%s is valid with the parameters it declares', (file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const declared = /^\/\/ params: (.*)$/m.exec(text)?.[1];
      const params = (declared ?? '').split(',').map((p) => p.trim());
      const queries = splitCypherScript(text);
      expect(queries).toHaveLength(1);
      expect(
        lint(
          queries[0] ?? '',
          params.filter((p) => p !== ''),
        ),
      ).toEqual([]);
    });
  });
});
