// The /docs page in headless Chromium from npm (never a downloaded browser): Swagger UI renders
// the 24 operations of the spec from /openapi.json served by the node:http server, on a port
// other than the documented 8080, and its "Try it out" calls that server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../test/support/launch-chromium.js';
import { mintToken } from '../../contract/tokens/mint-token.js';
import { listOperations, loadOpenApiDocument } from '../../contract/spec/openapi-document.js';
import { startReferenceServer, type RunningReferenceServer } from '../start-reference-server.js';

const SECRET = 'docs-page-test';
let server: RunningReferenceServer;
let browser: Browser | undefined;
const served: string[] = [];

before(async () => {
  server = await startReferenceServer({ port: 0, auth: { secret: SECRET }, onRequest: (e) => served.push(`${e.method} ${e.path} ${e.status}`) });
});
after(async () => {
  await browser?.close();
  await server.close();
});

async function openBrowser(): Promise<Browser> {
  browser ??= await launchChromium();
  return browser;
}

test('/docs renders all 24 operations in headless Chromium', { timeout: 90_000 }, async () => {
  const browser = await openBrowser();
  const page = await browser.newPage();
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url)) failed.push(`external request: ${request.url()}`);
  });
  await page.goto(`${server.url}/docs`, { waitUntil: 'load' });
  const operations = listOperations();
  assert.equal(operations.length, 24);
  await page.waitForFunction((n) => document.querySelectorAll('.opblock').length >= n, operations.length, { timeout: 60_000 });
  assert.equal(await page.locator('.opblock').count(), 24);
  const text = await page.locator('#swagger-ui').innerText();
  const ids = await page.$$eval('.opblock', (blocks) => blocks.map((b) => b.id));
  for (const op of operations) {
    // Swagger UI gives each block the id operations-<tag>-<operationId>.
    assert.ok(
      ids.some((id) => id.endsWith(`-${op.operationId}`)),
      `operation ${op.operationId} is not rendered`,
    );
  }
  assert.match(text, /Management service/);
  // Every x-decision of the spec is listed below the operations.
  const decisions = (loadOpenApiDocument().info['x-decisions'] ?? []).map((d) => d.id);
  assert.ok(decisions.length > 20);
  await page.waitForFunction((n) => document.querySelectorAll('#decisions tbody tr').length >= n, decisions.length);
  const listed = await page.$$eval('#decisions tbody tr td:first-child', (cells) => cells.map((c) => c.textContent));
  assert.deepEqual(listed, decisions);
  assert.deepEqual(failed, []);
});

test('Swagger UI lists the serving origin first and "Try it out" from the examples reaches this server', { timeout: 90_000 }, async () => {
  assert.notEqual(server.port, 8080, 'the point is a port other than the documented one');
  const page = await (await openBrowser()).newPage();
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url)) outside.push(request.url());
  });
  await page.goto(`${server.url}/docs`, { waitUntil: 'load' });
  await page.waitForSelector('.servers select option', { state: 'attached', timeout: 60_000 });
  const options = await page.$$eval('.servers select option', (list) => list.map((o) => (o as HTMLOptionElement).value));
  const documented = (loadOpenApiDocument()['servers'] as Array<{ url: string }>).map((s) => s.url);
  assert.deepEqual(options, [server.url, ...documented]);
  assert.equal(await page.$eval('.servers select', (select) => (select as HTMLSelectElement).value), server.url, 'selected by default');

  // Authorize as a user would with the printed token, then Try it out → Execute on a GET.
  const token = await mintToken({ secret: SECRET, expiresIn: '10m' });
  await page.evaluate((t) => (window as unknown as { ui: { preauthorizeApiKey(k: string, v: string): void } }).ui.preauthorizeApiKey('bearerAuth', t), token);
  const tryItOut = async (operationId: string): Promise<{ status: string; body: string; seen: string[] }> => {
    const block = page.locator(`.opblock[id$="-${operationId}"]`);
    await block.locator('.opblock-summary').click();
    await block.locator('button.try-out__btn').click();
    const before = served.length;
    await block.locator('button.execute').click();
    const status = block.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    const body = await block.locator('.live-responses-table tbody .response-col_description').first().innerText();
    // The log entry is written on the response's 'finish', which may trail the browser's render.
    for (let waited = 0; served.length === before && waited < 2_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    return { status: (await status.innerText()).trim(), body, seen: served.slice(before) };
  };
  const read = await tryItOut('readNetworkLinkTypes');
  assert.equal(read.status, '200', read.body);
  assert.deepEqual(read.seen, ['GET /type/network-link 200']);
  assert.match(read.body, /"id": "p2p"/);
  // Built from the examples alone (path example and body example), so example-driven tools can use it.
  const create = await tryItOut('createNetworkLinkTypeById');
  assert.equal(create.status, '201', create.body);
  assert.deepEqual(create.seen, ['POST /type/network-link/mesh 201']);
  const readById = await tryItOut('readNetworkLinkTypeById');
  assert.equal(readById.status, '200', readById.body);
  assert.deepEqual(readById.seen, ['GET /type/network-link/mesh 200']);
  assert.deepEqual(outside, []);
});
