// A browser app reading with a query through the msw mock (README "The query language"): the
// typed client, running in headless Chromium, sends a read's query as ?q= (a GET cannot carry a
// body there), and the msw handlers read q — the extension of x-decisions query-parameter.
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

// The README's browser example, with the page's own origin as the base URL.
const APP = `
import { setupWorker } from 'msw/browser';
import { createHandlers } from './index.js';
import { createClient } from '../client/index.js';
const baseUrl = location.origin + '/api';
const worker = setupWorker(...createHandlers({ baseUrl }));
await worker.start({ quiet: true, onUnhandledRequest: 'error' });
const client = createClient({ baseURL: baseUrl });
await client.events.create([{ id: 'e1', kind: 'link-down', severity: 3 }, { id: 'e2', kind: 'link-up', severity: 9 }, { id: 'e3', kind: 'reboot', severity: 5 }]);
const links = await client.events.read({
  query: { where: { wildcard: { target: 'kind', expr: 'link-*' } }, order: [{ target: 'severity', mode: 'desc' }], select: ['id'] },
});
const bad = await client.events.read({ query: { where: { like: { target: 'kind', expr: 'x' } } } });
window.__results = { links: { status: links.status, data: links.data }, bad: { status: bad.status, data: bad.data } };
`;

let server: Server;
let origin: string;
let browser: Browser | undefined;
const reachedServer: string[] = [];

before(async () => {
  const bundle = await build({
    stdin: { contents: APP, resolveDir: here, sourcefile: 'app.js', loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const app = bundle.outputFiles[0]!.text;
  const page = '<!doctype html><meta charset="utf-8"><title>query through msw</title><script type="module" src="/app.js"></script>';
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    else if (path === '/app.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(app);
    else if (path === '/mockServiceWorker.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(workerScript));
    else {
      if (path.startsWith('/api')) reachedServer.push(`${request.method} ${path}`);
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

test('in Chromium the client reads with a query as ?q= and the msw handlers answer it', { timeout: 90_000 }, async () => {
  browser = await launchChromium();
  const page = await browser.newPage();
  const errors: string[] = [];
  const urls: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => urls.push(`${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`));
  await page.goto(origin);
  await page.waitForFunction(() => '__results' in window, undefined, { timeout: 60_000 });
  const results = (await page.evaluate(() => (window as unknown as { __results: unknown }).__results)) as Record<string, { status: number; data: unknown }>;
  assert.deepEqual(errors, []);
  assert.deepEqual(reachedServer, [], 'every /api request is answered by the worker');
  assert.deepEqual(results['links'], { status: 200, data: [{ id: 'e2' }, { id: 'e1' }] });
  assert.equal(results['bad']?.status, 400);
  const reads = urls.filter((u) => u.startsWith('GET /api/event'));
  assert.ok(reads.length === 2 && reads.every((u) => u.includes('?q=')), `the reads carry their query as q: ${JSON.stringify(reads)}`);
});
