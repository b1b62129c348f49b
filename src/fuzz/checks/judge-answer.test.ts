import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CoreResponse } from '../../server/core/core-types.js';
import { envelopeItem, errorResponse, jsonResponse } from '../../server/core/envelope.js';
import { NUL } from '../../contract/faithful-answers.js';
import { judgeAnswer, type JudgeInput, type JudgedRequest } from './judge-answer.js';
import type { WireAnswer } from '../run/send-wire-request.js';

const step = (method: 'POST' | 'GET' | 'PUT' | 'DELETE', extra: Partial<JudgedRequest> = {}): JudgedRequest => ({
  target: { method, path: '/event/e1', headers: { 'content-type': 'application/json' }, body: undefined },
  id: 'e1',
  flaw: undefined,
  openShapes: [],
  resyncAfter: false,
  breaks: [],
  hiddenNameBreak: undefined,
  ...extra,
});
const answer = (status: number, body?: unknown): WireAnswer => ({
  status,
  headers: {},
  text: body === undefined ? '' : JSON.stringify(body),
  json: body,
  notJson: false,
});
const env = (code: number, message: unknown) => [{ status: 'any', code, error: code >= 400, message }];

const withBody = (method: 'POST' | 'GET' | 'PUT' | 'DELETE', json: string) =>
  step(method, { target: { ...step(method).target, body: Buffer.from(json, 'utf8') } });
const created = jsonResponse(201, [envelopeItem(201, 'e1 created')]);

/** A create the model takes whose body holds `json` (U+0000 or an edge number): faithful refusals pass, a 500, error false or another status do not. */
function edgeRows(json: string, what: string): Row[] {
  const create = withBody('POST', json);
  return [
    [`${what}: refused with 400, nothing stored`, { step: create, model: created, target: answer(400, env(400, 'no')), want: 'ok:rollback' }],
    [`${what}: refused with 422 without a body`, { step: create, model: created, target: answer(422), want: 'ok:rollback' }],
    [`${what}: answered 500`, { step: create, model: created, target: answer(500, env(500, 'boom')), want: 'model-status' }],
    [
      `${what}: refused with error false`,
      { step: create, model: created, target: answer(406, [{ status: 'x', code: 406, error: false, message: 'no' }]), want: 'model-status' },
    ],
    [
      `${what}: refused with 413, not a refusal the allowance gives`,
      { step: create, model: created, target: answer(413, env(413, 'no')), want: 'model-status' },
    ],
  ];
}

type Row = [
  string,
  {
    step: JudgedRequest;
    model: CoreResponse;
    target: WireAnswer;
    want: string;
    idTaken?: boolean;
    bodiless205?: boolean;
    mayRefuse?: (path: string, wrongType: boolean) => boolean;
  },
];
const rows: Row[] = [
  [
    'a duplicate answered 406 "Id already found." (one period)',
    { step: step('POST'), model: errorResponse(406, 'Id already found'), target: answer(406, env(406, 'Id already found.')), want: 'ok' },
  ],
  [
    'a duplicate answered 201',
    { step: step('POST'), model: errorResponse(406, 'Id already found'), target: answer(201, env(201, 'e1 created')), want: 'model-status' },
  ],
  [
    'a duplicate with another message',
    { step: step('POST'), model: errorResponse(406, 'Id already found'), target: answer(406, env(406, 'exists')), want: 'model-message' },
  ],
  [
    'a missing field named with the list',
    {
      step: step('POST', { flaw: 'missing' }),
      model: errorResponse(406, { 'action.config': 'required' }),
      target: answer(406, env(406, { 'actions.0.config': 'required' })),
      want: 'ok',
    },
  ],
  [
    'a missing field refused with 422',
    {
      step: step('POST', { flaw: 'missing' }),
      model: errorResponse(406, { name: 'required' }),
      target: answer(422, env(422, 'bad')),
      want: 'model-status',
    },
  ],
  [
    'order-of-checks: a missing field on a taken id answered as a duplicate',
    {
      step: step('POST', { flaw: 'missing', breaks: ['missing-field'] }),
      model: errorResponse(406, { name: 'required' }),
      target: answer(406, env(406, 'Id already found')),
      idTaken: true,
      want: 'ok',
    },
  ],
  [
    'order-of-checks: a wrong type on a taken id answered as a duplicate',
    {
      step: step('POST', { flaw: 'wrong-type', breaks: ['invalid-value'] }),
      model: errorResponse(406, { name: 'must be string' }),
      target: answer(406, env(406, 'Id already found.')),
      idTaken: true,
      want: 'ok',
    },
  ],
  [
    'order-of-checks: a duplicate with a wrong type answered as the wrong type',
    {
      step: step('POST', { flaw: 'wrong-type', breaks: ['invalid-value'] }),
      model: errorResponse(406, 'Id already found'),
      target: answer(400, env(400, 'bad type')),
      idTaken: true,
      want: 'ok',
    },
  ],
  [
    'order-of-checks: a duplicate with a wrong type stored',
    {
      step: step('POST', { flaw: 'wrong-type', breaks: ['invalid-value'] }),
      model: errorResponse(406, 'Id already found'),
      target: answer(201, env(201, 'e1')),
      idTaken: true,
      want: 'model-status',
    },
  ],
  [
    'order-of-checks: a bad token with a missing field answered as the missing field',
    {
      step: step('POST', { flaw: 'missing', breaks: ['token', 'missing-field'] }),
      model: errorResponse(401, 'no'),
      target: answer(406, env(406, { name: 'required' })),
      want: 'ok',
    },
  ],
  [
    'refusal-status: a bad enum refused with 422',
    {
      step: step('POST', { flaw: 'bad-enum', breaks: ['invalid-value'] }),
      model: errorResponse(406, { 'action.status': 'must be one of' }),
      target: answer(422, env(422, 'no')),
      want: 'ok',
    },
  ],
  [
    'refusal-status: a bad enum refused with 415',
    {
      step: step('POST', { flaw: 'bad-enum', breaks: ['invalid-value'] }),
      model: errorResponse(406, { 'action.status': 'must be one of' }),
      target: answer(415, env(415, 'no')),
      want: 'model-status',
    },
  ],
  [
    'refusal-status: a bad enum refused with error false',
    {
      step: step('POST', { flaw: 'bad-enum' }),
      model: errorResponse(406, { 'action.status': 'x' }),
      target: answer(400, [{ status: 'Bad Request', code: 400, error: false, message: 'x' }]),
      want: 'model-envelope',
    },
  ],
  [
    'refusal-status: a bad enum stored',
    {
      step: step('POST', { flaw: 'bad-enum' }),
      model: errorResponse(406, { 'action.status': 'x' }),
      target: answer(201, env(201, 'e1')),
      want: 'model-status',
    },
  ],
  [
    'refusal-status: a query that is not one may find nothing',
    {
      step: step('GET', { flaw: 'wrong-type', breaks: ['invalid-query'] }),
      model: errorResponse(400, { select: 'x' }),
      target: answer(404, env(404, 'none')),
      want: 'ok',
    },
  ],
  [
    'refusal-status: malformed JSON on a read is not "nothing found"',
    { step: step('GET', { breaks: ['not-json'] }), model: errorResponse(400, 'bad json'), target: answer(404, env(404, 'none')), want: 'model-status' },
  ],
  ['update-unknown-id: → 422', { step: step('PUT'), model: errorResponse(406, { id: 'not found' }), target: answer(422), want: 'ok' }],
  [
    'update-unknown-id: → 200',
    { step: step('PUT'), model: errorResponse(406, { id: 'not found' }), target: answer(200, env(200, 'ok')), want: 'model-status' },
  ],
  [
    'error-envelope-content: nothing found → 404 with error false',
    {
      step: step('DELETE'),
      model: errorResponse(404, 'none'),
      target: answer(404, [{ status: 'Not Found', code: 404, error: false, message: 'none' }]),
      want: 'ok',
    },
  ],
  ['read-finds-nothing: → 204', { step: step('GET'), model: errorResponse(404, 'none'), target: answer(204), want: 'ok' }],
  ['read-finds-nothing: → 200 []', { step: step('GET'), model: errorResponse(404, 'none'), target: answer(200, []), want: 'model-status' }],
  ['a bad token let through', { step: step('GET', { breaks: ['token'] }), model: errorResponse(401, 'no'), target: answer(200, []), want: 'model-status' }],
  [
    'nested-extra-fields: refused → the model rolls back',
    {
      step: step('POST', { openShapes: ['actions[0].x'] }),
      model: jsonResponse(201, [envelopeItem(201, 'e1')]),
      target: answer(406, env(406, { x: 'no' })),
      want: 'ok:rollback',
    },
  ],
  [
    'hidden-name-fields: a wrong type refused → the model rolls back',
    {
      step: step('POST', { flaw: 'wrong-type', hiddenNameBreak: 'actions[0].config.daemon', breaks: ['hidden-name-type'] }),
      model: jsonResponse(201, [envelopeItem(201, 'e1')]),
      target: answer(400, env(400, { daemon: 'not a boolean' })),
      want: 'ok:rollback',
    },
  ],
  [
    'hidden-name-fields: a wrong type refused with 500',
    {
      step: step('POST', { flaw: 'wrong-type', hiddenNameBreak: 'actions[0].config.daemon', breaks: ['hidden-name-type'] }),
      model: jsonResponse(201, [envelopeItem(201, 'e1')]),
      target: answer(500, env(500, 'boom')),
      want: 'model-status',
    },
  ],
  [
    'nested-extra-fields: refused where the target was seen to store that shape',
    {
      step: step('POST', { openShapes: ['actions[0].x'] }),
      model: jsonResponse(201, [envelopeItem(201, 'e1')]),
      target: answer(406, env(406, { x: 'no' })),
      mayRefuse: () => false,
      want: 'model-status',
    },
  ],
  [
    'hidden-name-fields: a wrong type refused where the target was seen to store it',
    {
      step: step('POST', { flaw: 'wrong-type', hiddenNameBreak: 'description', breaks: ['hidden-name-type'] }),
      model: jsonResponse(201, [envelopeItem(201, 'e1')]),
      target: answer(400, env(400, 'no')),
      mayRefuse: (_p: string, wrongType: boolean) => !wrongType,
      want: 'model-status',
    },
  ],
  [
    'json-edge-values: deep nesting stored → the record is read back',
    {
      step: step('POST', { resyncAfter: true, breaks: ['json-edge'] }),
      model: errorResponse(400, 'deep'),
      target: answer(201, env(201, 'e1')),
      want: 'ok:resync',
    },
  ],
  ['empty-body-create: 204', { step: step('POST', { breaks: ['empty-body'] }), model: jsonResponse(204, undefined), target: answer(204), want: 'ok' }],
  [
    'empty-body-create: refused with 406 naming a field',
    { step: step('POST', { breaks: ['empty-body'] }), model: jsonResponse(204, undefined), target: answer(406, env(406, { name: 'required' })), want: 'ok' },
  ],
  [
    'empty-body-create: 304 is no create answer',
    { step: step('POST', { breaks: ['empty-body'] }), model: jsonResponse(204, undefined), target: answer(304), want: 'model-status' },
  ],
  ['empty-body-update: 304', { step: step('PUT', { breaks: ['empty-body'] }), model: jsonResponse(204, undefined), target: answer(304), want: 'ok' }],
  [
    'empty-body-update: 200 claims a change',
    { step: step('PUT', { breaks: ['empty-body'] }), model: jsonResponse(204, undefined), target: answer(200, env(200, 'e1')), want: 'model-status' },
  ],
  [
    'a create message that does not name the id',
    { step: step('POST'), model: jsonResponse(201, [envelopeItem(201, 'e1')]), target: answer(201, env(201, 'created')), want: 'model-message' },
  ],
  [
    'a delete without its envelope',
    { step: step('DELETE'), model: jsonResponse(205, [envelopeItem(200, 'gone', 205)]), target: answer(205), want: 'model-envelope' },
  ],
  [
    'a delete without its envelope, from a fetch-based target',
    { step: step('DELETE'), model: jsonResponse(205, [envelopeItem(200, 'gone', 205)]), target: answer(205), bodiless205: true, want: 'ok' },
  ],
  [
    'a delete envelope saying code 205',
    {
      step: step('DELETE'),
      model: jsonResponse(205, [envelopeItem(200, 'gone', 205)]),
      target: answer(205, [{ status: 'Reset Content', code: 205, error: false, message: 'e1' }]),
      want: 'model-envelope',
    },
  ],
  [
    'every check on the answer: a delete answered HTTP 200 with code 205 fails the status and the envelope',
    {
      step: step('DELETE'),
      model: jsonResponse(205, [envelopeItem(200, 'gone', 205)]),
      target: answer(200, [{ status: 'Reset Content', code: 205, error: false, message: 'e1' }]),
      want: 'model-status,model-envelope',
    },
  ],
  [
    'a create answered HTTP 200 with code 201 naming the id fails the status only',
    {
      step: step('POST'),
      model: jsonResponse(201, [envelopeItem(201, 'e1 created')]),
      target: answer(200, env(201, 'Event e1 created')),
      want: 'model-status',
    },
  ],
  // nul-character, number-range: refused with a refusal status and error true, nothing stored; any other answer to what the model takes is judged as before.
  ...edgeRows(JSON.stringify({ id: 'e1', note: `a${NUL}b` }), 'U+0000 in a value'),
  ...edgeRows(JSON.stringify({ id: 'e1', [`with${NUL}nul`]: 1 }), 'U+0000 in a field name'),
  ...edgeRows('{"id":"e1","n":[1e308]}', '1e308'),
  ...edgeRows('{"id":"e1","n":5e-324}', '5e-324'),
  [
    'a plain body refused as if it held U+0000 or an edge number',
    { step: withBody('POST', '{"id":"e1","n":1e30,"t":"a\\u0001b"}'), model: created, target: answer(400, env(400, 'no')), want: 'model-status' },
  ],
  [
    'a read whose expr holds U+0000 refused while the model finds nothing',
    {
      step: withBody('GET', JSON.stringify({ where: { equals: { target: 't', expr: NUL } } })),
      model: errorResponse(404, 'nothing'),
      target: answer(422, env(422, 'no')),
      want: 'ok',
    },
  ],
  ['rule 12: a 304 without body', { step: step('PUT'), model: jsonResponse(304, [envelopeItem(304, 'same')]), target: answer(304), want: 'ok' }],
];

describe('judgeAnswer', () => {
  for (const [name, { step: s, model, target, want, idTaken, bodiless205, mayRefuse }] of rows) {
    it(name, () => {
      const input: JudgeInput = {
        step: s,
        model,
        target,
        select: undefined,
        createdId: undefined,
        idTaken: idTaken ?? false,
        bodiless205,
        mayRefuseShape: mayRefuse,
      };
      const verdict = judgeAnswer(input);
      const got = verdict.ok ? (verdict.effect === 'as-model' ? 'ok' : `ok:${verdict.effect}`) : verdict.problems.map((p) => p.check).join(',');
      assert.equal(got, want, JSON.stringify(verdict));
    });
  }
});
