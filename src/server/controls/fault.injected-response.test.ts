import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listOperations } from '../../contract/spec/openapi-document.js';
import { createSpecValidator } from '../../contract/spec/spec-validator.js';
import { injectedMessage, injectedResponse } from './fault.js';

const spec = createSpecValidator();
const byId = new Map(listOperations().map((op) => [op.operationId, op]));

test('every documented status of every operation gives an answer the spec accepts', () => {
  let checked = 0;
  for (const operation of listOperations()) {
    for (const status of operation.statuses) {
      const answer = injectedResponse(operation, status);
      assert.equal(answer.status, status);
      assert.deepEqual(spec.checkResponse(operation.operationId, status, answer.body), { ok: true }, `${operation.operationId} ${status}`);
      checked++;
    }
  }
  assert.ok(checked >= 24 * 9, `only ${checked} operation × status pairs`); // 24 operations, each with 9 or more statuses
});

const cases: Array<[string, { operationId: string; status: number; want: unknown }]> = [
  [
    '500: error envelope',
    { operationId: 'createEvent', status: 500, want: [{ status: 'Internal Server Error', code: 500, error: true, message: injectedMessage(500) }] },
  ],
  [
    '406: validation envelope with a string message',
    { operationId: 'updateAgentById', status: 406, want: [{ status: 'Not Acceptable', code: 406, error: true, message: injectedMessage(406) }] },
  ],
  [
    '201: created envelope',
    { operationId: 'createNetworkLinkType', status: 201, want: [{ status: 'Created', code: 201, error: false, message: injectedMessage(201) }] },
  ],
  [
    '205: code 200 as DeletedEnvelope fixes it',
    { operationId: 'deleteEventById', status: 205, want: [{ status: 'Reset Content', code: 200, error: false, message: injectedMessage(205) }] },
  ],
  [
    '304: the envelope, which the adapters drop',
    { operationId: 'updateEvent', status: 304, want: [{ status: 'Not Modified', code: 304, error: false, message: injectedMessage(304) }] },
  ],
  ['read 200: the record list, empty', { operationId: 'readEvents', status: 200, want: [] }],
  ['204: no body', { operationId: 'readAgents', status: 204, want: undefined }],
];
for (const [name, { operationId, status, want }] of cases) {
  test(`injectedResponse: ${name}`, () => {
    const answer = injectedResponse(byId.get(operationId)!, status);
    assert.deepEqual(answer.body, want);
    assert.equal(answer.headers['content-type'], 'application/json');
  });
}
