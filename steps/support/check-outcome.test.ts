import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contractFindings, describeViolation, operationKind } from './check-outcome.js';
import type { CallOutcome } from './call-outcome.js';

const json = { 'content-type': 'application/json' };
const answer = (operation: string, status: number, body: unknown, headers: Record<string, string> = json): CallOutcome => ({
  operation: operation as CallOutcome['operation'],
  status,
  data: body,
  rawBody: body === undefined ? '' : JSON.stringify(body),
  headers,
});
const created = [{ status: 'Created', code: 201, error: false, message: 'Record with id=e1 created' }];

/** The failed findings as `id: observed`. */
const failed = (outcome: CallOutcome, statusJudged: boolean) =>
  contractFindings(outcome, { statusJudged })
    .filter((f) => !f.ok)
    .map((f) => `${f.id}: ${f.observed}`);

test('contractFindings: an answer no Then judged — a server error, an undocumented status under the check of its kind', () => {
  const cases: Array<[CallOutcome, string[]]> = [
    [answer('createEvent', 201, created), []],
    [answer('createEvent', 500, [{ status: 'Internal Server Error', code: 500, error: true, message: 'x' }]), ['4.2-create/server-error: 500']],
    // A success status the spec does not document is judged as the operation's success: the same id as a Then's.
    [answer('createEvent', 200, created), ['4.1-create/status: 200']],
    [answer('deleteEventById', 200, [{ status: 'OK', code: 200, error: false, message: 'x' }]), ['4.1-delete/status: 200']],
    [answer('updateEventById', 409, [{ status: 'Conflict', code: 409, error: true, message: 'x' }]), ['4.2-update/documented-status: 409']],
  ];
  for (const [outcome, want] of cases) assert.deepEqual(failed(outcome, false), want, `${outcome.operation} ${outcome.status}`);
});

test('contractFindings: the body of a judged answer — JSON media type, JSON, the schema of its status', () => {
  const cases: Array<[CallOutcome, string[]]> = [
    [answer('createEvent', 201, created), []],
    [answer('createEvent', 201, created, { 'content-type': 'Application/JSON; charset=utf-8' }), []],
    [answer('createEvent', 201, created, { 'content-type': 'text/plain' }), ['4.1-headers/content-type: text/plain']],
    [{ ...answer('createEvent', 201, undefined), rawBody: '[{"code":' }, ['4.1-headers/json-body: a body that is not JSON']],
    [
      answer('createEvent', 406, { status: 'Not Acceptable', code: 406, error: true, message: { id: 'x' } }),
      ['4.1-envelope/envelope-shape: an object, not a list'],
    ],
    [answer('readEvents', 200, { id: 'e1' }), ['4.1-read/list-shape: an object, not a list']],
    [answer('readEvents', 200, [{ id: 'e1' }]), []],
    // A 304 or a 205 whose body did not travel: the description says when one is required.
    [answer('updateEventById', 304, undefined), []],
  ];
  for (const [outcome, want] of cases) assert.deepEqual(failed(outcome, true), want, `${outcome.operation} ${outcome.status} ${outcome.rawBody}`);
});

test('describeViolation: the same words in every run, list positions as *', () => {
  assert.equal(
    describeViolation('x', { instancePath: '', keyword: 'type', params: { type: 'array' }, message: 'must be array', schemaPath: '#/type' }),
    'a string, not a list',
  );
  assert.equal(
    describeViolation([], { instancePath: '/12/code', keyword: 'enum', params: {}, message: 'must be equal to one of the allowed values', schemaPath: '' }),
    '/*/code must be equal to one of the allowed values',
  );
  assert.equal(describeViolation({}, undefined), 'does not match the schema');
});

test('operationKind: the operation of an operationId', () => {
  assert.equal(operationKind('createAgentById'), 'create');
  assert.equal(operationKind('readNetworkLinkTypes'), 'read');
  assert.throws(() => operationKind('listThings'), /not an operation/);
});
