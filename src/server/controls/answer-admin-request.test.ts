import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReferenceCore } from '../core/reference-core.js';
import { MEDIA_TYPE_NOT_SUPPORTED, requestNotValid } from '../core/messages.js';
import { STATE_BODY_MISSING, STATE_RESET, UNKNOWN_ADMIN_PATH, stateReplaced } from './admin-messages.js';
import { answerAdminRequest } from './answer-admin-request.js';

const SEED = { event: [{ id: 'e1', kind: 'link-down' }] };
const json = { 'content-type': 'application/json' };
const newCore = () => createReferenceCore({ seed: SEED });
const put = (body: string, headers: Record<string, string> = json) => ({ method: 'PUT', path: '/__admin/state', headers, body });

test('paths outside /__admin are not admin requests', () => {
  const core = newCore();
  for (const path of ['/event', '/__admins', '/x/__admin/reset', '/']) {
    assert.equal(answerAdminRequest({ method: 'POST', path, headers: {} }, core), undefined, path);
  }
});

test('POST /__admin/reset: back to preload + seed, 200 envelope', async () => {
  const core = newCore();
  await core.handle({ method: 'DELETE', path: '/event', headers: {} });
  await core.handle({ method: 'POST', path: '/type/network-link', headers: json, body: '{"id":"mesh","name":"Mesh"}' });
  assert.equal(core.store.event.size, 0);
  const answer = answerAdminRequest({ method: 'POST', path: '/__admin/reset', headers: {} }, core);
  assert.deepEqual(answer?.body, [{ status: 'OK', code: 200, error: false, message: STATE_RESET }]);
  assert.deepEqual(core.state(), { event: SEED.event, 'network-link-type': core.state()['network-link-type'], agent: [] });
  assert.deepEqual(
    core.state()['network-link-type'].map((r) => r.id),
    ['p2p', 'slice'],
  );
});

test('GET /__admin/state: every index in the seed file shape', () => {
  const answer = answerAdminRequest({ method: 'GET', path: '/__admin/state', headers: {} }, newCore());
  assert.equal(answer?.status, 200);
  const body = answer?.body as Record<string, Array<{ id: string }>>;
  assert.deepEqual(Object.keys(body), ['event', 'network-link-type', 'agent']);
  assert.deepEqual(body['event'], SEED.event);
  assert.deepEqual(
    body['network-link-type']!.map((r) => r.id),
    ['p2p', 'slice'],
  );
});

test('PUT /__admin/state: replaces everything (no preload added); GET gives it back; reset returns to the start', () => {
  const core = newCore();
  const state = { event: [{ id: 'e9', kind: 'x' }], 'network-link-type': [{ id: 'mesh', name: 'Mesh' }], agent: [{ id: 'filebeat' }] };
  const answer = answerAdminRequest(put(JSON.stringify(state)), core);
  assert.deepEqual(answer?.body, [{ status: 'OK', code: 200, error: false, message: stateReplaced(3) }]);
  assert.deepEqual(answerAdminRequest({ method: 'GET', path: '/__admin/state', headers: {} }, core)?.body, state);
  answerAdminRequest({ method: 'POST', path: '/__admin/reset', headers: {} }, core);
  assert.deepEqual(core.state().event, SEED.event);
});

test('PUT /__admin/state: GET output round-trips after changes through the API', async () => {
  const core = newCore();
  await core.handle({ method: 'PUT', path: '/event/e1', headers: json, body: '{"source":"10.0.0.1"}' });
  const before = core.state();
  assert.deepEqual(before.event, [{ id: 'e1', kind: 'link-down', source: '10.0.0.1' }]);
  assert.equal(answerAdminRequest(put(JSON.stringify(before)), core)?.status, 200);
  assert.deepEqual(core.state(), before);
});

const refused: Array<[string, { request: ReturnType<typeof put>; status: number; message: string | RegExp }]> = [
  [
    'a bad record → 400 naming it',
    {
      request: put('{"network-link-type":[{"id":"ok","name":"Ok"},{"id":"mesh"}]}'),
      status: 400,
      message: /^Request not valid: the state is not valid: network-link-type\[1\]: \{"name":"required"\}$/,
    },
  ],
  ['an unknown index → 400', { request: put('{"events":[]}'), status: 400, message: /unknown index "events"/ }],
  ['a duplicate id → 400 naming it', { request: put('{"event":[{"id":"a"},{"id":"a"}]}'), status: 400, message: /event\[1\]: duplicate id "a"/ }],
  ['not an object → 400', { request: put('[]'), status: 400, message: /must be a JSON object/ }],
  ['malformed JSON → 400', { request: put('{"event":'), status: 400, message: requestNotValid('the body is not valid JSON') }],
  ['no body → 400', { request: put(''), status: 400, message: requestNotValid(STATE_BODY_MISSING) }],
  ['not JSON → 415', { request: put('{}', { 'content-type': 'text/plain' }), status: 415, message: MEDIA_TYPE_NOT_SUPPORTED }],
];
for (const [name, { request, status, message }] of refused) {
  test(`PUT /__admin/state refuses ${name}, and nothing changes`, () => {
    const core = newCore();
    const before = core.state();
    const answer = answerAdminRequest(request, core);
    assert.equal(answer?.status, status);
    const item = (answer!.body as Array<{ message: string; error: boolean }>)[0]!;
    assert.equal(item.error, true);
    if (typeof message === 'string') assert.equal(item.message, message);
    else assert.match(item.message, message);
    assert.deepEqual(core.state(), before);
  });
}

test('other methods → 405 with Allow; unknown admin paths → 404', () => {
  const core = newCore();
  const reset = answerAdminRequest({ method: 'GET', path: '/__admin/reset', headers: {} }, core);
  assert.equal(reset?.status, 405);
  assert.equal(reset?.headers['allow'], 'POST');
  const state = answerAdminRequest({ method: 'DELETE', path: '/__admin/state', headers: {} }, core);
  assert.equal(state?.status, 405);
  assert.equal(state?.headers['allow'], 'GET, PUT');
  for (const path of ['/__admin', '/__admin/', '/__admin/nope']) {
    const unknown = answerAdminRequest({ method: 'GET', path, headers: {} }, core);
    assert.equal(unknown?.status, 404, path);
    assert.equal((unknown!.body as Array<{ message: string }>)[0]?.message, UNKNOWN_ADMIN_PATH);
  }
});
