// The msw handlers in a real browser: the kit's core bundled for the browser with esbuild,
// started with msw's setupWorker (a service worker) in headless Chromium (from npm), then driven with
// fetch — what a frontend app does with `setupWorker(...createHandlers({ baseUrl }))`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../test/support/launch-chromium.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const workerScript = fileURLToPath(new URL('../../node_modules/msw/lib/mockServiceWorker.js', import.meta.url));

// The app: starts the worker, then sends the seed's operations with fetch and records the answers.
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

let server: Server;
let origin: string;
let browser: Browser | undefined;
let requestsReachingServer: string[] = [];

before(async () => {
  const bundle = await build({
    stdin: { contents: APP, resolveDir: here, sourcefile: 'app.js', loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser', // fails the build if the handlers pull in a Node built-in
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const app = bundle.outputFiles[0]!.text;
  const page = '<!doctype html><meta charset="utf-8"><title>msw worker</title><script type="module" src="/app.js"></script>';
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    else if (path === '/app.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(app);
    else if (path === '/mockServiceWorker.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(workerScript));
    else {
      // An /api request here means the worker did not answer it.
      if (path.startsWith('/api')) requestsReachingServer.push(`${request.method} ${path}`);
      response.writeHead(path.startsWith('/api') ? 502 : 404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
});

test('setupWorker(...createHandlers()) answers the seed operations in Chromium', { timeout: 90_000 }, async () => {
  requestsReachingServer = [];
  browser = await launchChromium();
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(origin);
  await page.waitForFunction(() => '__results' in window, undefined, { timeout: 60_000 });
  const results = (await page.evaluate(() => (window as unknown as { __results: unknown }).__results)) as Array<{ call: string; status: number; body: unknown }>;
  assert.deepEqual(errors, []);
  assert.deepEqual(requestsReachingServer, [], 'every /api request is answered by the worker');
  assert.deepEqual(
    results.map((r) => `${r.call} ${r.status}`),
    [
      'GET /type/network-link 200', // the preload (seed §2.2)
      'POST /event 201',
      'POST /event/e1 406', // duplicate id, named in the path (seed §4.1 rule 3)
      'POST /type/network-link 406', // missing name (seed §4.1 rule 4)
      'PUT /event/e1 200', // the event gains source (seed §4.1 rule 7)
      'PUT /event/e1 304', // nothing changes
      'GET /event/e1 200',
      'DELETE /event/e1 205',
      'GET /event/e1 404',
    ],
  );
  const body = (i: number) => results[i]!.body as Array<Record<string, unknown>>;
  assert.deepEqual(body(0).map((r) => r['id']), ['p2p', 'slice']);
  assert.equal(body(2)[0]!['message'], 'Id already found');
  assert.deepEqual(body(3)[0]!['message'], { name: 'required' });
  assert.deepEqual(body(6), [{ id: 'e1', kind: 'link-down', source: '10.0.0.1' }]);
  // fetch cannot carry a body on 205 or 304 (README: msw in the browser).
  assert.equal(results[5]!.body, null);
  assert.equal(results[7]!.body, null);
});
