import assert from 'node:assert/strict';
import { test } from 'node:test';
import { requestNotValid } from '../core/messages.js';
import { injectedMessage, findOperation, injectedAnswer, type MockResponse } from './fault.js';
import { readFaultHeaders, undocumentedStatus } from './fault.js';

const request = (method: string, path: string, headers: Record<string, string>) => ({ method, path, headers });
const READ_STATUSES = [200, 204, 400, 401, 404, 406, 413, 415, 422, 500];
const DELETE_STATUSES = [205, 400, 401, 404, 406, 413, 415, 422, 500];

/** The answer the mock controls give for the status header of a request (as with-mock-controls.ts makes it). */
function answerOf(asked: ReturnType<typeof request>): MockResponse {
  const read = readFaultHeaders(asked);
  assert.ok(!('error' in read) && read.fault && read.fault.kind !== 'timeout', JSON.stringify(read));
  return injectedAnswer(read.fault, findOperation(asked.method, asked.path), 'x-mgmt-kit-status');
}

test('no fault headers: nothing asked', () => {
  assert.deepEqual(readFaultHeaders(request('GET', '/event', { authorization: 'Bearer x' })), {});
});

test('x-mgmt-kit-status: a documented status gives the injected answer', () => {
  const answer = answerOf(request('PUT', '/type/network-link/p2p', { 'x-mgmt-kit-status': '500' }));
  assert.equal(answer.status, 500);
  assert.deepEqual(answer.body, [{ status: 'Internal Server Error', code: 500, error: true, message: injectedMessage(500) }]);
});

test('x-mgmt-kit-delay alone: a delay, no answer', () => {
  assert.deepEqual(readFaultHeaders(request('GET', '/event', { 'x-mgmt-kit-delay': '2s' })), { delayMs: 2000 });
});

test('both headers: the answer and the delay', () => {
  const fault = readFaultHeaders(request('POST', '/event', { 'x-mgmt-kit-status': '406', 'x-mgmt-kit-delay': '150ms' }));
  assert.ok(!('error' in fault));
  assert.equal(fault.delayMs, 150);
  assert.deepEqual(fault.fault, { kind: 'status', status: 406 });
});

const refused: Array<[string, { method: string; path: string; headers: Record<string, string>; message: string }]> = [
  [
    'a status the operation does not document (418)',
    { method: 'GET', path: '/event', headers: { 'x-mgmt-kit-status': '418' }, message: undocumentedStatus('418', 'readEvents', READ_STATUSES) },
  ],
  [
    'a status of another operation (201 on a delete)',
    { method: 'DELETE', path: '/event/e1', headers: { 'x-mgmt-kit-status': '201' }, message: undocumentedStatus('201', 'deleteEventById', DELETE_STATUSES) },
  ],
  [
    'not a number',
    { method: 'DELETE', path: '/event', headers: { 'x-mgmt-kit-status': 'boom' }, message: undocumentedStatus('boom', 'deleteEvents', DELETE_STATUSES) },
  ],
  [
    'two values',
    {
      method: 'DELETE',
      path: '/event',
      headers: { 'x-mgmt-kit-status': '500, 500' },
      message: undocumentedStatus('500, 500', 'deleteEvents', DELETE_STATUSES),
    },
  ],
  [
    'a bad delay',
    {
      method: 'GET',
      path: '/event',
      headers: { 'x-mgmt-kit-delay': 'soon' },
      message: requestNotValid('x-mgmt-kit-delay: "soon" is not a duration: write e.g. 300ms, 2s, 1.5s, 2m or 1h (a bare number is milliseconds)'),
    },
  ],
  [
    'a delay over the maximum',
    {
      method: 'GET',
      path: '/event',
      headers: { 'x-mgmt-kit-delay': '1000s' },
      message: requestNotValid('x-mgmt-kit-delay: "1000s" is longer than the 120s the server waits at most'),
    },
  ],
];
for (const [name, { method, path, headers, message }] of refused) {
  test(`readFaultHeaders refuses ${name} with a 400 envelope saying why`, () => {
    const fault = readFaultHeaders(request(method, path, headers));
    assert.ok('error' in fault, JSON.stringify(fault));
    assert.equal(fault.error.status, 400);
    assert.deepEqual(fault.error.body, [{ status: 'Bad Request', code: 400, error: true, message }]);
  });
}

test('the 400 names the operation and the documented statuses', () => {
  assert.equal(
    undocumentedStatus('418', 'readEvents', READ_STATUSES),
    'Request not valid: x-mgmt-kit-status: 418 is not a status the spec documents for readEvents (use one of 200, 204, 400, 401, 404, 406, 413, 415, 422, 500; or a gateway status 429, 502, 503, 504, or drop, timeout)',
  );
});

test('outside the operations (unknown path, other method) the status header is ignored', () => {
  assert.deepEqual(readFaultHeaders(request('GET', '/nowhere', { 'x-mgmt-kit-status': '500' })), {});
  assert.deepEqual(readFaultHeaders(request('PATCH', '/event', { 'x-mgmt-kit-status': '500' })), {});
});

test('x-mgmt-kit-status: a gateway status the spec does not document answers an envelope marked injected, with Retry-After where it fits', () => {
  for (const [status, phrase, retryAfter] of [
    [503, 'Service Unavailable', '1'],
    [429, 'Too Many Requests', '1'],
    [502, 'Bad Gateway', undefined],
    [504, 'Gateway Timeout', undefined],
  ] as const) {
    const answer = answerOf(request('GET', '/event', { 'x-mgmt-kit-status': String(status) }));
    assert.equal(answer.status, status);
    assert.deepEqual(answer.body, [{ status: phrase, code: status, error: true, message: injectedMessage(status) }]);
    assert.equal(answer.headers['x-mgmt-kit-injected'], 'x-mgmt-kit-status');
    assert.equal(answer.headers['retry-after'], retryAfter);
  }
});

test('x-mgmt-kit-status: drop marks the answer to cut the connection; timeout asks for no answer', () => {
  const dropped = answerOf(request('POST', '/event', { 'x-mgmt-kit-status': 'drop' }));
  assert.deepEqual(dropped.fault, { kind: 'drop' });
  assert.equal(dropped.status, 502);
  assert.deepEqual(readFaultHeaders(request('GET', '/event', { 'x-mgmt-kit-status': ' Timeout ', 'x-mgmt-kit-delay': '1s' })), {
    fault: { kind: 'timeout' },
    delayMs: 1000,
  });
});

test('a documented injected status also says what injected it', () => {
  assert.equal(answerOf(request('GET', '/event', { 'x-mgmt-kit-status': '500' })).headers['x-mgmt-kit-injected'], 'x-mgmt-kit-status');
});
