import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { chromiumMissing, launchChromium } from '../support/chromium';
import { OntologyClient } from '../support/ontology-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The GraphQL explorer in a real browser: Debian's Chromium, driven by playwright-core,
 * headless. .ci/run installs chromium when it is missing; without it this file is skipped
 * and says why.
 */

/**
 * The little of the page's DOM the checks touch, typed here because the test tsconfig has
 * no DOM library. CodeMirror 5 hangs its editor on its wrapper element.
 */
interface PageElement {
  textContent: string | null;
  CodeMirror?: { getValue(): string; setValue(value: string): void };
}
interface PageStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
type PageGlobal = {
  document: { querySelector(selector: string): PageElement | null };
  localStorage: PageStorage;
  sessionStorage: PageStorage;
};
const HEADERS_EDITOR = '.graphiql-editor-tool .graphiql-editor:not(.hidden)';
const missing = chromiumMissing;
const describeWithChromium = missing ? describe.skip : describe;

describe('GraphQL explorer assets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the page to browsers, with a strict CSP and only local assets', async () => {
    const page = await request(t.app).get('/graphql').set('Accept', 'text/html,*/*;q=0.8');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.every((a) => a.startsWith('/graphql/assets/'))).toBe(true);
    expect(page.text).not.toMatch(/<script>|<style>/);
    for (const asset of assets) {
      const res = await request(t.app).get(asset);
      expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
      expect(res.headers['content-type']).toMatch(
        asset.endsWith('.css') ? /^text\/css/ : /javascript/,
      );
    }
    const unknown = await request(t.app).get('/graphql/assets/package.json');
    expect(unknown.status).toBe(404);
    const proto = await request(t.app).get('/graphql/assets/__proto__');
    expect(proto.status).toBe(404);
  });

  it('answers a GET without a query from a non-browser as GraphQL (auth first)', async () => {
    const res = await request(t.app).get('/graphql').set('Accept', 'application/json');
    expect(res.status).toBe(401);
  });
});

describeWithChromium(
  `GraphQL explorer in headless Chromium${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let t: TestApp;
    let server: http.Server;
    let base: string;
    let profile: string;
    let context: BrowserContext;
    /** `METHOD /path?query` of every request that reached the service. */
    const served: string[] = [];
    const cspViolations: string[] = [];
    const pageErrors: string[] = [];
    const TEMPLATE = {
      Authorization: 'Bearer <API key or OAuth access token>',
      'x-workspace-id': '<workspace id>',
    };

    beforeAll(async () => {
      t = await createTestApp();
      server = http.createServer((req, res) => {
        served.push(`${req.method} ${req.url}`);
        t.app(req, res);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-chromium-'));
      context = await launchChromium(profile);
    }, 60_000);

    afterAll(async () => {
      await context?.close();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await t?.close();
      if (profile) {
        fs.rmSync(profile, { recursive: true, force: true });
      }
    });

    /** GraphQL requests that reached the service (anything at /graphql but the page itself). */
    const graphqlRequests = () =>
      served.filter((r) => /^[A-Z]+ \/graphql(\?|$)/.test(r) && r !== 'GET /graphql');

    /** A new tab of the same browser profile (same origin storage) with the explorer loaded. */
    async function openExplorer(): Promise<Page> {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) {
          cspViolations.push(message.text());
        }
      });
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${base}/graphql`);
      await page.waitForSelector('.graphiql-container', { timeout: 20_000 });
      await page.waitForSelector('.graphiql-query-editor .CodeMirror');
      return page;
    }

    /** The text of the CodeMirror editor inside `selector` (empty when there is none). */
    function editorText(page: Page, selector: string): Promise<string> {
      return page.evaluate((sel) => {
        const el = (globalThis as unknown as PageGlobal).document.querySelector(
          `${sel} .CodeMirror`,
        );
        return el?.CodeMirror?.getValue() ?? '';
      }, selector);
    }

    /** Replaces the text of the CodeMirror editor inside `selector`. */
    async function setEditor(page: Page, selector: string, text: string): Promise<void> {
      await page.evaluate(
        ([sel, value]) => {
          const el = (globalThis as unknown as PageGlobal).document.querySelector(
            `${sel} .CodeMirror`,
          );
          if (!el?.CodeMirror) {
            throw new Error(`no editor at ${sel}`);
          }
          el.CodeMirror.setValue(value);
        },
        [selector, text] as const,
      );
    }

    /** Waits until the response pane's text contains `text`. */
    async function responseContains(page: Page, text: string): Promise<void> {
      await page.waitForFunction(
        (expected) =>
          (globalThis as unknown as PageGlobal).document
            .querySelector('.graphiql-response')
            ?.textContent?.includes(expected),
        text,
        { timeout: 20_000 },
      );
    }

    /** Every entry of localStorage and sessionStorage, as `[area, key, value]`. */
    function browserStorage(page: Page): Promise<[string, string, string][]> {
      return page.evaluate(() => {
        const g = globalThis as unknown as PageGlobal;
        const entries: [string, string, string][] = [];
        for (const [name, area] of [
          ['localStorage', g.localStorage],
          ['sessionStorage', g.sessionStorage],
        ] as const) {
          for (let i = 0; i < area.length; i++) {
            const key = area.key(i) ?? '';
            entries.push([name, key, area.getItem(key) ?? '']);
          }
        }
        return entries;
      });
    }

    /** Waits until localStorage[key] contains `text` (GraphiQL writes some keys debounced). */
    async function storedContains(page: Page, key: string, text: string): Promise<void> {
      await page.waitForFunction(
        ([k, expected]) =>
          (globalThis as unknown as PageGlobal).localStorage.getItem(k)?.includes(expected),
        [key, text] as const,
        { timeout: 20_000 },
      );
    }

    /** Entries of storage that hold `secret` anywhere, in their key or value. */
    async function leaks(page: Page, secret: string): Promise<string[]> {
      return (await browserStorage(page))
        .filter(([, key, value]) => key.includes(secret) || value.includes(secret))
        .map(([area, key]) => `${area}[${key}]`);
    }

    /** Opens the History plugin and makes its entry whose label is `label` the active one. */
    async function pickFromHistory(page: Page, label: string): Promise<void> {
      await page.click('button[aria-label="Show History"]');
      await page.click(`.graphiql-history-item-label:has-text("${label}")`);
    }

    it('asks for the key first and sends nothing to /graphql before the headers are set', async () => {
      served.length = 0;
      const page = await openExplorer();
      // The first view is the explorer's own prompt, not the service's 401.
      await responseContains(page, 'Headers tab');
      expect(JSON.parse(await editorText(page, HEADERS_EDITOR))).toEqual(TEMPLATE);
      // Running the example query with the template's placeholders sends nothing either.
      await setEditor(page, '.graphiql-response', '');
      await page.click('.graphiql-execute-button');
      await responseContains(page, 'Headers tab');
      const shown = JSON.parse(await editorText(page, '.graphiql-response')) as {
        errors: { message: string }[];
      };
      expect(shown.errors).toHaveLength(1);
      expect(shown.errors[0]!.message).toContain(
        '"Authorization": "Bearer <API key or OAuth access token>"',
      );
      expect(shown.errors[0]!.message).toContain('"x-workspace-id": "<workspace id>"');
      expect(graphqlRequests()).toEqual([]);
      expect(served).toContain('GET /graphql');
      await page.close();
    }, 60_000);

    it('renders GraphiQL from the service itself and runs a query with the headers entered', async () => {
      const c = new OntologyClient(t, t.apiKey, t.workspaceId);
      await c.node('Pump', 'Explorer pump');

      const page = await openExplorer();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.reload();
      await page.waitForSelector('.graphiql-query-editor .CodeMirror', { timeout: 20_000 });
      expect(JSON.parse(await editorText(page, HEADERS_EDITOR))).toEqual(TEMPLATE);

      await setEditor(
        page,
        HEADERS_EDITOR,
        JSON.stringify({ Authorization: `Bearer ${t.apiKey}`, 'x-workspace-id': t.workspaceId }),
      );
      // Run the page's own example query, as a first-time user would.
      await page.click('.graphiql-execute-button');
      await responseContains(page, 'Explorer pump');
      expect(JSON.parse(await editorText(page, '.graphiql-response'))).toEqual({
        data: {
          nodes: {
            total: 1,
            items: [
              {
                id: expect.any(String),
                entityType: 'Pump',
                name: 'Explorer pump',
                edges: { items: [] },
              },
            ],
          },
        },
      });
      // With the headers set, the re-fetch button loads the schema (the docs then list it).
      await page.click('button[aria-label="Re-fetch GraphQL schema"]');
      await page.click('button[aria-label="Show Documentation Explorer"]');
      await page.waitForSelector('.graphiql-doc-explorer :text("Query")', { timeout: 20_000 });
      // Everything came from this origin (no CDN), under the strict CSP.
      expect(requests.filter((u) => !u.startsWith(base))).toEqual([]);
      expect(cspViolations).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.close();
    }, 60_000);

    it('keeps the key out of browser storage, and a new tab restores it nowhere', async () => {
      const page = await openExplorer();
      await setEditor(
        page,
        HEADERS_EDITOR,
        JSON.stringify({ Authorization: `Bearer ${t.apiKey}`, 'x-workspace-id': t.workspaceId }),
      );
      await setEditor(page, '.graphiql-query-editor', 'query StorageProbe { nodes { total } }');
      // GraphiQL picks the operation up from the editor a moment later; run it once it has.
      await storedContains(page, 'graphiql:operationName', 'StorageProbe');
      await page.click('.graphiql-execute-button');
      await responseContains(page, '"total"');
      // GraphiQL has written the history entry and the tabs of this run (with the key set).
      await storedContains(page, 'graphiql:queries', 'StorageProbe');
      await storedContains(page, 'graphiql:tabState', 'StorageProbe');
      expect(await leaks(page, t.apiKey)).toEqual([]);
      // Within the page the key stays where the user typed it.
      expect(await editorText(page, HEADERS_EDITOR)).toContain(t.apiKey);

      const next = await openExplorer();
      expect(JSON.parse(await editorText(next, HEADERS_EDITOR))).toEqual(TEMPLATE);
      await pickFromHistory(next, 'StorageProbe');
      await next.waitForFunction(() =>
        (globalThis as unknown as PageGlobal).document
          .querySelector('.graphiql-query-editor .CodeMirror')
          ?.CodeMirror?.getValue()
          .includes('StorageProbe'),
      );
      expect(await editorText(next, HEADERS_EDITOR)).not.toContain(t.apiKey);
      expect(await editorText(next, HEADERS_EDITOR)).not.toMatch(/authorization/i);
      expect(await leaks(next, t.apiKey)).toEqual([]);
      await next.close();
      await page.close();
    }, 60_000);

    it('cleans headers an older explorer left in storage', async () => {
      const page = await context.newPage();
      const secret = 'wos_left_behind_by_an_older_explorer';
      const headers = JSON.stringify({ Authorization: `Bearer ${secret}` });
      // Any page of the origin shares its storage; the stylesheet is the lightest one.
      await page.goto(`${base}/graphql/assets/explorer.css`);
      await page.evaluate(
        ([h]) => {
          const ls = (globalThis as unknown as PageGlobal).localStorage;
          ls.setItem('graphiql:headers', h);
          ls.setItem('graphiql:shouldPersistHeaders', 'true');
          ls.setItem(
            'graphiql:queries',
            JSON.stringify({ queries: [{ query: '{ leftBehind: nodes { total } }', headers: h }] }),
          );
          ls.setItem(
            'graphiql:favorites',
            JSON.stringify({
              favorites: [{ query: '{ favourite: nodes { total } }', headers: h, favorite: true }],
            }),
          );
        },
        [headers] as const,
      );
      expect(await leaks(page, secret)).toHaveLength(3);
      await page.close();

      const next = await openExplorer();
      expect(await leaks(next, secret)).toEqual([]);
      expect(JSON.parse(await editorText(next, HEADERS_EDITOR))).toEqual(TEMPLATE);
      await pickFromHistory(next, 'leftBehind');
      expect(await editorText(next, HEADERS_EDITOR)).not.toContain(secret);
      expect(pageErrors).toEqual([]);
      await next.close();
    }, 60_000);
  },
);
