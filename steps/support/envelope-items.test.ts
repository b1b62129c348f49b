import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkMissingField, checkRefusalBody, checkSuccessEnvelope, envelopeItems, isMessage } from './envelope-items.js';
import type { CallOutcome } from './call-outcome.js';
import type { KitWorld } from '../world.js';
import type { CheckDetails } from './check-recorder.js';

const outcome = (status: number, data: unknown): CallOutcome => ({
  operation: 'createAgent',
  status,
  data,
  rawBody: JSON.stringify(data) ?? '',
  headers: {},
});

/** A world that only records what the checks say: id, passed, observed. */
function recording(): { world: KitWorld; checks: Array<[string, boolean, string]> } {
  const checks: Array<[string, boolean, string]> = [];
  const world = {
    answers: [],
    verify: (id: string, ok: boolean, details: CheckDetails) => {
      checks.push([id, ok, ok ? '' : details.observed]);
      return ok;
    },
  } as unknown as KitWorld;
  return { world, checks };
}

const failed = (checks: Array<[string, boolean, string]>) => checks.filter(([, ok]) => !ok).map(([id, , observed]) => `${id}: ${observed}`);

test('checkMissingField wants error true and the word required', () => {
  const item = (message: unknown, error = true) => [{ status: 'Not Acceptable', code: 406, error, message }];
  const cases: Array<[unknown, string, string[]]> = [
    [item({ 'actions[0].config': 'required' }), 'action.config', []],
    [item({ 'parameters.type': 'required' }), 'parameter.type', ['4.1-rule-4/message-names-field: messages [{"parameters.type":"required"}]']],
    [item({ name: 'missing' }), 'name', ['4.1-rule-4/message-names-field: messages [{"name":"missing"}]']],
    [item({ name: 'required' }, false), 'name', ['4.1-rule-4/message-names-field: messages [{"name":"required"}]']],
    [undefined, 'name', ['4.1-envelope/envelope-present: no body']],
    // An object, not a list: its schema check says so; nothing more is judged.
    [{ status: 'Not Acceptable', code: 406, error: true, message: { name: 'required' } }, 'name', []],
  ];
  for (const [data, field, want] of cases) {
    const { world, checks } = recording();
    checkMissingField(world, outcome(406, data), field);
    assert.deepEqual(failed(checks), want, JSON.stringify(data));
  }
});

test('checkSuccessEnvelope wants the code, error false and every id in a message', () => {
  const ok = [{ status: 'Reset Content', code: 200, error: false, message: 'Record with id=a deleted' }];
  const checks = { code: '4.1-delete/envelope-code', names: '4.1-create/message-names-id' } as const;
  const cases: Array<[unknown, string, string[]]> = [
    [ok, 'a', []],
    [ok, 'b', ['4.1-create/message-names-id: messages ["Record with id=a deleted"]']],
    [[{ ...ok[0], code: 205 }], 'a', ['4.1-delete/envelope-code: code 205, error false']],
    [[], 'a', ['4.1-envelope/envelope-present: an empty list']],
  ];
  for (const [data, id, want] of cases) {
    const { world, checks: seen } = recording();
    checkSuccessEnvelope(world, outcome(205, data), 200, [id], checks);
    assert.deepEqual(failed(seen), want, JSON.stringify([data, id]));
  }
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
  test(`envelopeItems reason phrase: ${name}`, () => {
    const { world, checks } = recording();
    envelopeItems(world, outcome(status, [{ error: false, message: 'm', ...item }]));
    const phrase = checks.find(([id]) => id === '4.1-envelope/reason-phrase');
    assert.equal(phrase?.[1], ok);
    if (!ok) assert.equal(phrase?.[2], JSON.stringify(item['status']) ?? 'no status');
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

test('checkRefusalBody: no body passes, error true passes, error false fails; a body that is no list is its schema check', () => {
  const cases: Array<[CallOutcome, string[]]> = [
    [{ ...outcome(422, undefined), rawBody: '' }, []],
    [outcome(422, [{ status: 'Unprocessable Content', code: 422, error: true, message: 'x' }]), []],
    [outcome(400, [{ status: 'Bad Request', code: 400, error: false, message: 'x' }]), ['7-validation/error-true: error false']],
    [outcome(400, []), ['7-validation/error-true: an empty list']],
    [outcome(400, { error: true }), []],
  ];
  for (const [answer, want] of cases) {
    const { world, checks } = recording();
    checkRefusalBody(world, answer);
    assert.deepEqual(failed(checks), want, answer.rawBody);
  }
});
