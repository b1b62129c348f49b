import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequestGate, RATE_WINDOW_MS } from './run-coordinator.js';

test('createRequestGate: at most maxConnections in flight, the rest wait in the order they asked', async () => {
  const gate = createRequestGate(2);
  let inFlight = 0;
  let most = 0;
  const order: number[] = [];
  await Promise.all(
    Array.from({ length: 7 }, async (_, n) => {
      const release = (await gate.permit())!;
      order.push(n);
      most = Math.max(most, ++inFlight);
      await sleep(20);
      inFlight--;
      release();
    }),
  );
  assert.equal(most, 2);
  assert.deepEqual(order, [0, 1, 2, 3, 4, 5, 6]);
});

test('createRequestGate: with a rate, a request counts from its permit to a second and 10 ms after its release, so no second the target counts holds more', async () => {
  let clock = 0;
  const gate = createRequestGate(10, 3, () => clock);
  const first = await Promise.all([gate.permit(), gate.permit(), gate.permit()]);
  let fourth: unknown;
  void gate.permit().then((release) => (fourth = release));
  await sleep(5);
  assert.equal(fourth, undefined, 'three in flight: the fourth waits');
  clock = 400;
  first[0]!();
  await sleep(5);
  assert.equal(fourth, undefined, 'released at 400: it still counts until 1410');
  clock = 1409;
  first[1]!();
  await sleep(5);
  assert.equal(fourth, undefined, 'at 1409 a target stamping whole milliseconds could still count it in the same second');
  clock = 400 + RATE_WINDOW_MS;
  first[2]!();
  await sleep(30);
  assert.equal(typeof fourth, 'function', 'the first left the window at 1410');
});

test('createRequestGate: a permit not given by until is not taken: undefined, and the queue moves on', async () => {
  const gate = createRequestGate(1);
  const held = (await gate.permit())!;
  assert.equal(await gate.permit(Date.now() + 30), undefined);
  held();
  assert.equal(typeof (await gate.permit(Date.now() + 30)), 'function');
});
