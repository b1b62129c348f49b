import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReferenceCore } from '../core/reference-core.js';
import { UNKNOWN_PATH } from '../core/messages.js';
import { injectedMessage } from './fault.js';
import { createFaultRules } from './fault-rules.js';
import { createRequestJournal, type RequestJournal } from './request-journal.js';
import { withMockControls, type MockControlOptions } from './with-mock-controls.js';

const json = { 'content-type': 'application/json' };
const create = (headers: Record<string, string> = {}) => ({ method: 'POST', path: '/event', headers: { ...json, ...headers }, body: '{"id":"e1","kind":"k"}' });

/** Controls over a fresh core whose waits are recorded instead of slept. */
function setUp(options: MockControlOptions) {
  const core = createReferenceCore();
  const waits: number[] = [];
  const handle = withMockControls(core, { wait: async (ms) => void waits.push(ms), ...options });
  return { core, waits, handle };
}

test('without admin the fault headers are ignored: the core acts', async () => {
  const { core, handle, waits } = setUp({});
  const answer = await handle(create({ 'x-mgmt-kit-status': '500', 'x-mgmt-kit-delay': '2s' }));
  assert.equal(answer.status, 201);
  assert.equal(core.store.event.size, 1);
  assert.deepEqual(waits, []);
  const bad = await handle({ method: 'GET', path: '/event', headers: { 'x-mgmt-kit-status': '418' } });
  assert.equal(bad.status, 200, 'an undocumented status is not even looked at');
});

test('without admin /__admin is an unknown path like any other (404), and nothing resets', async () => {
  const { core, handle } = setUp({});
  await handle(create());
  const answer = await handle({ method: 'POST', path: '/__admin/reset', headers: {} });
  assert.equal(answer.status, 404);
  assert.equal((answer.body as Array<{ message: string }>)[0]?.message, UNKNOWN_PATH);
  assert.equal(core.store.event.size, 1);
});

test('with admin: x-mgmt-kit-status answers instead of acting', async () => {
  const { core, handle } = setUp({ admin: true });
  const answer = await handle(create({ 'x-mgmt-kit-status': '500' }));
  assert.equal(answer.status, 500);
  assert.deepEqual(answer.body, [{ status: 'Internal Server Error', code: 500, error: true, message: injectedMessage(500) }]);
  assert.equal(core.store.event.size, 0, 'the record was not created');
});

test('with admin: an undocumented status is a 400 envelope and nothing is done', async () => {
  const { core, handle } = setUp({ admin: true });
  const answer = await handle(create({ 'x-mgmt-kit-status': '205' }));
  assert.equal(answer.status, 400);
  assert.match((answer.body as Array<{ message: string }>)[0]!.message, /205 is not a status the spec documents for createEvent/);
  assert.equal(core.store.event.size, 0);
});

test('with admin: x-mgmt-kit-delay waits that long, then the core acts', async () => {
  const { core, handle, waits } = setUp({ admin: true, delay: '300ms' });
  assert.equal((await handle(create({ 'x-mgmt-kit-delay': '2s' }))).status, 201);
  assert.deepEqual(waits, [2000], 'the header replaces --delay for this answer');
  assert.equal(core.store.event.size, 1);
});

test('delay: every answer of the core waits, a range draws from it; admin routes do not wait', async () => {
  const fixed = setUp({ delay: '300ms', admin: true });
  await fixed.handle(create());
  await fixed.handle({ method: 'GET', path: '/nowhere', headers: {} });
  await fixed.handle({ method: 'POST', path: '/__admin/reset', headers: {} });
  assert.deepEqual(fixed.waits, [300, 300]);
  const ranged = setUp({ delay: '100-800ms', random: () => 0.5 });
  await ranged.handle(create());
  assert.deepEqual(ranged.waits, [450]);
  const none = setUp({});
  await none.handle(create());
  assert.deepEqual(none.waits, [], 'no delay by default');
});

test('with admin: the admin routes answer', async () => {
  const { core, handle } = setUp({ admin: true });
  await handle(create());
  assert.equal((await handle({ method: 'POST', path: '/__admin/reset', headers: {} })).status, 200);
  assert.equal(core.store.event.size, 0);
});

test('a bad delay setting fails at creation, not per request', () => {
  assert.throws(() => withMockControls(createReferenceCore(), { delay: '9-1s' }), RangeError);
});

test('the real wait: a 60 ms delay takes at least 60 ms', async () => {
  const handle = withMockControls(createReferenceCore(), { delay: 60 });
  const started = performance.now();
  await handle({ method: 'GET', path: '/event', headers: {} });
  assert.ok(performance.now() - started >= 59, `${performance.now() - started} ms`);
});

/** Controls with a journal and fault rules, as the server makes them with --admin. */
function withControls(admin = true) {
  const journal = createRequestJournal(100);
  const faults = createFaultRules();
  return { journal, faults, ...setUp({ admin, journal, faults }) };
}
const entries = (journal: RequestJournal) => {
  const listed = journal.list();
  assert.ok(listed.ok);
  return listed.entries;
};

test('a fault rule: the next 2 POST /event answer 503 (nothing created), then the core acts; the journal shows it', async () => {
  const { core, handle, faults, journal } = withControls();
  faults.add({ method: 'POST', path: '/event', status: 503, times: 2 });
  const answers = [await handle(create()), await handle(create()), await handle(create())];
  assert.deepEqual(
    answers.map((a) => a.status),
    [503, 503, 201],
  );
  assert.equal(answers[0]!.headers['retry-after'], '1');
  assert.deepEqual(answers[0]!.body, [{ status: 'Service Unavailable', code: 503, error: true, message: injectedMessage(503, 'rule f1') }]);
  assert.equal(core.store.event.size, 1, 'only the third call created');
  assert.deepEqual(
    entries(journal).map((e) => [e.method, e.path, e.status, e.injectedBy]),
    [
      ['POST', '/event', 503, 'rule f1'],
      ['POST', '/event', 503, 'rule f1'],
      ['POST', '/event', 201, undefined],
    ],
  );
});

test('a rule with a documented status keeps the spec-shaped answer; a delay rule waits, then the core acts', async () => {
  const { handle, faults, waits } = withControls();
  faults.add({ method: 'DELETE', pathPattern: '^/event/', status: 205 });
  faults.add({ method: 'GET', pathPattern: '^/catalog/agent', delay: '3s' });
  const deleted = await handle({ method: 'DELETE', path: '/event/e1', headers: {} });
  assert.deepEqual([deleted.status, deleted.body], [205, [{ status: 'Reset Content', code: 200, error: false, message: injectedMessage(205, 'rule f1') }]]);
  assert.equal((await handle({ method: 'GET', path: '/catalog/agent', headers: {} })).status, 200);
  assert.deepEqual(waits, [3000]);
});

test('a request with fault headers follows them, not the rules; admin routes are never journalled nor faulted', async () => {
  const { handle, faults, journal } = withControls();
  faults.add({ pathPattern: '.', status: 500 });
  assert.equal((await handle(create({ 'x-mgmt-kit-status': '406' }))).status, 406);
  assert.equal((await handle({ method: 'GET', path: '/__admin/state', headers: {} })).status, 200);
  assert.deepEqual(faults.list()[0]?.fired, 0);
  assert.deepEqual(
    entries(journal).map((e) => [e.status, e.injectedBy]),
    [[406, 'x-mgmt-kit-status']],
  );
});

test('drop marks the answer for the adapter; timeout never answers and is journalled at once', async () => {
  const { handle, faults, journal } = withControls();
  faults.add({ path: '/event', method: 'POST', status: 'drop', times: 1 });
  faults.add({ path: '/event', method: 'GET', status: 'timeout' });
  assert.deepEqual((await handle(create())).fault, { kind: 'drop' });
  const hanging = handle({ method: 'GET', path: '/event', headers: {} });
  const first = await Promise.race([hanging.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('no answer'), 50))]);
  assert.equal(first, 'no answer');
  assert.deepEqual(
    entries(journal).map((e) => e.status),
    ['drop', 'timeout'],
  );
});

test('without admin the rules given in code still fire (the msw functions), the headers do not', async () => {
  const { handle, faults } = withControls(false);
  faults.add({ path: '/event', status: 502 });
  assert.equal((await handle(create({ 'x-mgmt-kit-status': '500' }))).status, 502);
});
