import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProcess, type Finished } from '../../support/run-process';
import { serviceWorkspace, ServiceProcess } from '../../support/service-process';
import { itOn, testEngine, type TestCase } from '../../support/test-engine';

/**
 * The client snippets of the documentation, run as written against one real service (the
 * embedded store, one workspace): every curl, TypeScript and Python snippet of
 * docs/clients.md, section by section in page order, each after its page's set-up (the
 * first section's snippets: `api`, `client`), and the programs of the README's "From code"
 * step; the TypeScript snippets are type-checked too. TypeScript and JavaScript run through tsx with `@wos/sdk` resolved to sdk/typescript/src; Python through
 * sdk/python/.venv (skipped, saying how to make it, when missing); curl through bash.
 */

const ROOT = path.resolve(__dirname, '..', '..', '..');
const PYTHON = path.join(ROOT, 'sdk', 'python', '.venv', 'bin', 'python');
const SDK_ENTRY = path.join(ROOT, 'sdk', 'typescript', 'src', 'index.ts');
const SNIPPET_TIMEOUT_MS = 60_000;

type Lang = 'sh' | 'ts' | 'js' | 'python';
const LANGS: readonly Lang[] = ['sh', 'ts', 'js', 'python'];

interface Snippet {
  /** Where it is: `<file> "<section>"`. */
  where: string;
  section: string;
  lang: Lang;
  text: string;
}

/** The `## ` sections of a Markdown page with their fenced sh, ts and python blocks. */
function snippets(file: string): Snippet[] {
  const markdown = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const found: Snippet[] = [];
  for (const part of markdown.split(/^## /m).slice(1)) {
    const section = part.slice(0, part.indexOf('\n'));
    for (const m of part.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)) {
      if ((LANGS as readonly string[]).includes(m[1]!)) {
        found.push({ where: `${file} "${section}"`, section, lang: m[1] as Lang, text: m[2]! });
      }
    }
  }
  return found;
}

const pageSnippets = snippets('docs/clients.md');
const setUpSection = pageSnippets[0]!.section;
/** The first section's first snippet per language: what every later one starts from. */
const setUp = new Map<Lang, string>();
for (const snippet of pageSnippets) {
  if (snippet.section === setUpSection && !setUp.has(snippet.lang)) {
    setUp.set(snippet.lang, snippet.text);
  }
}
/** The README's step: whole programs of their own, with their install commands (not run). */
const readmeSnippets = snippets('README.md').filter(
  (s) => s.section.startsWith('From code') && s.lang !== 'sh',
);

const missing: Record<Lang, string | null> = {
  sh: fs.existsSync('/usr/bin/curl') || fs.existsSync('/bin/curl') ? null : 'curl is missing',
  ts: null,
  js: null,
  python: fs.existsSync(PYTHON)
    ? null
    : `${path.relative(ROOT, PYTHON)} is missing: create it with ` +
      `python3 -m venv sdk/python/.venv && sdk/python/.venv/bin/pip install -e sdk/python`,
};

/** Once per run: the snippets talk HTTP, so the engine behind the service changes nothing. */
const itOnce: TestCase = itOn(['sqlite'], 'the snippets talk HTTP to a service, once per run');

describe('client snippets of docs/clients.md and README.md, against a real service', () => {
  let service: ServiceProcess | undefined;
  let env: Record<string, string> = {};
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-client-snippets-'));
  let count = 0;

  beforeAll(async () => {
    if (testEngine() !== 'sqlite') {
      return; // every test here runs on the embedded project only (itOnce)
    }
    const workspace = await serviceWorkspace();
    service = new ServiceProcess(
      {
        DATA_DIR: path.join(tmp, 'data'),
        HOST: '127.0.0.1',
        PORT: '0',
        RATE_LIMIT_ENABLED: 'false',
        ...workspace.env,
      },
      10 * 60_000,
    );
    const port = await service.port();
    env = { BASE: `http://127.0.0.1:${port}`, KEY: workspace.apiKey, WS: workspace.workspaceId };
  }, 120_000);

  afterAll(async () => {
    if (service) {
      service.kill('SIGKILL');
      await service.exited;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Runs one snippet in the temp directory; what it printed. */
  async function run(lang: Lang, code: string): Promise<string> {
    count += 1;
    let finished: Finished;
    if (lang === 'ts' || lang === 'js') {
      const file = path.join(tmp, `snippet-${count}.${lang === 'ts' ? 'mts' : 'mjs'}`);
      fs.writeFileSync(file, code.replaceAll("'@wos/sdk'", JSON.stringify(SDK_ENTRY)));
      finished = await runProcess(process.execPath, ['--import', 'tsx', file], {
        cwd: ROOT,
        env,
        timeoutMs: SNIPPET_TIMEOUT_MS,
      });
    } else if (lang === 'python') {
      const file = path.join(tmp, `snippet-${count}.py`);
      fs.writeFileSync(file, code);
      finished = await runProcess(PYTHON, [file], {
        cwd: tmp,
        env,
        timeoutMs: SNIPPET_TIMEOUT_MS,
      });
    } else {
      const file = path.join(tmp, `snippet-${count}.sh`);
      fs.writeFileSync(file, code);
      finished = await runProcess('bash', [file], {
        cwd: tmp,
        env,
        timeoutMs: SNIPPET_TIMEOUT_MS,
      });
    }
    const { code: exit, output } = finished;
    // curl's --max-time ends a stream with 28, as the snippet says it will.
    if (exit !== 0 && !(lang === 'sh' && exit === 28)) {
      throw new Error(`exited with ${String(exit)}:\n${output}\n--- snippet:\n${code}`);
    }
    return output;
  }

  /** The page's set-up, then the snippet (the set-up's own variables come from `env`). */
  function withSetUp(snippet: Snippet): string {
    if (snippet.section === setUpSection && snippet.text === setUp.get(snippet.lang)) {
      return snippet.text;
    }
    const head =
      snippet.lang === 'sh'
        ? setUp
            .get('sh')!
            .split('\n')
            .filter((line) => !/^(BASE|KEY|WS)=/.test(line))
            .join('\n')
        : setUp.get(snippet.lang)!;
    return `${head}\n${snippet.text}`;
  }

  /** A snippet's test, or a skipped one naming why when its language cannot run here. */
  function itRuns(lang: Lang, title: string, test: () => Promise<void>): void {
    const reason = missing[lang];
    if (reason) {
      it.skip(`${title} (skipped: ${reason})`, () => undefined);
    } else {
      itOnce(title, test, SNIPPET_TIMEOUT_MS + 10_000);
    }
  }

  const titles = new Set<string>();
  for (const snippet of pageSnippets) {
    let title = `${snippet.where} (${snippet.lang}) runs`;
    for (let n = 2; titles.has(title); n += 1) {
      title = `${snippet.where} (${snippet.lang}, snippet ${n}) runs`;
    }
    titles.add(title);
    itRuns(snippet.lang, title, async () => {
      const output = await run(snippet.lang, withSetUp(snippet));
      if (snippet.lang === 'sh') {
        // curl prints error answers without failing: an error answer must be the point.
        if (snippet.section === 'Errors') {
          expect(output).toContain('"code":"NOT_FOUND"');
        } else {
          expect(output).not.toContain('"success":false');
        }
      }
      if (snippet.section === 'Errors' && snippet.lang !== 'sh') {
        expect(output).toMatch(/404 NOT_FOUND req_/);
      }
    });
  }

  itOnce(
    'the TypeScript snippets of docs/clients.md type-check against the SDK',
    async () => {
      const dir = fs.mkdtempSync(path.join(tmp, 'typecheck-'));
      const entry = SDK_ENTRY.replace(/\.ts$/, '');
      pageSnippets
        .filter((snippet) => snippet.lang === 'ts')
        .forEach((snippet, i) => {
          const code = withSetUp(snippet).replaceAll("'@wos/sdk'", JSON.stringify(entry));
          fs.writeFileSync(path.join(dir, `snippet-${i}.mts`), `${code}\nexport {};\n`);
        });
      fs.writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: 'esnext',
            moduleResolution: 'bundler',
            target: 'es2022',
            noEmit: true,
            skipLibCheck: true,
            types: ['node'],
            typeRoots: [path.join(ROOT, 'node_modules', '@types')],
          },
          include: ['*.mts'],
        }),
      );
      const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
      const { code, output } = await runProcess(process.execPath, [tsc, '-p', dir], {
        cwd: ROOT,
        env: {},
        timeoutMs: SNIPPET_TIMEOUT_MS,
      });
      expect({ code, output }).toEqual({ code: 0, output: '' });
    },
    SNIPPET_TIMEOUT_MS + 60_000,
  );

  for (const snippet of readmeSnippets) {
    itRuns(snippet.lang, `${snippet.where} (${snippet.lang}) runs`, async () => {
      expect(await run(snippet.lang, snippet.text)).toMatch(/Feed pump/);
    });
  }
});
