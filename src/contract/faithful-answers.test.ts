import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import {
  acceptedItemPhrases,
  ALLOWANCES,
  NOT_ASKED,
  isAcceptedFieldName,
  isDuplicateIdMessage,
  normaliseRecord,
  queryRefusalStatuses,
  reasonPhrasesOf,
  refusalMustSayError,
} from './faithful-answers.js';

const RULES = readFileSync(new URL('../../features/RULES.md', import.meta.url), 'utf8');
const SPEC = parse(readFileSync(new URL('../../spec/openapi.yaml', import.meta.url), 'utf8')) as { info: { 'x-decisions': Array<{ id: string }> } };

describe('faithful answers', () => {
  it('every allowance rests on a RULES.md row or an x-decisions id that exists', () => {
    const rows = new Set([...RULES.matchAll(/^\| ([0-9a-z.-]+) \|/gm)].map((m) => m[1]));
    const decisions = new Set(SPEC.info['x-decisions'].map((d) => `x-decisions ${d.id}`));
    for (const [id, allowance] of [...Object.entries(ALLOWANCES), ...Object.entries(NOT_ASKED)]) {
      assert.ok(allowance.restsOn.length > 0, `${id} rests on nothing`);
      for (const ground of allowance.restsOn)
        assert.ok(rows.has(ground) || decisions.has(ground), `${id}: ${ground} is neither a RULES.md row nor an x-decisions id`);
    }
  });

  const duplicate: Array<[unknown, boolean]> = [
    ['Id already found', true],
    ['Id already found.', true],
    ['Id already found..', false],
    ['id already found', false],
    ['Id already exists', false],
    [{ id: 'duplicate' }, false],
  ];
  for (const [message, want] of duplicate) {
    it(`duplicate-id-message: ${JSON.stringify(message)} ${want ? 'is' : 'is not'} the message`, () => assert.equal(isDuplicateIdMessage(message), want));
  }

  it('reason-phrase: RFC 9110 spelling, exact case, old spellings of 413 and 422 too; of the status or the item code', () => {
    assert.deepEqual(reasonPhrasesOf(205), ['Reset Content']);
    assert.ok(reasonPhrasesOf(413).includes('Content Too Large') && reasonPhrasesOf(413).includes('Payload Too Large'));
    assert.ok(reasonPhrasesOf(422).includes('Unprocessable Entity'));
    assert.equal(reasonPhrasesOf(406).includes('not acceptable'), false);
    assert.deepEqual(acceptedItemPhrases(205, 200), ['Reset Content', 'OK']);
    assert.deepEqual(acceptedItemPhrases(201, 201), ['Created']);
    assert.deepEqual(acceptedItemPhrases(201, 'x'), ['Created']);
  });

  it('missing-field-name: name and parameter.type only as themselves; other nested names by entry, list or index', () => {
    const rows: Array<[string, string, boolean]> = [
      ['name', 'name', true],
      ['name', 'names', false],
      ['parameter.type', 'parameter.type', true],
      ['parameter.type', 'parameters[0].type', false],
      ['action.config.cmd', 'action.config.cmd', true],
      ['action.config.cmd', 'actions.config.cmd', true],
      ['action.config.cmd', 'actions.0.config.cmd', true],
      ['action.config.cmd', 'actions[2].config.cmd', true],
      ['action.config.cmd', 'action[12].config.cmd', true],
      ['action.config.cmd', 'config.cmd', false],
      ['action.config.cmd', 'actions[x].config.cmd', false],
      ['action.config.cmd', 'actions.config', false],
      ['action.config.cmd', 'action.configXcmd', false],
      ['parameter.config', 'parameters[1].config', true],
    ];
    for (const [dotted, reported, want] of rows) assert.equal(isAcceptedFieldName(dotted, reported), want, `${dotted} as ${reported}`);
  });

  it('refusal-status: a query that is not one may also find nothing', () => {
    assert.deepEqual([...queryRefusalStatuses('GET')].sort(), [204, 400, 404, 406, 422]);
    assert.deepEqual([...queryRefusalStatuses('DELETE')].sort(), [400, 404, 406, 422]);
  });

  it('error-envelope-content: only 401 and 404 bodies may say error false', () => {
    assert.deepEqual([400, 401, 404, 406, 415, 422].filter(refusalMustSayError), [400, 406, 415, 422]);
  });

  it('entry-order, resource-config-path, select-adds-id: entries sorted by id, a resource path as a list, id dropped', () => {
    const record = { id: 'a', actions: [{ id: 'z' }, { id: 'b' }], resources: [{ id: 'r', config: { path: '/x' } }] };
    assert.deepEqual(normaliseRecord(record, { dropId: true }), { actions: [{ id: 'b' }, { id: 'z' }], resources: [{ id: 'r', config: { path: ['/x'] } }] });
    assert.deepEqual(record.actions, [{ id: 'z' }, { id: 'b' }], 'the input is not changed');
  });
});
