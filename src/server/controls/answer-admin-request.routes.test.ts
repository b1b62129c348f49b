import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CoreRequest } from '../core/core-types.js';
import { createReferenceCore } from '../core/reference-core.js';
import { FAULT_RULE_MISSING, UNKNOWN_ADMIN_PATH, faultRuleAdded, faultRuleNotFound, faultRulesRemoved, journalCleared } from './admin-messages.js';
import { answerAdminRequest } from './answer-admin-request.js';
import { createFaultRules } from './fault-rules.js';
import { createRequestJournal } from './request-journal.js';

const json = { 'content-type': 'application/json' };
function setUp() {
  const core = createReferenceCore();
  const controls = { journal: createRequestJournal(10), faults: createFaultRules() };
  const admin = (method: string, path: string, body?: string, query?: string) =>
    answerAdminRequest(
      { method, path, headers: body === undefined ? {} : json, ...(body === undefined ? {} : { body }), ...(query ? { query } : {}) },
      core,
      controls,
    )!;
  return { core, controls, admin };
}
const messageOf = (answer: { body?: unknown }) => (answer.body as Array<{ message: unknown }>)[0]?.message;

test('POST /__admin/faults: 201 envelope with the id; GET lists it; DELETE by id, then all', () => {
  const { admin } = setUp();
  const added = admin('POST', '/__admin/faults', '{"method":"POST","path":"/event","status":503,"times":2}');
  assert.equal(added.status, 201);
  assert.deepEqual(added.body, [{ status: 'Created', code: 201, error: false, message: faultRuleAdded('f1'), id: 'f1' }]);
  admin('POST', '/__admin/faults', '{"pathPattern":"^/catalog/","delay":"3s"}');
  assert.deepEqual(admin('GET', '/__admin/faults').body, [
    { id: 'f1', method: 'POST', path: '/event', status: 503, times: 2, remaining: 2, fired: 0 },
    { id: 'f2', pathPattern: '^/catalog/', delay: '3s', fired: 0 },
  ]);
  assert.deepEqual([admin('DELETE', '/__admin/faults/f1').status, messageOf(admin('DELETE', '/__admin/faults/f1'))], [200, faultRuleNotFound('f1')]);
  assert.equal(admin('DELETE', '/__admin/faults/f1').status, 404);
  assert.deepEqual(messageOf(admin('DELETE', '/__admin/faults')), faultRulesRemoved(1));
  assert.deepEqual(admin('GET', '/__admin/faults').body, []);
});

test('a bad rule is a 400 naming the problem, and no rule is added', () => {
  const { admin, controls } = setUp();
  const cases: Array<[string | undefined, number, RegExp]> = [
    ['{"path":"/event","status":"teapot"}', 400, /^Request not valid: the fault rule is not valid: status "teapot" is not one a fault can answer/],
    ['{"pathPattern":"(","status":500}', 400, /pathPattern "\(" is not a regular expression/],
    ['{"path":"/event","delay":"later"}', 400, /delay "later" is not a duration/],
    ['{"path":"/event",', 400, /./],
    ['', 400, new RegExp(FAULT_RULE_MISSING.replace(/[{}()[\]^$.*+?|\\]/g, '\\$&'))],
  ];
  for (const [body, status, reason] of cases) {
    const answer = admin('POST', '/__admin/faults', body);
    assert.equal(answer.status, status, body);
    assert.match(String(messageOf(answer)), reason);
  }
  const noType = answerAdminRequest(
    { method: 'POST', path: '/__admin/faults', headers: {}, body: '{"path":"/event","status":500}' },
    createReferenceCore(),
    controls,
  );
  assert.equal(noType?.status, 415);
  assert.deepEqual(controls.faults.list(), []);
});

test('GET /__admin/requests filters by the query; a bad filter is a 400; DELETE clears', () => {
  const { admin, controls } = setUp();
  const at = { time: new Date(), ms: performance.now() };
  const request = (method: string, path: string): CoreRequest => ({ method, path, headers: {} });
  controls.journal.record(request('GET', '/event'), { response: { status: 200, headers: {}, body: [] } }, at);
  controls.journal.record(request('DELETE', '/event/e1'), { response: { status: 205, headers: {}, body: [] } }, at);
  const listed = admin('GET', '/__admin/requests', undefined, 'method=DELETE&pathPattern=%5E%2Fevent%2F');
  assert.deepEqual(
    (listed.body as Array<{ path: string }>).map((e) => e.path),
    ['/event/e1'],
  );
  const bad = admin('GET', '/__admin/requests', undefined, 'status=soon');
  assert.equal(bad.status, 400);
  assert.match(String(messageOf(bad)), /^Request not valid: status must be a status/);
  assert.deepEqual(messageOf(admin('DELETE', '/__admin/requests')), journalCleared(2));
  assert.deepEqual(admin('GET', '/__admin/requests').body, []);
  assert.equal(admin('PUT', '/__admin/requests').status, 405);
  assert.equal(admin('PUT', '/__admin/faults').status, 405);
  assert.equal(admin('GET', '/__admin/faults/f1').status, 405);
});

test('POST /__admin/reset clears the fault rules and the journal too', () => {
  const { admin, controls } = setUp();
  controls.faults.add({ path: '/event', status: 500 });
  controls.journal.record({ method: 'GET', path: '/event', headers: {} }, { response: { status: 200, headers: {}, body: [] } }, { time: new Date(), ms: 0 });
  assert.equal(admin('POST', '/__admin/reset').status, 200);
  assert.deepEqual([controls.faults.list(), controls.journal.size], [[], 0]);
});

test('without the controls (a core alone) the new routes are unknown admin paths', () => {
  for (const path of ['/__admin/requests', '/__admin/faults']) {
    const answer = answerAdminRequest({ method: 'GET', path, headers: {} }, createReferenceCore());
    assert.deepEqual([answer?.status, messageOf(answer!)], [404, UNKNOWN_ADMIN_PATH]);
  }
});
