// Two tests that run at the same time in two workers (the config runs files fully parallel):
// each creates a record from its page and adds a fault rule on its own server, waits for the
// other to have done the same, and then sees only its own record, its own rule and its own
// requests; one worker's reset leaves the other's state alone.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../../src/server/playwright/index.js';

const SYNC = process.env['MGMT_KIT_PLAYWRIGHT_SYNC'];
const NAMES = ['alpha', 'beta'] as const;

/** Waits (up to 30 s) until the other test wrote `step`: the two tests run side by side. */
async function waitFor(name: string, step: string): Promise<string> {
  const file = join(SYNC!, `${name}-${step}.json`);
  const deadline = Date.now() + 30_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${name} did not reach "${step}" within 30 s: the tests did not run in parallel workers`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return readFileSync(file, 'utf8');
}
/** Says this test reached `step`: written aside and renamed, so the other never reads a half-written file. */
const reach = (name: string, step: string, value: unknown = {}) => {
  const file = join(SYNC!, `${name}-${step}.json`);
  writeFileSync(`${file}.part`, JSON.stringify(value));
  renameSync(`${file}.part`, file);
};

test.describe('two workers, two servers', () => {
  test.skip(SYNC === undefined, 'needs MGMT_KIT_PLAYWRIGHT_SYNC (a shared folder): run it through playwright-fixture.test.ts');

  for (const name of NAMES) {
    const other = NAMES.find((n) => n !== name)!;
    test(`${name} sees only its own state, faults and journal`, async ({ page, mock }, testInfo) => {
      // The page talks to this worker's server (the admin page is a same-origin page to fetch from).
      await page.goto(`${mock.url}/__admin/`);
      const call = (method: string, path: string, body?: unknown) =>
        page.evaluate(
          async ([m, p, b]) =>
            (
              await fetch(p as string, {
                method: m as string,
                headers: { 'content-type': 'application/json' },
                ...(b === undefined ? {} : { body: JSON.stringify(b) }),
              })
            ).status,
          [method, path, body] as const,
        );

      expect(await call('POST', '/event', { id: `e-${name}`, kind: 'link-down' })).toBe(201);
      mock.faults.add({ method: 'GET', path: '/type/network-link', status: name === 'alpha' ? 503 : 429 });
      reach(name, 'ready', { port: mock.port, worker: testInfo.workerIndex });
      const theirs = JSON.parse(await waitFor(other, 'ready')) as { port: number; worker: number };
      expect(theirs.port).not.toBe(mock.port);
      expect(theirs.worker).not.toBe(testInfo.workerIndex);

      // Both servers now hold a record and a rule: each sees only its own.
      expect(mock.records('event').map((record) => record.id)).toEqual([`e-${name}`]);
      expect(mock.faults.list().map((rule) => rule.status)).toEqual([name === 'alpha' ? 503 : 429]);
      expect(await call('GET', '/type/network-link')).toBe(name === 'alpha' ? 503 : 429);
      await expect(mock).toHaveReceived({ method: 'POST', path: '/event', body: { id: `e-${name}` } });
      await expect(mock).not.toHaveReceived({ body: { id: `e-${other}` } }, { timeout: 300 });
      await expect(mock).toHaveReceivedTimes({ method: 'GET', path: '/type/network-link', status: '4xx' }, name === 'beta' ? 1 : 0);
      reach(name, 'checked');
      await waitFor(other, 'checked');

      // alpha resets its server while beta's state stays.
      if (name === 'alpha') {
        mock.reset();
        expect(mock.records('event')).toEqual([]);
        expect(mock.faults.list()).toEqual([]);
        expect(mock.requests()).toEqual([]);
        reach(name, 'reset');
      } else {
        await waitFor(other, 'reset');
        expect(mock.records('event').map((record) => record.id)).toEqual([`e-${name}`]);
        expect(mock.faults.list()).toHaveLength(1);
        await expect(mock).toHaveReceived({ method: 'POST', path: '/event' });
      }
    });
  }
});
