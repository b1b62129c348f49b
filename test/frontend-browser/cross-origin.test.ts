// The proof in a real browser: a page on one origin (a static server here) uses the
// typed client against `mgmt-kit serve` on another port, in headless Chromium launched WITHOUT
// --disable-web-security, so the browser enforces CORS itself. Two "tests" of an end-to-end
// suite run on the page with a reset before each; then the negative checks: with --cors=false
// or a --cors-origin that is not the page's, the browser really blocks the calls.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test, type TestContext } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/launch-chromium.js';
import { startServe, type ServeProcess } from '../support/start-serve.js';
import type { PageApp, PageSeen } from './page-app.js';
import { servePage, type PageServer } from './serve-page.js';

const SEEDED = { id: 'seeded', kind: 'link-down' };
let browser: Browser;
let site: PageServer;
const servers: ServeProcess[] = [];

before(async () => {
  site = await servePage();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.stop()));
  await site?.close();
});

async function serve(args: string[]): Promise<ServeProcess> {
  const server = await startServe(['--port', '0', '--quiet', ...args]);
  servers.push(server);
  return server;
}

/** Opens the page against `api`; console lines of the page are collected. */
async function openPage(api: string, token?: string): Promise<{ page: Page; console: string[] }> {
  const page = await browser.newPage();
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  page.on('pageerror', (error) => console.push(`pageerror: ${error.message}`));
  const query = new URLSearchParams({ api, ...(token ? { token } : {}) });
  await page.goto(`${site.origin}/?${query}`);
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'ready', undefined, { timeout: 30_000 });
  return { page, console };
}

/** Calls `window.app[name](...args)` in the page. */
function call<K extends keyof PageApp>(page: Page, name: K, ...args: Parameters<PageApp[K]>): Promise<PageSeen> {
  return page.evaluate(([n, a]) => (window as unknown as { app: Record<string, (...x: unknown[]) => Promise<unknown>> }).app[n]!(...a), [
    name,
    args,
  ] as const) as Promise<PageSeen>;
}

const shown = (page: Page) => page.$$eval('#log li', (items) => items.map((li) => li.textContent ?? ''));
const report = (t: TestContext, lines: string[]) => {
  for (const line of lines) t.diagnostic(line);
};

test('a page on another origin drives the reference server through CORS: CRUD, 406, reset, injected 500 and delay', { timeout: 120_000 }, async (t) => {
  const seedFile = join(mkdtempSync(join(tmpdir(), 'mgmt-kit-browser-')), 'seed.json');
  writeFileSync(seedFile, JSON.stringify({ event: [SEEDED] }));
  const api = await serve(['--admin', '--seed', seedFile]); // auth on: the page sends the printed token
  assert.notEqual(new URL(api.url).origin, site.origin, 'the page and the API are different origins');
  const { page, console } = await openPage(api.url, api.token);

  // "test 1", after a reset: create, read by id, a duplicate (406), update, delete.
  assert.equal((await call(page, 'reset')).status, 200);
  const created = await call(page, 'create', { id: 'e1', kind: 'link-up' });
  assert.deepEqual([created.status, created.message], [201, 'Record with id=e1 created']);
  const read = await call(page, 'read', 'e1');
  assert.deepEqual([read.status, read.data], [200, [{ id: 'e1', kind: 'link-up' }]]);
  const duplicate = await call(page, 'create', { id: 'e1', kind: 'again' });
  assert.deepEqual([duplicate.status, duplicate.message], [406, 'Id already found']);
  const updated = await call(page, 'update', 'e1', { source: '10.0.0.1' });
  assert.deepEqual([updated.status, updated.message], [200, 'Record with id=e1 updated']);
  assert.deepEqual((await call(page, 'read', 'e1')).data, [{ id: 'e1', kind: 'link-up', source: '10.0.0.1' }]);
  assert.equal((await call(page, 'remove', 'e1')).status, 205);
  assert.equal((await call(page, 'remove', SEEDED.id)).status, 205);
  assert.equal((await call(page, 'read', 'e1')).status, 404);
  await call(page, 'create', { id: 'left-over', kind: 'x' });

  // "test 2", after a reset: only the seed is there again.
  assert.equal((await call(page, 'reset')).status, 200);
  assert.deepEqual((await call(page, 'read')).data, [SEEDED]);

  // An injected 500 reaches the page as the envelope; the create did not happen.
  const failed = await call(page, 'create', { id: 'e9', kind: 'x' }, { 'x-mgmt-kit-status': '500' });
  assert.equal(failed.status, 500);
  assert.match(String(failed.message), /^Answer 500 injected by x-mgmt-kit-status/);
  assert.equal((await call(page, 'read', 'e9')).status, 404);

  // An injected delay: the page shows its loading line meanwhile and measures the wait.
  const slow = call(page, 'read', SEEDED.id, { 'x-mgmt-kit-delay': '1500ms' });
  await new Promise((resolve) => setTimeout(resolve, 700));
  const whileWaiting = await page.textContent('#status');
  const delayed = await slow;
  assert.equal(whileWaiting, `loading: read ${SEEDED.id}`);
  assert.equal(delayed.status, 200);
  assert.ok(delayed.ms >= 1500, `the page waited ${delayed.ms} ms`);

  const lines = await shown(page);
  report(t, [...lines, `status line 700 ms into the delayed read: "${whileWaiting}"; the page measured ${delayed.ms} ms`]);
  assert.equal(lines.length, 15);
  assert.ok(lines.includes('create e1 → 406 Id already found'), 'the 406 is shown on the page');
  assert.ok(lines.includes('create e9 → 500 Answer 500 injected by x-mgmt-kit-status; the request was not acted on'), 'the 500 is shown');
  assert.deepEqual(
    console.filter((line) => /CORS|pageerror/.test(line)),
    [],
    'no CORS complaint in the browser',
  );
  await page.close();
});

const blocked: Array<[string, (pageOrigin: string) => string[]]> = [
  ['--cors=false', () => ['--cors=false']],
  ["a --cors-origin that is not the page's", () => ['--cors-origin', 'http://localhost:5173']],
];
for (const [name, args] of blocked) {
  test(`with ${name} the browser blocks the page's calls`, { timeout: 60_000 }, async (t) => {
    const api = await serve(['--no-auth', ...args(site.origin)]);
    const { page, console } = await openPage(api.url);
    const read = await call(page, 'read');
    const created = await call(page, 'create', { id: 'blocked', kind: 'x' });
    report(t, [...(await shown(page)), ...console]);
    assert.equal(read.status, 'network error');
    assert.equal(created.status, 'network error');
    assert.ok(
      console.some((line) => /blocked by CORS policy/.test(line)),
      console.join('\n'),
    );
    // The server is fine: the same calls from Node (no CORS there) succeed — only the browser refused.
    assert.equal((await fetch(`${api.url}/event`)).status, 200);
    await page.close();
  });
}

test('the same page with --cors-origin set to its own origin works (the check above fails for the origin, not the flag)', { timeout: 60_000 }, async () => {
  const api = await serve(['--no-auth', '--cors-origin', site.origin]);
  const { page } = await openPage(api.url);
  assert.equal((await call(page, 'create', { id: 'allowed', kind: 'x' })).status, 201);
  assert.deepEqual((await call(page, 'read', 'allowed')).data, [{ id: 'allowed', kind: 'x' }]);
  await page.close();
});

test('tracing and request-id headers the app adds (traceparent, sentry-trace, x-request-id) pass the preflight: the call is sent and answered', {
  timeout: 60_000,
}, async (t) => {
  const api = await serve(['--no-auth', '--admin', '--cors-origin', site.origin]);
  const { page, console } = await openPage(api.url);
  const tracing = {
    traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    'sentry-trace': '4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1',
    'x-request-id': 'req-42',
  };
  const created = await call(page, 'create', { id: 'traced', kind: 'x' }, tracing);
  const read = await call(page, 'read', 'traced', tracing);
  report(t, [...(await shown(page)), ...console]);
  assert.deepEqual([created.status, read.status], [201, 200]);
  assert.deepEqual(
    console.filter((line) => /CORS|pageerror/.test(line)),
    [],
    'no CORS complaint in the browser',
  );
  // The journal shows the headers arrived with the call itself.
  const journal = (await (await fetch(`${api.url}/__admin/requests?method=POST`)).json()) as Array<{ headers: Record<string, string> }>;
  assert.equal(journal[0]?.headers['traceparent'], tracing.traceparent);
  assert.equal(journal[0]?.headers['x-request-id'], 'req-42');
  await page.close();
});

test("the docs/frontend-development.md recipe: reset with request.post in beforeEach; page.route adds a fault header to the app's own calls", {
  timeout: 60_000,
}, async () => {
  const api = await serve(['--no-auth', '--admin']);
  const { page } = await openPage(api.url);
  assert.equal((await call(page, 'create', { id: 'from-an-earlier-test', kind: 'x' })).status, 201);
  const reset = await page.request.post(`${api.url}/__admin/reset`);
  assert.equal(reset.status(), 200);
  assert.deepEqual((await call(page, 'read')).data, []);
  await page.route(`${api.url}/event**`, (route) => route.continue({ headers: { ...route.request().headers(), 'x-mgmt-kit-status': '500' } }));
  const failed = await call(page, 'read');
  assert.deepEqual([failed.status, failed.message], [500, 'Answer 500 injected by x-mgmt-kit-status; the request was not acted on']);
  await page.unroute(`${api.url}/event**`);
  assert.equal((await call(page, 'read')).status, 200);
  await page.close();
});
