import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { acceptedFieldNames, isDuplicateIdMessage, isOpenRefusal, normaliseRecord, reasonPhrasesOf } from './tolerance-rules.js';

describe('tolerance rules', () => {
  const duplicate: Array<[unknown, boolean]> = [['Id already found', true], ['Id already found.', true], ['Id already found..', false], ['id already found', false], ['Id already exists', false], [{ id: 'duplicate' }, false]];
  for (const [message, want] of duplicate) {
    it(`rule 3: ${JSON.stringify(message)} ${want ? 'is' : 'is not'} the duplicate-id message`, () => assert.equal(isDuplicateIdMessage(message), want));
  }

  it('rule 11: reason phrases in RFC 9110 spelling, exact case, old spellings of 413 and 422 too', () => {
    assert.deepEqual(reasonPhrasesOf(205), ['Reset Content']);
    assert.ok(reasonPhrasesOf(413).includes('Content Too Large') && reasonPhrasesOf(413).includes('Payload Too Large'));
    assert.ok(reasonPhrasesOf(422).includes('Unprocessable Entity'));
    assert.equal(reasonPhrasesOf(406).includes('not acceptable'), false);
  });

  it('rule 4: an open refusal is a documented 4xx, never 401 and never 5xx', () => {
    const documented = [201, 204, 400, 401, 406, 413, 415, 422, 500];
    assert.deepEqual([400, 401, 404, 406, 422, 500].filter((s) => isOpenRefusal(s, documented)), [400, 406, 422]);
  });

  it('rule 4 of the seed: nested missing fields may name the list or the entry', () => {
    assert.deepEqual(acceptedFieldNames('name'), ['name']);
    assert.deepEqual(acceptedFieldNames('parameter.type'), ['parameter.type']);
    assert.ok(acceptedFieldNames('action.config.cmd').includes('actions[0].config.cmd'));
  });

  it('rules 2, 9, 10: entries sorted by id, a resource path as a list, id dropped for a select without it', () => {
    const record = { id: 'a', actions: [{ id: 'z' }, { id: 'b' }], resources: [{ id: 'r', config: { path: '/x' } }] };
    assert.deepEqual(normaliseRecord(record, { dropId: true }), { actions: [{ id: 'b' }, { id: 'z' }], resources: [{ id: 'r', config: { path: ['/x'] } }] });
    assert.deepEqual(record.actions, [{ id: 'z' }, { id: 'b' }], 'the input is not changed');
  });
});
