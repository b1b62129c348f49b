import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConnectionFailure } from './connection-failure.js';
import { createTargetHealth, FAILURES_BEFORE_PROBE, TARGET_STOPPED } from './open-connection.js';

const refused = { ok: false as const, failure: new ConnectionFailure('url', 'GET http://t/event failed (connect ECONNREFUSED 127.0.0.1:9)', 'ECONNREFUSED') };
const timedOut = { ok: false as const, failure: new ConnectionFailure('timeout', 'no answer within 400 ms from GET http://t/event') };
const tls = { ok: false as const, failure: new ConnectionFailure('tls', 'GET https://t/event failed in the TLS handshake') };
const at = new Date('2026-01-02T07:15:37Z');

test('a few failures in a row are only probed; a probe that gets an answer starts the count again', async () => {
  let probes = 0;
  const health = createTargetHealth(
    async () => {
      probes++;
      return true;
    },
    () => at,
  );
  for (let i = 1; i < FAILURES_BEFORE_PROBE; i++) assert.equal(await health.observe(refused, i), refused.failure);
  assert.equal(probes, 0, 'no probe before the threshold');
  assert.equal(await health.observe(timedOut, 5), timedOut.failure, "the probe answered: the failure stays the request's own");
  assert.equal(probes, 1);
  assert.equal(health.stopped, undefined);
  for (let i = 1; i < FAILURES_BEFORE_PROBE; i++) await health.observe(refused, 5 + i);
  assert.equal(probes, 1, 'the count started again after the answered probe');
});

test('an answer between failures resets the count; TLS, proxy, token and throttling failures do not count', async () => {
  let probes = 0;
  const health = createTargetHealth(
    async () => {
      probes++;
      return false;
    },
    () => at,
  );
  for (let round = 0; round < 3; round++) {
    for (let i = 1; i < FAILURES_BEFORE_PROBE; i++) await health.observe(refused, i);
    await health.observe({ ok: true }, 10);
  }
  for (let i = 0; i < 10; i++) assert.equal(await health.observe(tls, 20 + i), tls.failure);
  assert.equal(probes, 0);
  assert.equal(health.stopped, undefined);
});

test('failures in a row and a probe without answer: the target stopped, with when and after how many requests, and later requests are refused unsent', async () => {
  const health = createTargetHealth(
    async () => false,
    () => at,
  );
  for (let i = 1; i < FAILURES_BEFORE_PROBE; i++) await health.observe(refused, 40 + i);
  assert.equal(health.refuse(), undefined);
  const failure = await health.observe(refused, 212);
  assert.equal(failure?.kind, 'stopped');
  assert.match(
    failure?.message ?? '',
    new RegExp(`^${TARGET_STOPPED} at 07:15:37 UTC, after 212 requests: 5 in a row got no answer \\(last: .*ECONNREFUSED.*\\) and neither did a probe read$`),
  );
  assert.equal(health.stopped?.afterRequests, 212);
  assert.equal(health.refuse()?.message, failure?.message);
  assert.equal((await health.observe({ ok: true }, 213))?.message, failure?.message, 'once stopped, stays stopped');
});
