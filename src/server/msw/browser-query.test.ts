// A browser app reading with a query through the msw mock (docs/query-language.md): the
// typed client, running in headless Chromium, sends a read's query as ?q= (a GET cannot carry a
// body there), and the msw handlers read q — the extension of x-decisions query-parameter.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../test/support/launch-chromium.js';
import { serveMswApp, type MswApp } from '../../../test/support/serve-msw-app.js';

const here = fileURLToPath(new URL('.', import.meta.url));

// The browser example of docs/query-language.md, with the page's own origin as the base URL.
const APP = `
import { setupWorker } from 'msw/browser';
import { createHandlers } from './index.js';
import { createClient } from '../../client/index.js';
const baseUrl = location.origin + '/api';
const worker = setupWorker(...createHandlers({ baseUrl }));
await worker.start({ quiet: true, onUnhandledRequest: 'error' });
const client = createClient({ baseURL: baseUrl });
await client.events.create({ body: [{ id: 'e1', kind: 'link-down', severity: 3 }, { id: 'e2', kind: 'link-up', severity: 9 }, { id: 'e3', kind: 'reboot', severity: 5 }] });
const links = await client.events.read({
  query: { where: { wildcard: { target: 'kind', expr: 'link-*' } }, order: [{ target: 'severity', mode: 'desc' }], select: ['id'] },
});
const bad = await client.events.read({ query: { where: { like: { target: 'kind', expr: 'x' } } } });
window.__results = { links: { status: links.status, data: links.data }, bad: { status: bad.status, data: bad.data } };
`;

let app: MswApp;
let browser: Browser | undefined;

before(async () => {
  app = await serveMswApp(APP, here, 'query through msw');
});

after(async () => {
  await browser?.close();
  await app.close();
});

test('in Chromium the client reads with a query as ?q= and the msw handlers answer it', { timeout: 90_000 }, async () => {
  browser = await launchChromium();
  const page = await browser.newPage();
  const errors: string[] = [];
  const urls: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => urls.push(`${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`));
  await page.goto(app.origin);
  await page.waitForFunction(() => '__results' in window, undefined, { timeout: 60_000 });
  const results = (await page.evaluate(() => (window as unknown as { __results: unknown }).__results)) as Record<string, { status: number; data: unknown }>;
  assert.deepEqual(errors, []);
  assert.deepEqual(app.reachedServer, [], 'every /api request is answered by the worker');
  assert.deepEqual(results['links'], { status: 200, data: [{ id: 'e2' }, { id: 'e1' }] });
  assert.equal(results['bad']?.status, 400);
  const reads = urls.filter((u) => u.startsWith('GET /api/event'));
  assert.ok(reads.length === 2 && reads.every((u) => u.includes('?q=')), `the reads carry their query as q: ${JSON.stringify(reads)}`);
});
