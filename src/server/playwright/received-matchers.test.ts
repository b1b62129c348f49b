// The journal matchers as Playwright's expect calls them (`this` is the matcher state, `pass` is
// negated by expect under .not), against a real mock server and real requests: a positive
// assertion stops as soon as the request arrives; a negative one waits its whole timeout and fails
// as soon as the request arrives, however late in the timeout.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ExpectMatcherState } from '@playwright/test';
import { startMockServer, type MockServer } from './mock-server.js';
import { receivedMatchers } from './received-matchers.js';

let mock: MockServer;
before(async () => {
  mock = await startMockServer();
});
after(() => mock.close());

/** The matcher state Playwright's expect passes: `.not` or not, and its expect timeout. */
const state = (isNot: boolean, timeout = 5_000) =>
  ({
    isNot,
    timeout,
    utils: { printExpected: (value: unknown) => JSON.stringify(value), printReceived: (value: unknown) => String(value) },
  }) as unknown as ExpectMatcherState;

/** Sends DELETE /event/late after `ms` (the mock answers 404: there is no such record; the journal keeps it). */
const deleteLater = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(() => void fetch(`${mock.url}/event/late`, { method: 'DELETE' }).then(() => resolve()), ms));

/** The assertion's verdict as expect gives it: under .not, it fails when the matcher passes. */
async function verdict(isNot: boolean, run: (context: ExpectMatcherState) => Promise<{ pass: boolean; message: () => string }>, timeout?: number) {
  const started = Date.now();
  const result = await run(state(isNot, timeout));
  return { passed: result.pass !== isNot, ms: Date.now() - started, message: result.message() };
}

describe('toHaveReceived under .not', () => {
  it('fails when the request arrives 300 ms into a 1500 ms timeout, as soon as it arrives', async () => {
    mock.clearRequests();
    const late = deleteLater(300);
    const seen = await verdict(true, (context) => receivedMatchers.toHaveReceived.call(context, mock, { method: 'DELETE' }, { timeout: 1500 }));
    await late;
    assert.equal(seen.passed, false, 'the DELETE arrived within the timeout');
    assert.ok(seen.ms >= 250 && seen.ms < 1500, `failed ${seen.ms} ms after the start, once the DELETE arrived`);
    assert.match(seen.message, /Expected: not at least one matching request within 1500 ms/);
    assert.match(seen.message, /DELETE \/event\/late → 404/);
  });
  it('passes only once the whole timeout ran out with no match', async () => {
    mock.clearRequests();
    const seen = await verdict(true, (context) => receivedMatchers.toHaveReceived.call(context, mock, { method: 'DELETE' }, { timeout: 600 }));
    assert.equal(seen.passed, true);
    assert.ok(seen.ms >= 600, `passed after ${seen.ms} ms`);
  });
  it('without { timeout } waits the expect timeout', async () => {
    mock.clearRequests();
    const seen = await verdict(true, (context) => receivedMatchers.toHaveReceived.call(context, mock, { method: 'DELETE' }), 400);
    assert.equal(seen.passed, true);
    assert.ok(seen.ms >= 400, `passed after ${seen.ms} ms`);
  });
  it('{ timeout: 0 } reads the journal once, now', async () => {
    mock.clearRequests();
    const seen = await verdict(true, (context) => receivedMatchers.toHaveReceived.call(context, mock, { method: 'DELETE' }, { timeout: 0 }));
    assert.equal(seen.passed, true);
    assert.ok(seen.ms < 200, `${seen.ms} ms`);
  });
});

describe('toHaveReceived and toHaveReceivedTimes', () => {
  it('without .not: pass as soon as the request arrives', async () => {
    mock.clearRequests();
    const late = deleteLater(300);
    const seen = await verdict(false, (context) =>
      receivedMatchers.toHaveReceived.call(context, mock, { method: 'DELETE', path: '/event/late' }, { timeout: 3000 }),
    );
    await late;
    assert.equal(seen.passed, true);
    assert.ok(seen.ms < 2500, `${seen.ms} ms`);
  });
  it('.not.toHaveReceivedTimes(n): fails with exactly n when the timeout ran out, passes as soon as more than n arrived', async () => {
    mock.clearRequests();
    await deleteLater(0);
    const exactlyOne = await verdict(true, (context) => receivedMatchers.toHaveReceivedTimes.call(context, mock, { method: 'DELETE' }, 1, { timeout: 300 }));
    assert.equal(exactlyOne.passed, false, 'exactly one DELETE when the timeout ran out');
    assert.ok(exactlyOne.ms >= 300, `judged after the whole timeout: ${exactlyOne.ms} ms`);
    const late = deleteLater(200);
    const moreThanOne = await verdict(true, (context) => receivedMatchers.toHaveReceivedTimes.call(context, mock, { method: 'DELETE' }, 1, { timeout: 3000 }));
    await late;
    assert.equal(moreThanOne.passed, true, 'a second DELETE arrived: never exactly one again');
    assert.ok(moreThanOne.ms < 2500, `settled once the second arrived: ${moreThanOne.ms} ms`);
  });
});
