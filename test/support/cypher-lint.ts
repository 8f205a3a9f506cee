import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
const LANGUAGE = 'CYPHER 5';

/** What the cache keeps of a diagnostic: all that lintCypher reads of it. */
type Finding = { severity: number; message: string };

/**
 * Neo4j's semantic analysis takes from a tenth of a second to several seconds per
 * statement, and the lint tests send hundreds, mostly the same from one run to the next.
 * The findings for one text and parameter list are kept on disk, keyed by everything that
 * decides them: the text, the declared parameters, the function and procedure registry and
 * the linter's own version and build. A changed statement or an upgraded linter is linted
 * afresh. Each entry is written to a file of its own and renamed into place, so test
 * files linting at once never see half an entry. `CYPHER_LINT_CACHE=off` lints everything.
 */
const CACHE_DIR = path.resolve(__dirname, '..', '..', 'node_modules', '.cache', 'cypher-lint');

let linterIdentity: string | undefined;

/** The linter's version and build, and the registry it is given: part of every key. */
function identity(): string {
  if (linterIdentity === undefined) {
    const entry = require.resolve('@neo4j-cypher/language-support');
    const manifest = path.join(path.dirname(entry), '..', '..', 'package.json');
    const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
    linterIdentity = createHash('sha256')
      .update(JSON.stringify([version, fs.statSync(entry).size, LANGUAGE, FUNCTIONS, PROCEDURES]))
      .digest('hex');
  }
  return linterIdentity;
}

function analyse(text: string, params: readonly string[]): Finding[] {
  const schema: DbSchema = {
    functions: FUNCTIONS,
    procedures: PROCEDURES,
    parameters: Object.fromEntries(params.map((name) => [name, null])),
    defaultLanguage: LANGUAGE,
  };
  return lintCypherQuery(text, schema).diagnostics.map((d: SyntaxDiagnostic) => ({
    severity: d.severity ?? 0,
    message: typeof d.message === 'string' ? d.message : d.message.value,
  }));
}

function cachedAnalysis(text: string, params: readonly string[]): Finding[] {
  if (process.env.CYPHER_LINT_CACHE === 'off') {
    return analyse(text, params);
  }
  const key = createHash('sha256')
    .update(JSON.stringify([identity(), text, [...params].sort()]))
    .digest('hex');
  const file = path.join(CACHE_DIR, `${key}.json`);
  try {
    const kept: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (Array.isArray(kept)) {
      return kept as Finding[];
    }
  } catch {
    // Not cached yet: lint, then keep the answer.
  }
  const findings = analyse(text, params);
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${randomUUID()}.tmp`;
    fs.writeFileSync(partial, JSON.stringify(findings));
    fs.renameSync(partial, file);
  } catch {
    // A cache that cannot be written only costs time.
  }
  return findings;
}

/**
 * Errors and warnings (not hints) that Neo4j's own parser and semantic analysis
 * (@neo4j-cypher/language-support, Cypher 5 as on Neo4j 5.26) find in `text`, with exactly
 * `params` declared: an undeclared or unused parameter is an error too.
 */
export function lintCypher(text: string, params: readonly string[]): string[] {
  const problems = cachedAnalysis(text, params)
    .filter((d) => d.severity === 1 || d.severity === 2)
    .map((d) => `${d.severity === 1 ? 'error' : 'warning'}: ${d.message}`);
  const used = new Set([...text.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
  for (const name of params) {
    if (!used.has(name)) {
      problems.push(`error: parameter $${name} is declared but not used`);
    }
  }
  return problems;
}
