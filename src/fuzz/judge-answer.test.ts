import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CoreResponse } from '../reference-server/core/core-types.js';
import { envelopeItem, errorResponse, jsonResponse } from '../reference-server/core/envelope.js';
import { judgeAnswer, type JudgeInput, type JudgedRequest } from './judge-answer.js';
import type { WireAnswer } from './send-wire-request.js';

const CREATE_DOCUMENTED = [201, 204, 400, 401, 406, 413, 415, 422, 500];
const step = (method: 'POST' | 'GET' | 'PUT' | 'DELETE', extra: Partial<JudgedRequest> = {}): JudgedRequest => ({
  target: { method, path: '/event/e1', headers: { 'content-type': 'application/json' }, body: undefined },
  id: 'e1', mutation: undefined, nestedExtras: [], resyncAfter: false, ...extra,
});
const answer = (status: number, body?: unknown): WireAnswer => ({ status, headers: {}, text: body === undefined ? '' : JSON.stringify(body), json: body, notJson: false });
const env = (code: number, message: unknown) => [{ status: 'any', code, error: code >= 400, message }];

type Row = [string, { step: JudgedRequest; model: CoreResponse; target: WireAnswer; want: string; idTaken?: boolean; bodiless205?: boolean }];
const rows: Row[] = [
  ['a duplicate answered 406 "Id already found." (one period)', { step: step('POST'), model: errorResponse(406, 'Id already found'), target: answer(406, env(406, 'Id already found.')), want: 'ok' }],
  ['a duplicate answered 201', { step: step('POST'), model: errorResponse(406, 'Id already found'), target: answer(201, env(201, 'e1 created')), want: 'duplicate-id:status' }],
  ['a duplicate with another message', { step: step('POST'), model: errorResponse(406, 'Id already found'), target: answer(406, env(406, 'exists')), want: 'duplicate-id:message' }],
  ['a missing field named with the list', { step: step('POST', { mutation: 'missing' }), model: errorResponse(406, { 'action.config': 'required' }), target: answer(406, env(406, { 'actions.0.config': 'required' })), want: 'ok' }],
  ['a missing field refused with 422', { step: step('POST', { mutation: 'missing' }), model: errorResponse(406, { name: 'required' }), target: answer(422, env(422, 'bad')), want: 'missing-field:status' }],
  ['rule 14: a missing field on a taken id answered as a duplicate', { step: step('POST', { mutation: 'missing' }), model: errorResponse(406, { name: 'required' }), target: answer(406, env(406, 'Id already found')), idTaken: true, want: 'ok' }],
  ['rule 4: a bad enum refused with 422', { step: step('POST', { mutation: 'bad-enum' }), model: errorResponse(406, { 'action.status': 'must be one of' }), target: answer(422, env(422, 'no')), want: 'ok' }],
  ['rule 4: a bad enum refused with error false', { step: step('POST', { mutation: 'bad-enum' }), model: errorResponse(406, { 'action.status': 'x' }), target: answer(400, [{ status: 'Bad Request', code: 400, error: false, message: 'x' }]), want: 'refusal:envelope' }],
  ['rule 4: a bad enum stored', { step: step('POST', { mutation: 'bad-enum' }), model: errorResponse(406, { 'action.status': 'x' }), target: answer(201, env(201, 'e1')), want: 'refusal:status' }],
  ['rule 5: an unknown id updated → 422', { step: step('PUT'), model: errorResponse(406, { id: 'not found' }), target: answer(422), want: 'ok' }],
  ['rule 5: an unknown id updated → 200', { step: step('PUT'), model: errorResponse(406, { id: 'not found' }), target: answer(200, env(200, 'ok')), want: 'update-unknown-id:status' }],
  ['rule 15: nothing found → 404 with error false', { step: step('DELETE'), model: errorResponse(404, 'none'), target: answer(404, [{ status: 'Not Found', code: 404, error: false, message: 'none' }]), want: 'ok' }],
  ['rule 6: nothing found → 204', { step: step('GET'), model: errorResponse(404, 'none'), target: answer(204), want: 'ok' }],
  ['rule 6: nothing found → 200 []', { step: step('GET'), model: errorResponse(404, 'none'), target: answer(200, []), want: 'read-nothing:status' }],
  ['a bad token let through', { step: step('GET'), model: errorResponse(401, 'no'), target: answer(200, []), want: 'auth:status' }],
  ['rule 8: nested extras refused → the model rolls back', { step: step('POST', { nestedExtras: ['actions[0].x'] }), model: jsonResponse(201, [envelopeItem(201, 'e1')]), target: answer(406, env(406, { x: 'no' })), want: 'ok:rollback' }],
  ['rule 13: deep nesting stored → the record is read back', { step: step('POST', { resyncAfter: true }), model: errorResponse(400, 'deep'), target: answer(201, env(201, 'e1')), want: 'ok:resync' }],
  ['a create message that does not name the id', { step: step('POST'), model: jsonResponse(201, [envelopeItem(201, 'e1')]), target: answer(201, env(201, 'created')), want: 'create:message' }],
  ['a delete without its envelope', { step: step('DELETE'), model: jsonResponse(205, [envelopeItem(200, 'gone', 205)]), target: answer(205), want: 'delete:envelope' }],
  ['a delete without its envelope, from a fetch-based target', { step: step('DELETE'), model: jsonResponse(205, [envelopeItem(200, 'gone', 205)]), target: answer(205), bodiless205: true, want: 'ok' }],
  ['a delete envelope saying code 205', { step: step('DELETE'), model: jsonResponse(205, [envelopeItem(200, 'gone', 205)]), target: answer(205, [{ status: 'Reset Content', code: 205, error: false, message: 'e1' }]), want: 'delete:envelope' }],
  ['rule 12: a 304 without body', { step: step('PUT'), model: jsonResponse(304, [envelopeItem(304, 'same')]), target: answer(304), want: 'ok' }],
];

describe('judgeAnswer', () => {
  for (const [name, { step: s, model, target, want, idTaken, bodiless205 }] of rows) {
    it(name, () => {
      const input: JudgeInput = { step: s, model, target, documented: CREATE_DOCUMENTED, select: undefined, createdId: undefined, idTaken: idTaken ?? false, bodiless205 };
      const verdict = judgeAnswer(input);
      const got = verdict.ok ? (verdict.effect === 'as-model' ? 'ok' : `ok:${verdict.effect}`) : `${verdict.rule}:${verdict.check}`;
      assert.equal(got, want, JSON.stringify(verdict));
    });
  }
});
