import fs from 'node:fs';
import path from 'node:path';
import request, { type Response } from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey, type WorkspaceWithKey } from '../support/workspace-fixtures';

/**
 * The examples of the documentation, run as written: the README's first session (its curl
 * commands parsed from the README, sent through the test client, each answer compared with
 * the one the README shows) and every file of cypher/examples the way docs/cypher.md says
 * to run it, with the answer docs/cypher.md promises. A documented example that stops
 * answering as documented fails here.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The text of the `## <title>` section of a Markdown page, up to the next `## `. */
function section(markdown: string, title: string): string {
  const part = markdown.split(/^## /m).find((p) => p.startsWith(`${title}\n`));
  if (part === undefined) {
    throw new Error(`no section "## ${title}"`);
  }
  return part;
}

/** The fenced code blocks of a Markdown text, in order. */
function codeBlocks(markdown: string): { lang: string; text: string }[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1]!,
    text: m[2]!,
  }));
}

/**
 * The commands of a shell snippet as words, as sh would split them: quotes, backslash line
 * continuations and comments; `$NAME` expanded from `vars` outside single quotes (`$@` kept).
 */
function shellCommands(script: string, vars: Record<string, string>): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | null = null;
  const expand = (text: string) =>
    text.replace(/\$\{?([A-Z_][A-Z0-9_]*)\}?/g, (_m, name: string) => vars[name] ?? '');
  const endWord = () => {
    if (word !== null) {
      words.push(word);
      word = null;
    }
  };
  for (let i = 0; i < script.length; i += 1) {
    const ch = script[i]!;
    if (ch === "'") {
      const end = script.indexOf("'", i + 1);
      word = (word ?? '') + script.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      let end = i + 1;
      while (script[end] !== '"') {
        end += script[end] === '\\' ? 2 : 1;
      }
      word = (word ?? '') + expand(script.slice(i + 1, end).replace(/\\(["\\$])/g, '$1'));
      i = end;
    } else if (ch === '\\' && script[i + 1] === '\n') {
      i += 1;
    } else if (ch === '#' && word === null) {
      const end = script.indexOf('\n', i);
      i = (end === -1 ? script.length : end) - 1;
    } else if (ch === '\n') {
      endWord();
      if (words.length > 0) {
        commands.push(words);
      }
      words = [];
    } else if (ch === ' ' || ch === '\t') {
      endWord();
    } else {
      const run = /^[^\s'"\\]+/.exec(script.slice(i))![0];
      word = (word ?? '') + (run.startsWith('$@') ? run : expand(run));
      i += run.length - 1;
    }
  }
  endWord();
  return words.length > 0 ? [...commands, words] : commands;
}

interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** `-g`: curl takes the URL as it is (brackets would otherwise be a glob pattern). */
  globOff: boolean;
}

/** The request a curl command line sends (the options the documentation uses). */
function curlRequest(args: string[]): CurlRequest {
  const req: CurlRequest = { method: '', url: '', headers: {}, globOff: false };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '-X') {
      req.method = args[++i]!;
    } else if (arg === '-H') {
      const header = args[++i]!;
      const colon = header.indexOf(':');
      req.headers[header.slice(0, colon)] = header.slice(colon + 1).trim();
    } else if (arg === '-d') {
      req.body = args[++i]!;
    } else if (/^-[sSgi]+$/.test(arg)) {
      // silent, show errors, include headers: nothing the request carries
      req.globOff ||= arg.includes('g');
    } else if (arg.startsWith('-')) {
      throw new Error(`curl option ${arg} is not understood by this test`);
    } else {
      req.url = arg;
    }
  }
  req.method ||= req.body === undefined ? 'GET' : 'POST';
  return req;
}

/**
 * The requests of the README's first session, each with the answer shown after it. `api` is
 * the session's own shell function: its curl options go before each use's.
 */
function firstSession(vars: Record<string, string>): { req: CurlRequest; shown: unknown }[] {
  const steps: { req: CurlRequest; shown: unknown }[] = [];
  let api: string[] | null = null;
  let pending: CurlRequest | null = null;
  for (const block of codeBlocks(section(read('README.md'), 'First session with curl'))) {
    if (block.lang === 'json') {
      if (pending === null) {
        throw new Error('an answer shown without a command before it');
      }
      steps.push({ req: pending, shown: JSON.parse(block.text) });
      pending = null;
      continue;
    }
    for (const words of shellCommands(block.text, vars)) {
      if (words[0] === 'api()') {
        api = words.slice(
          words.indexOf('curl') + 1,
          words.findIndex((w) => w.startsWith('$@')),
        );
      } else if (words[0] === 'curl' || words[0] === 'api') {
        const curlArgs = words[0] === 'api' ? [...(api ?? []), ...words.slice(1)] : words.slice(1);
        pending = curlRequest(curlArgs);
      } else if (!/^[A-Z_]+=/.test(words[0]!)) {
        throw new Error(`unexpected command in the first session: ${words.join(' ')}`);
      }
    }
  }
  return steps;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PREFIXED_ID = /^(key|req|evt)_[A-Za-z0-9_-]{20,}$/;
const DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * Where `actual` differs from what the documentation shows: every key shown must be there
 * with the value shown (arrays item by item, same length), except values that differ on
 * every run: UUIDs, prefixed ids and times match any value of the same form, `elapsedMs`
 * any number.
 */
function differences(shown: unknown, actual: unknown, at = '$'): string[] {
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual) || actual.length !== shown.length) {
      return [`${at}: ${JSON.stringify(actual)} is not an array of ${shown.length}`];
    }
    return shown.flatMap((item, i) => differences(item, actual[i], `${at}[${i}]`));
  }
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object') {
      return [`${at}: ${JSON.stringify(actual)} is not an object`];
    }
    return Object.entries(shown).flatMap(([key, value]) =>
      key in actual
        ? differences(value, (actual as Record<string, unknown>)[key], `${at}.${key}`)
        : [`${at}.${key} is missing`],
    );
  }
  const volatile = [UUID, PREFIXED_ID, DATETIME].find(
    (form) => typeof shown === 'string' && form.test(shown),
  );
  const same = volatile
    ? typeof actual === 'string' &&
      volatile.test(actual) &&
      (volatile !== PREFIXED_ID || actual.slice(0, 4) === (shown as string).slice(0, 4))
    : at.endsWith('.elapsedMs')
      ? typeof actual === 'number'
      : Object.is(shown, actual);
  return same ? [] : [`${at}: shown ${JSON.stringify(shown)}, got ${JSON.stringify(actual)}`];
}

/** Sends a parsed curl request through the test client. */
function send(t: TestApp, req: CurlRequest): Promise<Response> {
  const url = new URL(req.url);
  const test = request(t.app)[req.method.toLowerCase() as 'get' | 'post' | 'put'](
    url.pathname + url.search,
  );
  test.set(req.headers);
  return req.body === undefined ? test : test.send(req.body);
}

describe("the README's first session", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers every request as the README shows', async () => {
    const vars = { BASE: 'http://127.0.0.1:3000', KEY: t.apiKey, WS: t.workspaceId };
    const steps = firstSession(vars);
    // /api/me, the entity type, the node, the batch, the list, Cypher, the change feed.
    const statuses = [200, 201, 201, 201, 200, 200, 200];
    expect(steps).toHaveLength(statuses.length);
    for (const [i, step] of steps.entries()) {
      const res = await send(t, step.req);
      expect({ step: i + 1, url: step.req.url, status: res.status }).toEqual({
        step: i + 1,
        url: step.req.url,
        status: statuses[i],
      });
      // Pasted into a shell, a URL with brackets works only with curl's -g.
      const globbed = /[[\]{}]/.test(step.req.url) && !step.req.globOff;
      expect({ url: step.req.url, globbedWithoutG: globbed }).toEqual({
        url: step.req.url,
        globbedWithoutG: false,
      });
      expect({ step: i + 1, differences: differences(step.shown, res.body) }).toEqual({
        step: i + 1,
        differences: [],
      });
    }
  });
});

/** A file of cypher/examples as docs/cypher.md says to send it: no workspaceId conditions. */
function forEndpoint(text: string): string {
  return text
    .replaceAll(' {workspaceId: $workspaceId}', '')
    .replaceAll('workspaceId: $workspaceId, ', '');
}

/** Values for every parameter the examples name: a chain of six hops from n0 to n6. */
const PARAMETERS: Record<string, unknown> = {
  nodeId: 'n0',
  types: ['FEEDS', 'FLOWS_TO'],
  fromId: 'n0',
  toId: 'n6',
  from: 'n0',
  to: 'n6',
  entityType: 'Pump',
  status: 'on',
};

/** The parameters a query refers to (`$name`), with their values. */
function parametersOf(query: string): Record<string, unknown> {
  const names = new Set([...query.matchAll(/\$(\w+)/g)].map((m) => m[1]!));
  return Object.fromEntries([...names].map((name) => [name, PARAMETERS[name]]));
}

describe('the Cypher examples of docs/cypher.md', () => {
  const examplesDir = path.join(ROOT, 'cypher', 'examples');
  const files = fs.readdirSync(examplesDir).filter((f) => f.endsWith('.cypher'));
  const doc = section(read('docs/cypher.md'), 'Examples');
  let t: TestApp;
  let ws: WorkspaceWithKey;
  const cypher = (query: string, parameters: Record<string, unknown>) =>
    request(t.app)
      .post('/api/queries/cypher')
      .set(authHeaders(ws.apiKey, ws.workspaceId))
      .send({ query, parameters });

  beforeAll(async () => {
    t = await createTestApp();
    ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    const types = ['Pump', 'Valve', 'Pipe', 'Pipe', 'Pipe', 'Pipe', 'Tank'];
    const nodes = types.map((entityType, i) => ({
      type: 'CREATE_NODE',
      payload: {
        id: `n${i}`,
        entityType,
        name: `${entityType} ${i}`,
        properties: i === 0 ? { status: 'on', rpm: 1450 } : {},
      },
    }));
    const edges = types.slice(1).map((_type, i) => ({
      type: 'CREATE_EDGE',
      payload: {
        type: i === 0 ? 'FEEDS' : 'FLOWS_TO',
        sourceId: `n${i}`,
        targetId: `n${i + 1}`,
        properties: i === 0 ? { flow: 3.5 } : {},
      },
    }));
    const spare = { type: 'CREATE_NODE', payload: { id: 'spare', entityType: 'Pump', name: 'S' } };
    const res = await request(t.app)
      .post('/api/commands/batch')
      .set(authHeaders(ws.apiKey, ws.workspaceId))
      .send({ commands: [...nodes, ...edges, spare] });
    expectData(res, 201);
  });
  afterAll(() => t.close());

  // The one file the endpoint refuses, as docs/cypher.md says, and its error.
  const REFUSED: Record<string, string> = { '14-recent-commands.cypher': 'CYPHER_UNSUPPORTED' };

  it.each(files)('%s answers as docs/cypher.md says', async (file) => {
    const query = forEndpoint(fs.readFileSync(path.join(examplesDir, file), 'utf8'));
    expect(query).not.toContain('$workspaceId');
    const res = await cypher(query, parametersOf(query));
    const refusedWith = REFUSED[file];
    if (refusedWith !== undefined) {
      expectError(res, 400, refusedWith);
      expect(doc).toMatch(new RegExp(`\`${file}\`[\\s\\S]*?\`${refusedWith}\``));
      return;
    }
    const data = expectData(res, 200);
    expect(data.rows.length).toBeGreaterThan(0);
    if (file.startsWith('05-')) {
      // Six hops: past CYPHER_MAX_HOPS (5), which shortest paths may pass.
      expect(data.rows[0][1]).toBe(6);
    }
  });

  it('names the files that answer 200 as they are', () => {
    const answered = files.filter((f) => REFUSED[f] === undefined).map((f) => f.slice(0, 2));
    expect(doc).toContain(`\`${answered[0]}\` to \`${answered.at(-1)}\` answer 200`);
  });

  it('answers the further examples of the page', async () => {
    const block = codeBlocks(doc).find((b) => b.lang === 'cypher');
    const queries = block!.text.split(/\n\s*\n/).filter((q) => q.trim() !== '');
    expect(queries.length).toBeGreaterThan(5);
    for (const query of queries) {
      const res = await cypher(query, parametersOf(query));
      expect({ query, status: res.status, error: res.body.error }).toEqual({
        query,
        status: 200,
        error: undefined,
      });
    }
  });
});
