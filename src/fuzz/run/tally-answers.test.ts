import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Exchange, FuzzFailure } from './fuzz-session.js';
import { createAnswerTally, operationOfRequest } from './tally-answers.js';

test('a wire request names the operation it calls (query and percent-encoded ids included)', () => {
  assert.equal(operationOfRequest({ method: 'GET', path: '/event?access_token=x' }), 'readEvents');
  assert.equal(operationOfRequest({ method: 'PUT', path: '/type/network-link/a%2Fb' }), 'updateNetworkLinkTypeById');
  assert.equal(operationOfRequest({ method: 'DELETE', path: '/catalog/agent' }), 'deleteAgents');
  assert.equal(operationOfRequest({ method: 'GET', path: '/nowhere' }), undefined);
});

const exchange = (role: Exchange['role'], method: 'GET' | 'POST', path: string, status: number | undefined): Exchange =>
  ({
    role,
    description: `${method} ${path}`,
    request: { method, path, headers: {}, body: undefined },
    result: status === undefined ? { ok: false, error: 'no answer' } : { ok: true, answer: { status, headers: {}, body: Buffer.alloc(0), text: '' } },
  }) as unknown as Exchange;

test('judged answers are counted; the answer a failure ends on counts as a failed check; the rest is not evidence', () => {
  const tally = createAnswerTally();
  tally.observe(exchange('step', 'POST', '/event', 201));
  tally.observe(exchange('read-back', 'GET', '/event/e1', 200));
  tally.observe(exchange('step', 'POST', '/event', 406));
  tally.observe(exchange('cleanup', 'GET', '/event', 200)); // housekeeping: no check of it
  tally.observe(exchange('probe', 'GET', '/event', 204));
  tally.observe(exchange('step', 'GET', '/event', undefined)); // no answer: no status
  tally.failed({ exchanges: [exchange('step', 'POST', '/event', 201), exchange('step', 'POST', '/event', 406)] } as unknown as FuzzFailure);
  assert.deepEqual(tally.tallies, [
    { operation: 'createEvent', status: 201, seen: 1, failed: 0 },
    { operation: 'readEventById', status: 200, seen: 1, failed: 0 },
    { operation: 'createEvent', status: 406, seen: 1, failed: 1 },
  ]);
});
