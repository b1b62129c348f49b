import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isJsonMediaType, MAX_BODY_DEPTH, measureDepth, parseJsonBody } from './parse-json-body.js';

test('JSON media types (x-decisions media-type)', () => {
  for (const accepted of ['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/merge-patch+json', 'application/vnd.api+json ; q=1']) {
    assert.equal(isJsonMediaType(accepted), true, accepted);
  }
  for (const refused of [undefined, '', 'text/plain', 'application/x-www-form-urlencoded', 'text/json', 'application/jsonp', 'multipart/form-data']) {
    assert.equal(isJsonMediaType(refused), false, String(refused));
  }
});

const request = (body: string | undefined, contentType?: string) => ({
  method: 'POST',
  path: '/event',
  headers: contentType === undefined ? {} : { 'content-type': contentType },
  body,
});

test('no body, empty or whitespace-only body: no body, no Content-Type needed', () => {
  for (const body of [undefined, '', '  \n\t ']) assert.deepEqual(parseJsonBody(request(body)), { present: false });
});

test('415 before 400; 400 for malformed JSON and for over-deep nesting', () => {
  assert.equal((parseJsonBody(request('{bad', 'text/plain')) as { status: number }).status, 415);
  assert.equal((parseJsonBody(request('{"a":1}')) as { status: number }).status, 415);
  assert.equal((parseJsonBody(request('{bad', 'application/json')) as { status: number }).status, 400);
  const deep = '['.repeat(MAX_BODY_DEPTH + 1) + ']'.repeat(MAX_BODY_DEPTH + 1);
  assert.equal((parseJsonBody(request(deep, 'application/json')) as { status: number }).status, 400);
  assert.deepEqual(parseJsonBody(request('{"a":[1]}', 'application/json')), { present: true, value: { a: [1] } });
});

test('measureDepth counts without recursion', () => {
  assert.equal(measureDepth(1), 0);
  assert.equal(measureDepth({ a: [{}] }), 3);
  assert.ok(measureDepth(JSON.parse('['.repeat(10000) + ']'.repeat(10000))) > MAX_BODY_DEPTH);
});
