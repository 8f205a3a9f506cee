import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import YAML from 'yaml';
import { itOn } from '../../support/test-engine';

/**
 * `redocly lint` (Redocly CLI, recommended rules) on docs/api/openapi.yaml, as a process:
 * any error or warning fails, listed. The config is redocly.yaml at the repository root;
 * .redocly.lint-ignore.yaml lists the few problems no truthful change can fix.
 */

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..', '..');
const DOCUMENT = 'docs/api/openapi.yaml';
const CLI = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
/** Once per run: the linter reads the document, not a store. */
const itOnce = itOn(['sqlite'], 'the linter reads the document, not a store; once per run');

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: LintProblem[];
}

/**
 * `redocly lint` on a document, with the repository's redocly.yaml and
 * .redocly.lint-ignore.yaml (both read from the repository root), as its JSON report.
 */
async function lint(document: string): Promise<LintReport> {
  const args = [CLI, 'lint', document, '--format=json', '--max-problems=10000'];
  const options = {
    cwd: ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  };
  // The CLI exits non-zero when it finds an error; its report is on stdout either way.
  const { stdout } = await run(process.execPath, args, options).catch(
    (error: Error & { stdout?: string; stderr?: string }) => {
      if (!error.stdout) {
        throw new Error(`redocly lint wrote no report: ${error.stderr || error.message}`);
      }
      return { stdout: error.stdout };
    },
  );
  return JSON.parse(stdout) as LintReport;
}

function describeProblem(problem: LintProblem): string {
  const where = problem.location.map((l) => l.pointer).join(', ');
  return `${problem.severity} ${problem.ruleId} at ${where}: ${problem.message}`;
}

describe('docs/api/openapi.yaml under redocly lint (recommended rules)', () => {
  itOnce(
    'has no error and no warning',
    async () => {
      const report = await lint(DOCUMENT);
      expect(report.problems.map(describeProblem)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    },
    60_000,
  );

  itOnce(
    'reports an example that does not match its schema',
    async () => {
      const document = YAML.parse(fs.readFileSync(path.join(ROOT, DOCUMENT), 'utf8')) as {
        components: {
          responses: Record<string, { content: Record<string, { example: { error: object } }> }>;
        };
      };
      const notFound = document.components.responses.NotFound?.content['application/json'];
      if (!notFound) {
        throw new Error('the document has no NotFound response with a JSON example');
      }
      notFound.example.error = { code: 'NOT_FOUND', message: 'Gone.', hint: 'not in the schema' };
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
      try {
        const copy = path.join(dir, 'openapi.yaml');
        fs.writeFileSync(copy, YAML.stringify(document));
        const report = await lint(copy);
        expect(
          report.problems.filter(
            (p) =>
              p.ruleId === 'no-invalid-media-type-examples' &&
              p.location.some((l) =>
                l.pointer?.startsWith('#/components/responses/NotFound/content/application~1json'),
              ),
          ),
        ).not.toEqual([]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
