// The fixture's helpers as a test uses them: a seed through mockOptions, the reset before each
// test, state, fault rules that run out, and the journal assertions (passing, failing, negated).
import { expect, test } from '../../src/server/playwright/index.js';

test.use({ mockOptions: { seed: { event: [{ id: 'seeded', kind: 'link-up' }] } } });

const fetchStatus = (page: import('@playwright/test').Page, method: string, path: string, body?: unknown) =>
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

test.describe.configure({ mode: 'serial' });

test('starts from the seed; state and records read the server', async ({ page, mock }) => {
  expect(mock.records('event')).toEqual([{ id: 'seeded', kind: 'link-up' }]);
  expect(mock.records('network-link-type').map((record) => record.id)).toEqual(['p2p', 'slice']);
  await page.goto(`${mock.url}/__admin/`);
  expect(await fetchStatus(page, 'PUT', '/event/seeded', { kind: 'link-down' })).toBe(200);
  expect(mock.state().event).toEqual([{ id: 'seeded', kind: 'link-down' }]);
  mock.setState({ event: [{ id: 'replaced' }], 'network-link-type': [], agent: [] });
  expect(await fetchStatus(page, 'GET', '/event/replaced')).toBe(200);
  expect(() => mock.setState({ event: 'not a list' } as never)).toThrow(/^setState: /);
  expect(mock.records('event')).toEqual([{ id: 'replaced' }]);
});

test('the next test starts from the seed again (reset before each test)', async ({ mock }) => {
  expect(mock.records('event')).toEqual([{ id: 'seeded', kind: 'link-up' }]);
  expect(mock.requests()).toEqual([]);
  expect(mock.faults.list()).toEqual([]);
});

test('a fault rule answers in place of the server as many times as it says', async ({ page, mock }) => {
  await page.goto(`${mock.url}/__admin/`);
  const rule = mock.faults.add({ method: 'POST', path: '/event', status: 503, times: 1 });
  expect(rule.id).toBe('f1');
  expect(await fetchStatus(page, 'POST', '/event', { id: 'e1' })).toBe(503);
  expect(await fetchStatus(page, 'POST', '/event', { id: 'e1' })).toBe(201);
  expect(mock.faults.list()[0]).toMatchObject({ fired: 1, remaining: 0 });
  await expect(mock).toHaveReceivedTimes({ method: 'POST', path: '/event', body: { id: 'e1' } }, 2);
  await expect(mock).toHaveReceived({ method: 'POST', status: 503 });
  expect(mock.faults.clear()).toBe(1);
  expect(() => mock.faults.add({ path: '/event', status: 999 })).toThrow(/faults\.add: status 999/);
});

test('a journal assertion waits for the request, and fails naming what the journal holds', async ({ page, mock }) => {
  await page.goto(`${mock.url}/__admin/`);
  // Sent without awaiting: the assertion waits for it to arrive.
  void page.evaluate(() =>
    setTimeout(() => void fetch('/catalog/agent', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"late"}' }), 300),
  );
  await expect(mock).toHaveReceived({ method: 'POST', path: '/catalog/agent', body: { id: 'late' } });
  const failure = await expect(mock)
    .toHaveReceived({ method: 'DELETE' }, { timeout: 200 })
    .then(
      () => undefined,
      (error: Error) => error,
    );
  expect(failure?.message).toContain('Expected: at least one matching request');
  expect(failure?.message).toContain('POST /catalog/agent → 201');
  expect(() => mock.requests({ status: 'often' } as never)).toThrow(/requests: status must be/);
});

test('.not waits its whole timeout: it passes when nothing came, and fails when the request comes late', async ({ page, mock }) => {
  await page.goto(`${mock.url}/__admin/`);
  const started = Date.now();
  await expect(mock).not.toHaveReceived({ method: 'DELETE' }, { timeout: 500 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  // Sent 300 ms from now, without awaiting: a negative assertion that did not wait would pass.
  void page.evaluate(() => setTimeout(() => void fetch('/event/seeded', { method: 'DELETE' }), 300));
  const failure = await expect(mock)
    .not.toHaveReceived({ method: 'DELETE' }, { timeout: 1500 })
    .then(
      () => undefined,
      (error: Error) => error,
    );
  expect(failure?.message).toContain('Expected: not at least one matching request within 1500 ms');
  expect(failure?.message).toContain('DELETE /event/seeded → 205');
});
