import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertMissingField, assertRefusalBody, assertSuccessEnvelope, isMessage, requireEnvelope } from './envelope-items.js';
import type { CallOutcome } from './call-outcome.js';

const outcome = (status: number, data: unknown): CallOutcome => ({
  operation: 'createAgent',
  status,
  data,
  rawBody: JSON.stringify(data) ?? '',
  headers: {},
});

test('assertMissingField wants error true and the word required', () => {
  const item = (message: unknown, error = true) => [{ status: 'Not Acceptable', code: 406, error, message }];
  assert.doesNotThrow(() => assertMissingField(outcome(406, item({ 'actions[0].config': 'required' })), 'action.config'));
  assert.throws(() => assertMissingField(outcome(406, item({ 'parameters.type': 'required' })), 'parameter.type'));
  assert.throws(() => assertMissingField(outcome(406, item({ name: 'missing' })), 'name'));
  assert.throws(() => assertMissingField(outcome(406, item({ name: 'required' }, false)), 'name'));
  assert.throws(() => assertMissingField(outcome(406, undefined), 'name'), /without the envelope/);
});

test('assertSuccessEnvelope wants the code, error false and every id in a message', () => {
  const ok = [{ status: 'Reset Content', code: 200, error: false, message: 'Record with id=a deleted' }];
  assert.doesNotThrow(() => assertSuccessEnvelope(outcome(205, ok), 200, ['a']));
  assert.throws(() => assertSuccessEnvelope(outcome(205, ok), 200, ['b']), /names the id b/);
  assert.throws(() => assertSuccessEnvelope(outcome(205, [{ ...ok[0], code: 205 }]), 200, ['a']), /code 200/);
});

const phraseCases: Array<[string, { status: number; item: Record<string, unknown>; ok: boolean }]> = [
  ['201 Created', { status: 201, item: { status: 'Created', code: 201 }, ok: true }],
  ['205 carrying code 200 may say Reset Content', { status: 205, item: { status: 'Reset Content', code: 200 }, ok: true }],
  ['205 carrying code 200 may say OK', { status: 205, item: { status: 'OK', code: 200 }, ok: true }],
  ['the letter case is compared', { status: 406, item: { status: 'NOT ACCEPTABLE', code: 406 }, ok: false }],
  ['lower case is not the phrase', { status: 201, item: { status: 'created', code: 201 }, ok: false }],
  ['separators are compared', { status: 406, item: { status: 'Not_Acceptable', code: 406 }, ok: false }],
  ['RFC 9110 and RFC 7231 spellings of 422', { status: 422, item: { status: 'Unprocessable Entity', code: 422 }, ok: true }],
  ['RFC 9110 spelling of 413', { status: 413, item: { status: 'Content Too Large', code: 413 }, ok: true }],
  ['a word that is no reason phrase', { status: 201, item: { status: 'success', code: 201 }, ok: false }],
  ['the phrase of another status', { status: 201, item: { status: 'OK', code: 201 }, ok: false }],
  ['a missing status', { status: 406, item: { code: 406 }, ok: false }],
];

for (const [name, { status, item, ok }] of phraseCases) {
  test(`requireEnvelope reason phrase: ${name}`, () => {
    const run = () => requireEnvelope(outcome(status, [{ error: false, message: 'm', ...item }]));
    if (ok) assert.doesNotThrow(run);
    else assert.throws(run, /reason phrase/);
  });
}

const messageCases: Array<[unknown, boolean]> = [
  ['Id already found', true],
  ['Id already found.', true],
  ['Id already found..', false],
  ['id already found', false],
  ['Id already found!', false],
  [' Id already found', false],
  ['Id already found: x', false],
  [{ id: 'Id already found' }, false],
];
for (const [message, ok] of messageCases) {
  test(`isMessage("Id already found") on ${JSON.stringify(message)} is ${ok}`, () => {
    assert.equal(isMessage(message, 'Id already found'), ok);
  });
}

test('assertRefusalBody: no body passes, error true passes, error false or no envelope fails', () => {
  assert.doesNotThrow(() => assertRefusalBody({ ...outcome(422, undefined), rawBody: '' }));
  assert.doesNotThrow(() => assertRefusalBody(outcome(422, [{ status: 'Unprocessable Content', code: 422, error: true, message: 'x' }])));
  assert.throws(() => assertRefusalBody(outcome(400, [{ status: 'Bad Request', code: 400, error: false, message: 'x' }])), /error true/);
  assert.throws(() => assertRefusalBody(outcome(400, { error: true })), /error true/);
});
