import { createHash } from 'node:crypto';
import request from 'supertest';
import { expectError } from '../support/envelope-assertions';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The Cypher explorer's page and files over HTTP: what a browser is sent. The page in a
 * real browser is tested in cypher-explorer-browser.test.ts.
 */

/** The `from '...'` and `import('...')` specifiers of an ES module's source. */
function importedSpecifiers(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/\b(?:import|export)\s[^;'"`]*?\bfrom\s*['"]([^'"]+)['"]/g)) {
    found.add(m[1]!);
  }
  for (const m of source.matchAll(/\bimport\s*['"]([^'"]+)['"]/g)) {
    found.add(m[1]!);
  }
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.add(m[1]!);
  }
  return [...found];
}

describe('Cypher explorer page and assets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the page with a strict CSP that allows only this origin and the import map', async () => {
    const page = await request(t.app).get('/explorer');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    // The one inline script is the import map, allowed by its hash.
    const inline = [...page.text.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)].filter(
      (m) => m[2] !== '',
    );
    expect(inline.map((m) => m[1]!.trim())).toEqual(['type="importmap"']);
    const hash = createHash('sha256').update(inline[0]![2]!).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(page.text).not.toMatch(/<style|style="/);
    // Style elements need this response's nonce (the page hands it to the editor); a second
    // response has another.
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(page.text).toContain(`<meta name="explorer-style-nonce" content="${nonce}">`);
    const again = await request(t.app).get('/explorer');
    expect(again.headers['content-security-policy']).not.toContain(nonce);
    const urls = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    const mapped = Object.values(
      (JSON.parse(inline[0]![2]!) as { imports: Record<string, string> }).imports,
    );
    expect([...urls, ...mapped].every((u) => u.startsWith('/explorer/assets/'))).toBe(true);
  });

  it('serves every file the page and its modules load, and each import resolves', async () => {
    const page = await request(t.app).get('/explorer');
    const map = JSON.parse(/<script type="importmap">([^<]*)<\/script>/.exec(page.text)![1]!) as {
      imports: Record<string, string>;
    };
    const pending = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    pending.push(...Object.values(map.imports));
    const seen = new Set<string>();
    const unresolved: string[] = [];
    while (pending.length > 0) {
      const url = pending.pop()!;
      if (seen.has(url)) {
        continue;
      }
      seen.add(url);
      const res = await request(t.app).get(url).buffer(true);
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
      expect(res.headers['content-type']).toMatch(
        url.endsWith('.css') ? /^text\/css/ : /^application\/javascript/,
      );
      if (url.endsWith('.css')) {
        continue;
      }
      const source = Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text;
      for (const specifier of importedSpecifiers(source)) {
        if (specifier.startsWith('./')) {
          pending.push(new URL(specifier, `http://h${url}`).pathname);
        } else if (map.imports[specifier]) {
          pending.push(map.imports[specifier]);
        } else {
          unresolved.push(`${url} imports ${specifier}`);
        }
      }
    }
    expect(unresolved).toEqual([]);
    // The editor, its Cypher mode and the graph library are all among them.
    expect([...seen]).toEqual(
      expect.arrayContaining([
        '/explorer/assets/codemirror-view.js',
        '/explorer/assets/codemirror-legacy-modes-cypher.js',
        '/explorer/assets/cytoscape.mjs',
      ]),
    );
  });

  it('answers 404 in the error envelope for a file it does not serve', async () => {
    for (const name of ['package.json', '__proto__', 'constructor', '..%2Fpackage.json']) {
      const res = await request(t.app).get(`/explorer/assets/${name}`);
      expectError(res, 404, 'NOT_FOUND');
    }
  });
});
