import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CallOutcome } from './call-outcome.js';
import { saysNothingWasDone } from './says-nothing-was-done.js';

const answer = (status: number, data?: unknown): CallOutcome => ({
  operation: 'updateEvent',
  status,
  data,
  rawBody: data === undefined ? '' : JSON.stringify(data),
  headers: {},
});
const item = (code: number, error: boolean) => ({ status: 'x', code, error, message: 'm' });

test('saysNothingWasDone: 204, 304, 404 and every refusal say nothing was done', () => {
  for (const status of [204, 304, 400, 401, 404, 406, 415, 422]) assert.equal(saysNothingWasDone(answer(status)), true, String(status));
  assert.equal(saysNothingWasDone(answer(406, [item(406, true)])), true);
});

test('saysNothingWasDone: a success, and a 5xx, say nothing of the kind', () => {
  for (const status of [200, 201, 205, 500]) assert.equal(saysNothingWasDone(answer(status)), false, String(status));
});

test('saysNothingWasDone: a batch answered 406 whose items say records were created or updated did something', () => {
  assert.equal(saysNothingWasDone(answer(406, [item(201, false), item(406, true)])), false);
  assert.equal(saysNothingWasDone(answer(406, [item(200, false), item(406, true)])), false);
  assert.equal(saysNothingWasDone(answer(304, [item(304, false)])), true);
});
