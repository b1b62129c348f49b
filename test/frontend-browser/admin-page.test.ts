// The admin page (`serve --admin`, GET /__admin/) in headless Chromium: it shows a record
// created through the API, adds a fault rule from its form, the next API call fails as the
// rule says and the live journal shows it, a spent rule reads as spent, a refused rule's message
// sits beside the form (not in the header), an uploaded state replaces the records, and Reset
// brings back the start. It takes three screenshots of the page: into a temporary directory, or,
// with UPDATE_SCREENSHOTS=1, into docs/images/ for the README (so a plain run changes no file).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/launch-chromium.js';
import { startServe, type ServeProcess } from '../support/start-serve.js';

const IMAGES =
  process.env['UPDATE_SCREENSHOTS'] === '1'
    ? fileURLToPath(new URL('../../docs/images/', import.meta.url))
    : mkdtempSync(join(tmpdir(), 'mgmt-kit-admin-page-'));
let browser: Browser;
let api: ServeProcess;

before(async () => {
  browser = await launchChromium();
  api = await startServe(['--port', '0', '--quiet', '--admin']); // auth on: the API calls carry the printed token
});
after(async () => {
  await browser?.close();
  await api?.stop();
});

/** A call of the app under test, from outside the page. */
const callApi = (method: string, path: string, body?: unknown) =>
  fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const cellsOf = (page: Page, table: string) =>
  page.$$eval(`${table} tbody tr`, (rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '')));

async function waitForRow(page: Page, table: string, wanted: (cells: string[]) => boolean, what: string): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = (await cellsOf(page, table)).find(wanted);
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`${what} not shown in ${table}: ${JSON.stringify(await cellsOf(page, table))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('the admin page shows records and the live journal, adds a fault rule that the next API call meets, uploads a state, resets', {
  timeout: 120_000,
}, async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  await page.goto(`${api.url}/__admin/`);
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'ready', undefined, { timeout: 30_000 });
  await waitForRow(page, '#records-network-link-type', (cells) => cells[0] === 'slice', 'the preload');
  assert.deepEqual(
    (await cellsOf(page, '#records-network-link-type')).map((cells) => cells[0]),
    ['p2p', 'slice'],
    'the preload is shown',
  );

  // A record created through the API appears in its table; a click shows its JSON.
  assert.equal((await callApi('POST', '/event', { id: 'e-page', kind: 'link-up', source: '10.0.0.1' })).status, 201);
  await waitForRow(page, '#records-event', (cells) => cells[0] === 'e-page', 'the created record');
  // The tables are redrawn every second: a click that lands on a row being replaced is lost, so click again.
  for (let tries = 0; !(await page.textContent('#record-json'))?.startsWith('{') && tries < 10; tries++) {
    await page.click('#records-event tbody tr');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.deepEqual(JSON.parse((await page.textContent('#record-json')) ?? ''), { id: 'e-page', kind: 'link-up', source: '10.0.0.1' });

  // A fault rule added from the page: the next create answers 503, the one after is normal.
  await page.selectOption('#fault-form select[name=method]', 'POST');
  await page.fill('#fault-form input[name=path]', '/event');
  await page.fill('#fault-form input[name=status]', '503');
  await page.fill('#fault-form input[name=times]', '1');
  await page.click('#fault-form button[type=submit]');
  await waitForRow(page, '#fault-rules', (cells) => cells[0] === 'f1' && cells[1] === 'POST' && cells[3] === '503', 'the rule');
  assert.equal((await callApi('POST', '/event', { id: 'e-failed', kind: 'x' })).status, 503);
  assert.equal((await callApi('POST', '/event', { id: 'e-second', kind: 'x' })).status, 201);
  const failed = await waitForRow(page, '#requests', (cells) => cells[4] === '503', 'the failed call');
  assert.deepEqual([failed[2], failed[3], failed[6]], ['POST', '/event', 'rule f1']);
  assert.match(failed[5] ?? '', /^Answer 503 injected by rule f1/);
  await waitForRow(page, '#fault-rules', (cells) => cells[0] === 'f1' && cells[5] === '1' && cells[6] === '0', 'the rule fired once, none left');
  // A spent rule (left 0) stays listed but reads as spent: greyed row, a "spent" label.
  const spent = await page.$eval('#fault-rules tbody tr', (tr) => ({
    className: tr.className,
    label: tr.querySelector('.spent-label')?.textContent,
    color: getComputedStyle(tr.querySelector('td')!).color,
  }));
  assert.deepEqual([spent.className, spent.label], ['spent', 'spent']);
  assert.equal(spent.color, 'rgb(140, 149, 159)', 'the spent row is greyed');

  // A refused rule: the whole message beside the form, the header keeps its one short line.
  const headerHeight = async () => await page.$eval('header', (header) => header.getBoundingClientRect().height);
  const heightBefore = await headerHeight();
  await page.selectOption('#fault-form select[name=method]', '');
  await page.fill('#fault-form input[name=path]', '/event');
  await page.fill('#fault-form input[name=status]', '999');
  await page.fill('#fault-form input[name=times]', '');
  await page.click('#fault-form button[type=submit]');
  await page.waitForFunction(() => !(document.querySelector('#fault-form-error') as HTMLElement | null)?.hidden);
  const formError = await page.$eval('#fault-form-error', (p) => ({
    text: p.textContent ?? '',
    afterForm: p.previousElementSibling?.id,
    section: p.closest('section')?.id,
    role: p.getAttribute('role'),
  }));
  assert.match(formError.text, /^Rule not added: 400 Request not valid: the fault rule is not valid: status 999 is not one a fault can answer/);
  assert.deepEqual(
    [formError.afterForm, formError.section, formError.role],
    ['fault-form', 'faults', 'alert'],
    'the error sits right below the form, in its section',
  );
  assert.equal(await page.textContent('#status'), 'add rule → 400 (see the form)', 'the header holds no long message');
  assert.equal(await headerHeight(), heightBefore, 'the header keeps its height');
  assert.equal((await cellsOf(page, '#fault-rules')).length, 1, 'the refused rule was not added');
  await page.click('#requests tbody tr'); // newest first: the 201
  assert.equal(JSON.parse((await page.textContent('#request-json')) ?? '{}').status, 201);
  mkdirSync(IMAGES, { recursive: true });
  await page.screenshot({ path: join(IMAGES, 'admin-page.png'), fullPage: true });
  await (await page.$('#faults'))!.screenshot({ path: join(IMAGES, 'admin-page-faults.png') });
  await page.click('#requests tbody tr:nth-child(2)');
  await (await page.$('#journal'))!.screenshot({ path: join(IMAGES, 'admin-page-journal.png') });
  assert.ok(statSync(join(IMAGES, 'admin-page-journal.png')).size > 10_000, 'a screenshot with something on it');

  // Upload a state file: the records are replaced.
  const state = { event: [{ id: 'uploaded', kind: 'k' }], 'network-link-type': [], agent: [] };
  await page.setInputFiles('#upload', { name: 'state.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(state)) });
  await page.waitForFunction(() => /^upload → 200/.test(document.querySelector('#status')?.textContent ?? ''));
  assert.deepEqual(await (await callApi('GET', '/event')).json(), state.event);

  // Reset: back to the preload, rules and journal cleared.
  await page.click('#reset');
  await page.waitForFunction(() => /^reset → 200/.test(document.querySelector('#status')?.textContent ?? ''));
  await waitForRow(page, '#records-network-link-type', (cells) => cells[0] === 'p2p', 'the preload after reset');
  assert.deepEqual(await cellsOf(page, '#records-event'), []);
  assert.deepEqual(await cellsOf(page, '#fault-rules'), []);
  assert.deepEqual(await cellsOf(page, '#requests'), []);
  assert.deepEqual(problems, [], 'no script error, no failed request on the page');
  await page.close();
});
