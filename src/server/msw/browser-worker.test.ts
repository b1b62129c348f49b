// The msw handlers in a real browser: the kit's core bundled for the browser with esbuild,
// started with msw's setupWorker (a service worker) in headless Chromium (from npm), then driven with
// fetch — what a frontend app does with `setupWorker(...createHandlers({ baseUrl }))`.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../test/support/launch-chromium.js';
import { serveMswApp, type MswApp } from '../../../test/support/serve-msw-app.js';

const here = fileURLToPath(new URL('.', import.meta.url));

// The app: starts the worker, then sends the description's operations with fetch and records the answers.
const APP = `
import { setupWorker } from 'msw/browser';
import { createHandlers } from './index.js';
const base = location.origin + '/api';
const worker = setupWorker(...createHandlers({ baseUrl: base }));
await worker.start({ quiet: true, onUnhandledRequest: 'error' });
const results = [];
async function call(method, path, body) {
  const response = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  results.push({ call: method + ' ' + path, status: response.status, body: text === '' ? null : JSON.parse(text) });
}
await call('GET', '/type/network-link');
await call('POST', '/event', { id: 'e1', kind: 'link-down' });
await call('POST', '/event/e1', { kind: 'again' });
await call('POST', '/type/network-link', { id: 'mesh' });
await call('PUT', '/event/e1', { id: 'e1', source: '10.0.0.1' });
await call('PUT', '/event/e1', { id: 'e1', source: '10.0.0.1' });
await call('GET', '/event/e1');
await call('DELETE', '/event/e1');
await call('GET', '/event/e1');
window.__results = results;
`;

let app: MswApp;
let browser: Browser | undefined;

before(async () => {
  app = await serveMswApp(APP, here, 'msw worker');
});

after(async () => {
  await browser?.close();
  await app.close();
});

test('setupWorker(...createHandlers()) answers the operations of the description in Chromium', { timeout: 90_000 }, async () => {
  browser = await launchChromium();
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(app.origin);
  await page.waitForFunction(() => '__results' in window, undefined, { timeout: 60_000 });
  const results = (await page.evaluate(() => (window as unknown as { __results: unknown }).__results)) as Array<{
    call: string;
    status: number;
    body: unknown;
  }>;
  assert.deepEqual(errors, []);
  assert.deepEqual(app.reachedServer, [], 'every /api request is answered by the worker');
  assert.deepEqual(
    results.map((r) => `${r.call} ${r.status}`),
    [
      'GET /type/network-link 200', // the preload (§2.2)
      'POST /event 201',
      'POST /event/e1 406', // duplicate id, named in the path (§4.1 rule 3)
      'POST /type/network-link 406', // missing name (§4.1 rule 4)
      'PUT /event/e1 200', // the event gains source (§4.1 rule 7)
      'PUT /event/e1 304', // nothing changes
      'GET /event/e1 200',
      'DELETE /event/e1 205',
      'GET /event/e1 404',
    ],
  );
  const body = (i: number) => results[i]!.body as Array<Record<string, unknown>>;
  assert.deepEqual(
    body(0).map((r) => r['id']),
    ['p2p', 'slice'],
  );
  assert.equal(body(2)[0]!['message'], 'Id already found');
  assert.deepEqual(body(3)[0]!['message'], { name: 'required' });
  assert.deepEqual(body(6), [{ id: 'e1', kind: 'link-down', source: '10.0.0.1' }]);
  // fetch cannot carry a body on 205 or 304 (docs/msw.md).
  assert.equal(results[5]!.body, null);
  assert.equal(results[7]!.body, null);
});
