import { emitCypher, type EmittedCypher } from '../../../../../src/adapters/neo4j/cypher/index';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../../../src/cypher/index';
import { AppError } from '../../../../../src/errors';
import { CORPUS } from '../../../../contract/cypher/corpus';
import { HOSTILE } from '../../../../contract/cypher/hostile';
import { ANALYST_QUERIES } from '../../../../support/cypher-analyst-queries';
import { lintCypher } from '../../../../support/cypher-lint';

/**
 * The Cypher the Neo4j engine emits for analysts' queries. No Neo4j server runs here, so
 * each emitted statement goes through Neo4j's own parser and semantic analysis (as the
 * adapter's statements do in cypher-lint.test.ts), and its text is checked for the
 * properties that confine it to the request's workspace whatever the analyst wrote.
 */

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

function emit(text: string, params: Record<string, unknown> = {}, rowLimit = 100): EmittedCypher {
  const analyzed = prepareCypher(text, params, DEFAULT_CYPHER_LIMITS, NOW);
  return emitCypher(analyzed, { rowLimit, indexedKeys: new Set() });
}

/** An analyst may ask for a cartesian product on purpose; Neo4j's lint warns of it. */
const CARTESIAN = /multiple disconnected patterns/;

function lint(emitted: EmittedCypher): string[] {
  return lintCypher(emitted.text, Object.keys(emitted.params)).filter((p) => !CARTESIAN.test(p));
}

const WS = '$workspaceId';
const NODE = /(?<![\w])\((v\d+)(:[^()]*)?\)/g;
const RELATIONSHIP = /(<?-)\[(v\d+)([^\]]*)\](->?)/g;
const BOUND_RELATIONSHIP = new RegExp(
  `^(:\`[A-Za-z][A-Za-z0-9_]*\`(\\|\`[A-Za-z][A-Za-z0-9_]*\`)*)?(\\*\\d+\\.\\.\\d+)?( \\{workspaceId: \\${WS}\\})?$`,
);

/**
 * The isolation properties of an emitted statement's text; returns the violations.
 * - every node pattern is `(v:Entity {workspaceId: $workspaceId})`, except the ends
 *   inside shortestPath(), which are declared so in the same MATCH;
 * - `Entity` is the only label anywhere, relationship types are quoted API type names;
 * - every relationship pattern carries `{workspaceId: $workspaceId}`, except a shortest
 *   path's, whose relationships are all checked by a condition on the path;
 * - the only string literals are the emitter's own (instant formatting).
 */
function isolationProblems(text: string): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(NODE)) {
    const [whole, name, rest] = m;
    const declared = `(${name}:Entity {workspaceId: ${WS}})`;
    if (rest === undefined ? !text.includes(declared) : whole !== declared) {
      problems.push(`node pattern ${whole}`);
    }
  }
  for (const label of text.matchAll(/(?:\(v\d+|\bx):([A-Za-z_`][\w`]*)/g)) {
    if (label[1] !== 'Entity') {
      problems.push(`label ${label[1]}`);
    }
  }
  const relationships = [...text.matchAll(RELATIONSHIP)];
  if (relationships.length !== (text.match(/-\[/g) ?? []).length) {
    problems.push('a relationship pattern of unexpected form');
  }
  for (const m of relationships) {
    const [whole, , , body] = m;
    if (!BOUND_RELATIONSHIP.test(body ?? '')) {
      problems.push(`relationship pattern ${whole}`);
      continue;
    }
    if (!body?.endsWith(`{workspaceId: ${WS}}`)) {
      const before = text.slice(0, m.index);
      const path = /(v\d+) = (?:shortestPath|allShortestPaths)\(\(v\d+\)$/.exec(before)?.[1];
      const checked = `all(x IN relationships(${path}) WHERE x.workspaceId = ${WS})`;
      if (path === undefined || !text.includes(checked)) {
        problems.push(`relationship pattern ${whole} without the workspace`);
      }
    }
  }
  const literals = new Set(text.match(/'[^']*'|"[^"]*"/g) ?? []);
  for (const own of ["'T'", "':'", "'.'", "'Z'", "'0'", "'00'"]) {
    literals.delete(own);
  }
  problems.push(...[...literals].map((l) => `literal ${l}`));
  return problems;
}

describe('Neo4j Cypher emitter', () => {
  it('has the queries to cover the subset', () => {
    expect(ANALYST_QUERIES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ANALYST_QUERIES.map((q) => [q.name, q] as const))(
    '%s: valid Cypher, bound to the workspace',
    (_name, query) => {
      const emitted = emit(query.text, query.params);
      expect({ text: emitted.text, lint: lint(emitted) }).toEqual({ text: emitted.text, lint: [] });
      expect(isolationProblems(emitted.text)).toEqual([]);
      if (/MATCH|\(n\)/.test(query.text)) {
        expect(emitted.params).toHaveProperty('workspaceId', null);
      }
    },
  );

  // The contract suite's corpus too: every statement it makes Neo4j run is linted and
  // checked here, where no Neo4j is needed.
  it.each(CORPUS.map((q) => [q.name, q] as const))(
    'corpus %s: valid Cypher, bound to the workspace',
    (_name, query) => {
      const emitted = emit(query.query, query.parameters);
      expect({ text: emitted.text, lint: lint(emitted) }).toEqual({ text: emitted.text, lint: [] });
      expect(isolationProblems(emitted.text)).toEqual([]);
    },
  );

  it('finds the violations it looks for (the check can fail)', () => {
    expect(isolationProblems('MATCH (v0:Entity) RETURN v0')).not.toEqual([]);
    expect(
      isolationProblems('MATCH (v0:_ApiKey {workspaceId: $workspaceId}) RETURN v0'),
    ).not.toEqual([]);
    expect(
      isolationProblems(
        'MATCH (v0:Entity {workspaceId: $workspaceId})-[v1]->(v2:Entity {workspaceId: $workspaceId}) RETURN v1',
      ),
    ).not.toEqual([]);
    expect(
      isolationProblems(
        'MATCH (v0:Entity {workspaceId: $workspaceId}), (v1:Entity {workspaceId: $workspaceId}), v3 = shortestPath((v0)-[v2*1..3]-(v1)) RETURN v3',
      ),
    ).not.toEqual([]);
    expect(
      isolationProblems(
        "MATCH (v0:Entity {workspaceId: $workspaceId}) WHERE v0.name = 'x' RETURN v0",
      ),
    ).not.toEqual([]);
  });

  it('sends every value as a parameter, never as text', () => {
    const emitted = emit(
      "MATCH (n:Pump {name: 'Zq-secret-name'})-[r:FEEDS {flow: 424242}]->(m) WHERE n.note = $note OR m.rpm > 31.4159 RETURN 'Another-literal' AS x, n.name + 'suffix-Q' AS y",
      { note: 'Parameter-value-K' },
    );
    for (const value of [
      'Zq-secret-name',
      '424242',
      'Parameter-value-K',
      '31.4159',
      'Another-literal',
      'suffix-Q',
      'Pump',
    ]) {
      expect(emitted.text).not.toContain(value);
    }
    const values = Object.values(emitted.params).map((v) => String(v));
    expect(values).toEqual(
      expect.arrayContaining([
        'Zq-secret-name',
        '424242',
        'Parameter-value-K',
        '31.4159',
        'Another-literal',
        'suffix-Q',
        'Pump',
      ]),
    );
  });

  it('sends whole numbers as INTEGER and floats as FLOAT', () => {
    const emitted = emit('RETURN 1 AS a, 1.0 AS b, $i AS c, $f AS d', { i: 2, f: 2.5 });
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((_, i) => emitted.params[`p${i}`]);
    expect(a).toMatchObject({ low: 1, high: 0 });
    expect(b).toBe(1);
    expect(c).toMatchObject({ low: 2, high: 0 });
    expect(d).toBe(2.5);
  });

  it('asks for one row more than the row limit, or the analyst’s LIMIT if smaller', () => {
    const capped = emit('MATCH (n) RETURN n.id AS id', {}, 100);
    expect(capped.text).toMatch(/LIMIT \$(p\d+)$/);
    const limitParam = /LIMIT \$(p\d+)$/.exec(capped.text)?.[1] ?? '';
    expect(capped.params[limitParam]).toMatchObject({ low: 101 });
    const small = emit('MATCH (n) RETURN n.id AS id LIMIT 5', {}, 100);
    const smallParam = /LIMIT \$(p\d+)$/.exec(small.text)?.[1] ?? '';
    expect(small.params[smallParam]).toMatchObject({ low: 5 });
  });

  it('projects an aggregate sort key that is not a column, then returns the columns only', () => {
    const emitted = emit(
      'MATCH (n) RETURN n.entityType AS t ORDER BY t, count(*) DESC'.replace(
        'AS t',
        'AS t, sum(n.rpm) AS s',
      ),
    );
    expect(emitted.text).toMatch(
      /^WITH .* ORDER BY c0, v\d+ DESC LIMIT \$p\d+\nRETURN c0 AS c0, c1 AS c1$/m,
    );
    expect(lint(emitted)).toEqual([]);
  });

  it('maps the result columns to the analyst’s names in order', () => {
    const emitted = emit('MATCH (n) RETURN n.name AS name, n.id, count(*) AS `odd name`');
    expect(emitted.columns.map((c) => c.name)).toEqual(['name', 'n.id', 'odd name']);
    expect(emitted.text).toMatch(/AS c0, .* AS c1, count\(\*\) AS c2/);
  });
});

describe('Neo4j Cypher emitter against hostile queries', () => {
  const refused = (text: string, params: Record<string, unknown> = {}) => {
    try {
      emit(text, params);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return { status: (error as AppError).status, code: (error as AppError).code };
    }
    return { status: 200, code: 'EMITTED' };
  };

  it.each([
    ['MATCH (k:_ApiKey) RETURN k', 'CYPHER_UNSUPPORTED'],
    ['MATCH ()-[r:_EdgeRef]->() RETURN r', 'CYPHER_UNSUPPORTED'],
    ["MATCH (n {workspaceId: 'other'}) RETURN n", 'CYPHER_UNSUPPORTED'],
    ['MATCH (n) RETURN n.workspaceId', 'CYPHER_UNSUPPORTED'],
    ['MATCH (a)-[*]->(b) RETURN b', 'CYPHER_LIMIT_EXCEEDED'],
    ['MATCH (a)-[*1..1000000]->(b) RETURN b', 'CYPHER_LIMIT_EXCEEDED'],
    [`RETURN ${'['.repeat(40)}1${']'.repeat(40)} AS deep`, 'CYPHER_LIMIT_EXCEEDED'],
    ['MATCH (n) DETACH DELETE n', null],
    ['CREATE (n:Pump) RETURN n', null],
    ["MERGE (n:Pump {id: 'x'}) RETURN n", null],
    ["MATCH (n) SET n.name = 'x' RETURN n", null],
    ['MATCH (n) REMOVE n.name RETURN n', null],
    ['CALL db.labels() YIELD label RETURN label', null],
    ["LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line", null],
    ['MATCH (n) FOREACH (x IN [1] | SET n.a = x) RETURN n', null],
    ['USE system MATCH (n) RETURN n', null],
    ['MATCH (n) RETURN apoc.text.join([n.name], ",")', null],
  ])('%s is a 400', (text, code) => {
    const answer = refused(text);
    expect(answer.status).toBe(400);
    if (code !== null) {
      expect(answer.code).toBe(code);
    }
  });

  // The contract suite runs these against Neo4j when NEO4J_URI is set; here, without a
  // server, each is refused as the contract expects or emitted as valid, isolated Cypher.
  it.each(HOSTILE.map((c) => [c.name, c] as const))(
    'contract case %s: refused alike, or valid Cypher',
    (_name, c) => {
      const parameters = Object.fromEntries(
        Object.entries(c.parameters ?? {}).map(([k, v]) => [k, v === '$otherWorkspace' ? 'x' : v]),
      );
      if ('code' in c) {
        const answer = refused(c.query, parameters);
        // Limits that only running the query can reach are not the emitter's to refuse.
        if (answer.code !== 'EMITTED' || c.code !== 'CYPHER_LIMIT_EXCEEDED') {
          expect(answer.code).toBe(c.code);
        }
        return;
      }
      const emitted = emit(c.query, parameters);
      expect(lint(emitted)).toEqual([]);
      expect(isolationProblems(emitted.text)).toEqual([]);
    },
  );

  it('never writes an analyst’s variable names, comments or strings into the text', () => {
    const emitted = emit(
      "MATCH (`n {workspaceId: 'other'}) DETACH DELETE n //`:Pump) /* DETACH DELETE n */ " +
        "WHERE `n {workspaceId: 'other'}) DETACH DELETE n //`.name <> '}) MATCH (k:_ApiKey) RETURN k //' " +
        "RETURN `n {workspaceId: 'other'}) DETACH DELETE n //`.id AS id // CREATE (x)",
    );
    for (const fragment of ['DELETE', 'CREATE', '_ApiKey', 'other', '//', '/*']) {
      expect(emitted.text).not.toContain(fragment);
    }
    expect(isolationProblems(emitted.text)).toEqual([]);
    expect(lint(emitted)).toEqual([]);
  });

  it('tests a label predicate on the entity type; a service label never reaches it', () => {
    const emitted = emit('MATCH (n) WHERE n:Pump OR n:Valve RETURN n');
    expect(emitted.text).toMatch(/v0\.entityType = \$p0\) OR \(v0\.entityType = \$p1/);
    expect([emitted.params.p0, emitted.params.p1]).toEqual(['Pump', 'Valve']);
    expect(isolationProblems(emitted.text)).toEqual([]);
    expect(() => emit('MATCH (n) WHERE n:_Workspace OR n:_ApiKey RETURN n')).toThrow(
      expect.objectContaining({ code: 'CYPHER_UNSUPPORTED' }),
    );
  });

  it('keeps an analyst’s $workspaceId apart from the request’s workspace', () => {
    const emitted = emit('MATCH (n) WHERE n.name = $workspaceId RETURN n', {
      workspaceId: 'other-ws',
    });
    expect(emitted.params.workspaceId).toBeNull();
    expect(Object.entries(emitted.params)).toContainEqual([
      expect.stringMatching(/^p\d+$/),
      'other-ws',
    ]);
  });

  it('hides the workspace from properties() and keys()', () => {
    const emitted = emit(
      'MATCH (a)-[r]->(b) RETURN properties(a), keys(a), properties(r), keys(r)',
    );
    expect(emitted.text).toMatch(/v0 \{\.\*, .*`workspaceId`: null/);
    const [ofNode, ofRelationship] = Object.values(emitted.params).filter(Array.isArray);
    expect(ofNode).toEqual(expect.arrayContaining(['workspaceId', 'id', 'name']));
    // A node may have a property named like a relationship's own field.
    expect(ofNode).not.toContain('sourceId');
    expect(ofRelationship).toEqual(expect.arrayContaining(['workspaceId', 'id', 'sourceId']));
  });

  it('requires every node of a variable-length path to be an entity of the workspace', () => {
    const emitted = emit('MATCH (a:Pump)-[*1..3]->(b) RETURN b');
    expect(emitted.text).toMatch(
      /(v\d+) = \(v0:Entity \{workspaceId: \$workspaceId\}\)-\[v\d+\*1\.\.3 \{workspaceId: \$workspaceId\}\]->.* WHERE .*all\(x IN nodes\(\1\) WHERE x:Entity AND x\.workspaceId = \$workspaceId\)/,
    );
  });
});
