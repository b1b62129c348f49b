import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSpecValidator } from '../../contract/spec/spec-validator.js';
import { envelopeItem, errorResponse, noContentResponse, reasonPhrase } from './envelope.js';

const spec = createSpecValidator();

test('items carry the reason phrase, the code, error and message (§4.1)', () => {
  assert.deepEqual(envelopeItem(201, 'Record with id=e1 created'), { status: 'Created', code: 201, error: false, message: 'Record with id=e1 created' });
  assert.deepEqual(envelopeItem(406, { name: 'required' }), { status: 'Not Acceptable', code: 406, error: true, message: { name: 'required' } });
});

test('a delete item says Reset Content with code 200 (§4.1)', () => {
  const item = envelopeItem(200, 'Record with id=e1 deleted', 205);
  assert.deepEqual(item, { status: 'Reset Content', code: 200, error: false, message: 'Record with id=e1 deleted' });
  assert.deepEqual(spec.validateSchema('DeletedEnvelope', [item]), []);
});

test('error responses: code = status, error true, JSON content type, valid ErrorEnvelope', () => {
  for (const status of [400, 401, 404, 405, 406, 413, 415, 422, 500]) {
    const response = errorResponse(status, 'x');
    assert.equal(response.status, status);
    assert.equal(response.headers['content-type'], 'application/json');
    assert.deepEqual(spec.validateSchema('ErrorEnvelope', response.body), []);
    assert.notEqual(reasonPhrase(status), 'Unknown');
  }
});

test('204 has no body but the JSON content type', () => {
  assert.deepEqual(noContentResponse(), { status: 204, headers: { 'content-type': 'application/json' } });
});
