import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { GraphNode } from '../../src/domain/graph';
import { chromiumMissing, launchChromium } from '../support/chromium';
import { OntologyClient } from '../support/ontology-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The Cypher explorer in a real browser: Debian's Chromium, driven by playwright-core,
 * headless. .ci/run installs chromium when it is missing; without it this file is skipped
 * and says why.
 *
 * Everything comes from the service itself: the page, its files, the Cypher endpoint (with
 * a row limit of 2, so a result can be cut) and the neighbours of a node. Requests to the
 * endpoint are only observed on their way (Playwright's request interception, continued
 * unchanged) to check what the page sent.
 */
const missing = chromiumMissing;
const describeWithChromium = missing ? describe.skip : describe;

/** The little of the page's DOM and globals the checks touch (the test tsconfig has no DOM). */
interface PageElement {
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  getBoundingClientRect(): { left: number; top: number };
}
interface PageStorage {
  readonly length: number;
}
interface CyNode {
  renderedPosition(): { x: number; y: number };
  data(field: string): unknown;
}
type PageGlobal = {
  document: {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    cookie: string;
  };
  localStorage: PageStorage;
  sessionStorage: PageStorage;
  indexedDB: { databases(): Promise<unknown[]> };
  getComputedStyle(element: PageElement): { color: string };
  cypherExplorer: { graph: { getElementById(id: string): CyNode } };
};

/** What the page sent to the endpoint. */
interface CypherCall {
  authorization: string | undefined;
  workspace: string | undefined;
  body: { query: string; parameters: Record<string, unknown> };
}

describeWithChromium(
  `Cypher explorer in headless Chromium${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let t: TestApp;
    let server: http.Server;
    let base: string;
    let profile: string;
    let context: BrowserContext;
    let pump: GraphNode;
    let tank: GraphNode;
    let valve: GraphNode;
    /** `METHOD /path?query` of every request that reached the service. */
    const served: string[] = [];
    const cypherCalls: CypherCall[] = [];
    /** Console errors, CSP reports and uncaught errors, per page. */
    const problems = new WeakMap<Page, string[]>();

    beforeAll(async () => {
      // One query thread and a long time limit: a query the page stops must free the thread.
      t = await createTestApp({
        env: { CYPHER_MAX_ROWS: '2', CYPHER_THREADS: '1', CYPHER_TIMEOUT_MS: '120000' },
      });
      const c = new OntologyClient(t, t.apiKey, t.workspaceId);
      pump = await c.node('Pump', 'Feed pump P1', { ratedKw: 7.5 });
      tank = await c.node('Tank', 'Buffer tank T1');
      valve = await c.node('Valve', 'Outlet valve V1');
      await c.edge('FEEDS', pump.id, tank.id);
      await c.edge('FEEDS', tank.id, valve.id);
      server = http.createServer((req, res) => {
        served.push(`${req.method} ${req.url}`);
        t.app(req, res);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-chromium-'));
      context = await launchChromium(profile, { viewport: { width: 1280, height: 900 } });
      await context.route('**/api/queries/cypher', observeCypher);
    }, 60_000);

    afterAll(async () => {
      await context?.close();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await t?.close();
      if (profile) {
        fs.rmSync(profile, { recursive: true, force: true });
      }
    });

    /** Notes what the page sent to POST /api/queries/cypher, and lets it through. */
    async function observeCypher(route: Route): Promise<void> {
      const req = route.request();
      const headers = req.headers();
      cypherCalls.push({
        authorization: headers['authorization'],
        workspace: headers['x-workspace-id'],
        body: req.postDataJSON() as CypherCall['body'],
      });
      await route.continue();
    }

    /** A new tab with the explorer loaded, console errors and CSP reports collected. */
    async function openExplorer(): Promise<Page> {
      const page = await context.newPage();
      const seen: string[] = [];
      problems.set(page, seen);
      page.on('console', (message) => {
        if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) {
          seen.push(message.text());
        }
      });
      page.on('pageerror', (error) => seen.push(error.message));
      await page.goto(`${base}/explorer`);
      await page.waitForSelector('#editor .cm-content', { timeout: 20_000 });
      return page;
    }

    async function enterCredentials(page: Page): Promise<void> {
      await page.fill('#api-key', t.apiKey);
      await page.fill('#workspace', t.workspaceId);
    }

    /** Replaces the query in the editor by typing it, as an analyst would. */
    async function typeQuery(page: Page, query: string): Promise<void> {
      await page.click('#editor .cm-content');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      await page.keyboard.type(query);
    }

    /** Waits until the status line holds `text`. */
    const untilStatus = (page: Page, text: string) =>
      page.waitForFunction(
        (wanted) =>
          (globalThis as unknown as PageGlobal).document
            .querySelector('#status')
            ?.textContent?.includes(wanted) ?? false,
        text,
      );
    const statusText = (page: Page) => page.textContent('#status').then((s) => s ?? '');
    const graphCounts = (page: Page) =>
      page.evaluate(() => {
        const summary = (globalThis as unknown as PageGlobal).document.querySelector(
          '#graph-summary',
        )!;
        return { nodes: summary.dataset.nodes, edges: summary.dataset.edges };
      });

    /** Requests to the API (anything under /api/) that reached the service. */
    const apiRequests = () => served.filter((r) => / \/api\//.test(r));

    it('loads from the service alone, highlights Cypher, and sends nothing before a key is entered', async () => {
      served.length = 0;
      cypherCalls.length = 0;
      const page = await openExplorer();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.reload();
      await page.waitForSelector('#editor .cm-content', { timeout: 20_000 });

      // The Cypher mode colours keywords: MATCH is not drawn in the text's own colour.
      const colours = await page.evaluate(() => {
        const spans = Array.from(
          (globalThis as unknown as PageGlobal).document.querySelectorAll('#editor .cm-line span'),
        );
        const keyword = spans.find((s) => s.textContent === 'MATCH');
        const line = (globalThis as unknown as PageGlobal).document.querySelector(
          '#editor .cm-line',
        )!;
        return {
          keyword: keyword
            ? (globalThis as unknown as PageGlobal).getComputedStyle(keyword).color
            : null,
          text: (globalThis as unknown as PageGlobal).getComputedStyle(line).color,
        };
      });
      expect(colours.keyword).not.toBeNull();
      expect(colours.keyword).not.toBe(colours.text);

      // Run without credentials: a local message, no request.
      await page.click('#run');
      await untilStatus(page, 'CREDENTIALS_MISSING');
      await page.fill('#api-key', t.apiKey);
      await page.keyboard.press('Control+Enter');
      expect(await statusText(page)).toContain('enter the API key and the workspace id first');

      expect(cypherCalls).toEqual([]);
      expect(apiRequests()).toEqual([]);
      expect(requests.filter((u) => !u.startsWith(base))).toEqual([]);
      expect(problems.get(page)).toEqual([]);
      await page.close();
    }, 60_000);

    it('runs a query and shows the result as a table and as a graph; a click on a node adds its neighbours', async () => {
      cypherCalls.length = 0;
      const page = await openExplorer();
      await enterCredentials(page);
      const query = 'MATCH (n:Pump)-[r:FEEDS]->(m)\nRETURN n, r, m, n.name';
      await typeQuery(page, query);
      await page.fill('#parameters', '{"unused": 5}');
      await page.click('#run');
      await untilStatus(page, '1 row');

      expect(cypherCalls).toEqual([
        {
          authorization: `Bearer ${t.apiKey}`,
          workspace: t.workspaceId,
          body: { query, parameters: { unused: 5 } },
        },
      ]);
      expect(await statusText(page)).toMatch(/^1 row in [\d.]+ ms\.$/);
      const headers = await page.$$eval('#table th', (cells) => cells.map((c) => c.textContent));
      expect(headers).toEqual(['n', 'r', 'm', 'n.name']);
      const cells = await page.$$eval('#table td', (tds) => tds.map((c) => c.textContent));
      expect(cells).toEqual([
        '(:Pump "Feed pump P1")',
        '[:FEEDS]',
        '(:Tank "Buffer tank T1")',
        '"Feed pump P1"',
      ]);
      expect(await graphCounts(page)).toEqual({ nodes: '2', edges: '1' });

      // Click the tank where the graph view drew it: the service adds the valve behind it.
      const at = await page.evaluate((id) => {
        const box = (globalThis as unknown as PageGlobal).document
          .querySelector('#graph')!
          .getBoundingClientRect();
        const p = (globalThis as unknown as PageGlobal).cypherExplorer.graph
          .getElementById(id)
          .renderedPosition();
        return { x: box.left + p.x, y: box.top + p.y };
      }, tank.id);
      await page.mouse.click(at.x, at.y);
      await page.waitForFunction(
        () =>
          (globalThis as unknown as PageGlobal).document.querySelector('#graph-summary')?.dataset
            .nodes === '3',
      );
      expect(await graphCounts(page)).toEqual({ nodes: '3', edges: '2' });
      expect(await statusText(page)).toBe(
        'Expanded Buffer tank T1: 1 new node, 1 new relationship.',
      );
      expect(served).toContain(
        `GET /api/queries/nodes/${encodeURIComponent(tank.id)}/neighbors?depth=1&direction=both`,
      );
      // The node added is the valve behind the tank, drawn with its name.
      const added = await page.evaluate(
        (id) =>
          (globalThis as unknown as PageGlobal).cypherExplorer.graph
            .getElementById(id)
            .data('label'),
        valve.id,
      );
      expect(added).toBe('Outlet valve V1');
      expect(problems.get(page)).toEqual([]);
      await page.close();
    }, 60_000);

    it('shows an error with its code and position, and puts the cursor there', async () => {
      const page = await openExplorer();
      await enterCredentials(page);
      await typeQuery(page, 'MATCH (n)\nRETURN 1 + ');
      await page.click('#run');
      await untilStatus(page, 'CYPHER_SYNTAX_ERROR');
      expect(await statusText(page)).toMatch(
        /^CYPHER_SYNTAX_ERROR at line 2, column 12: .+ \(request req_[0-9a-f]{32}\)$/,
      );
      // The cursor sits where the error points: typing there completes the query.
      await page.keyboard.type('2');
      const text = await page.evaluate(() =>
        Array.from(
          (globalThis as unknown as PageGlobal).document.querySelectorAll('#editor .cm-line'),
        )
          .map((l) => l.textContent)
          .join('\n'),
      );
      expect(text).toBe('MATCH (n)\nRETURN 1 + 2');
      // Chromium reports the 400 itself on the console; nothing else went wrong.
      expect(problems.get(page)!.filter((p) => !/status of 400 \(Bad Request\)/.test(p))).toEqual(
        [],
      );
      await page.close();
    }, 60_000);

    it('stops a running query with Stop, and the service runs the next one at once', async () => {
      const page = await openExplorer();
      await enterCredentials(page);
      expect(await page.isDisabled('#stop')).toBe(true);
      // Three nodes, twenty times over: billions of combinations, minutes of work.
      await typeQuery(
        page,
        'MATCH (a), (b), (c), (d), (e), (f), (g), (h), (i), (j)\n' +
          'MATCH (k), (l), (m), (o), (p), (q), (r), (s), (t), (u)\nRETURN count(*) AS n',
      );
      await page.click('#run');
      await page.waitForSelector('#stop:not([disabled])');
      expect(await statusText(page)).toBe('Running...');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await page.click('#stop');
      await untilStatus(page, 'Stopped');
      expect(await statusText(page)).toBe('Stopped: the query was cancelled.');
      expect(await page.isDisabled('#stop')).toBe(true);
      expect(await page.isDisabled('#run')).toBe(false);
      // The only query thread is free again: the next query answers (it would otherwise
      // wait for the stopped one, past this test's own time limit).
      await typeQuery(page, 'RETURN 1 AS one');
      await page.click('#run');
      await untilStatus(page, 'row');
      expect(await statusText(page)).toMatch(/^1 row in [\d.]+ ms\.$/);
      expect(problems.get(page)).toEqual([]);
      await page.close();
    }, 30_000);

    it('keeps the key and workspace in the page only: no storage, no cookie, gone after a reload', async () => {
      const page = await openExplorer();
      await enterCredentials(page);
      await typeQuery(page, 'MATCH (n) RETURN n');
      await page.click('#run');
      await untilStatus(page, 'row');
      // A result cut at the row limit says so.
      expect(await statusText(page)).toMatch(
        /^2 rows in [\d.]+ ms; truncated at the row limit \(add LIMIT or narrow the query\)\.$/,
      );
      expect(await graphCounts(page)).toEqual({ nodes: '2', edges: '0' });

      const stored = async () =>
        page.evaluate(async () => ({
          localStorage: (globalThis as unknown as PageGlobal).localStorage.length,
          sessionStorage: (globalThis as unknown as PageGlobal).sessionStorage.length,
          cookie: (globalThis as unknown as PageGlobal).document.cookie,
          indexedDB: (await (globalThis as unknown as PageGlobal).indexedDB.databases()).length,
        }));
      expect(await stored()).toEqual({
        localStorage: 0,
        sessionStorage: 0,
        cookie: '',
        indexedDB: 0,
      });
      expect(await context.cookies()).toEqual([]);
      expect(page.url()).toBe(`${base}/explorer`);

      await page.reload();
      await page.waitForSelector('#editor .cm-content', { timeout: 20_000 });
      expect(await page.inputValue('#api-key')).toBe('');
      expect(await page.inputValue('#workspace')).toBe('');
      expect(await stored()).toEqual({
        localStorage: 0,
        sessionStorage: 0,
        cookie: '',
        indexedDB: 0,
      });
      expect(problems.get(page)).toEqual([]);
      await page.close();
    }, 60_000);
  },
);
