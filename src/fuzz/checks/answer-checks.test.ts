import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadOpenApiDocument } from '../../server/core/index.js';
import { createSpecValidator } from '../../contract/spec/spec-validator.js';
import type { WireAnswer } from '../run/send-wire-request.js';
import { checkAnswer } from './answer-checks.js';
import { applicable } from './check-table.js';

const spec = createSpecValidator(loadOpenApiDocument());
const answer = (status: number, text: string, contentType = 'application/json'): WireAnswer => {
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers: { 'content-type': contentType }, text, json, notJson: text !== '' && json === undefined };
};
const found = (operation: string, a: WireAnswer) => applicable(checkAnswer(spec, operation, a)).map((p) => `${p.check}:${p.observed}`);

describe('checkAnswer: every check on one answer, each failure its own', () => {
  const rows: Array<[string, string, WireAnswer, string[]]> = [
    ['a 500 in text/plain is a server error, nothing more', 'createEvent', answer(500, 'Internal Server Error', 'text/plain'), ['server-error:500']],
    [
      'an empty index answered 404 with one envelope object, not a list',
      'readEvents',
      answer(404, '{"code":404,"error":true,"message":"x","status":"Not Found"}'),
      ['response-schema:404'],
    ],
    [
      'a create answered 200: a status the spec does not document',
      'createEventById',
      answer(200, '[{"code":201,"error":false,"message":"e1","status":"Created"}]'),
      ['documented-status:200'],
    ],
    [
      'a list whose item breaks the schema and says its status in lower case: both',
      'createEventById',
      answer(201, '[{"code":"201","error":false,"message":"e1","status":"created"}]'),
      ['response-schema:201', 'reason-phrase:201'],
    ],
    ['a body that is not JSON', 'readEventById', answer(200, '[{"big": Infinity}]'), ['json-body:200']],
    ['a documented answer passes every check', 'readEvents', answer(200, '[]'), []],
  ];
  for (const [name, operation, a, want] of rows) it(name, () => assert.deepEqual(found(operation, a), want));
});
