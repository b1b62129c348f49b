// The /docs page in headless Chromium from npm (never a downloaded browser): Swagger UI renders
// the 24 operations of the spec from /openapi.json served by the node:http server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../test/support/launch-chromium.js';
import { listOperations, loadOpenApiDocument } from '../../spec/openapi-document.js';
import { startReferenceServer, type RunningReferenceServer } from './start-reference-server.js';


let server: RunningReferenceServer;
let browser: Browser | undefined;

before(async () => {
  server = await startReferenceServer({ port: 0, auth: { secret: 'docs-page-test' } });
});
after(async () => {
  await browser?.close();
  await server.close();
});

test('/docs renders all 24 operations in headless Chromium', { timeout: 90_000 }, async () => {
  browser = await launchChromium();
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
    assert.ok(ids.some((id) => id.endsWith(`-${op.operationId}`)), `operation ${op.operationId} is not rendered`);
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
