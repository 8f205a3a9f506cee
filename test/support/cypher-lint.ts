import {
  lintCypherQuery,
  testData,
  type DbSchema,
  type SyntaxDiagnostic,
} from '@neo4j-cypher/language-support';

// Built-in functions and procedures as a Neo4j 5 server lists them (the package's own
// snapshot), without plugins: the service must not depend on APOC or GDS.
const isPlugin = (name: string) => /^(apoc|gds|genai)\./.test(name);
const builtIns = <T>(registry: Record<string, T> | undefined): Record<string, T> =>
  Object.fromEntries(Object.entries(registry ?? {}).filter(([name]) => !isPlugin(name)));
const FUNCTIONS = { 'CYPHER 5': builtIns(testData.mockSchema.functions?.['CYPHER 5']) };
const PROCEDURES = { 'CYPHER 5': builtIns(testData.mockSchema.procedures?.['CYPHER 5']) };

/**
 * Errors and warnings (not hints) that Neo4j's own parser and semantic analysis
 * (@neo4j-cypher/language-support, Cypher 5 as on Neo4j 5.26) find in `text`, with exactly
 * `params` declared: an undeclared or unused parameter is an error too.
 */
export function lintCypher(text: string, params: readonly string[]): string[] {
  const schema: DbSchema = {
    functions: FUNCTIONS,
    procedures: PROCEDURES,
    parameters: Object.fromEntries(params.map((name) => [name, null])),
    defaultLanguage: 'CYPHER 5',
  };
  const problems = lintCypherQuery(text, schema)
    .diagnostics.filter((d: SyntaxDiagnostic) => d.severity === 1 || d.severity === 2)
    .map(
      (d) =>
        `${d.severity === 1 ? 'error' : 'warning'}: ${typeof d.message === 'string' ? d.message : d.message.value}`,
    );
  const used = new Set([...text.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
  for (const name of params) {
    if (!used.has(name)) {
      problems.push(`error: parameter $${name} is declared but not used`);
    }
  }
  return problems;
}
