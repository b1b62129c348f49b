import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findJsonProblem, isJsonMediaType, MAX_BODY_DEPTH, parseJsonBody } from './parse-json-body.js';
import { requestNotValid } from './messages.js';

test('JSON media types (x-decisions media-type)', () => {
  for (const accepted of [
    'application/json',
    'Application/JSON',
    'application/json; charset=utf-8',
    'application/merge-patch+json',
    'application/vnd.api+json ; q=1',
  ]) {
    assert.equal(isJsonMediaType(accepted), true, accepted);
  }
  for (const refused of [undefined, '', 'text/plain', 'application/x-www-form-urlencoded', 'text/json', 'application/jsonp', 'multipart/form-data']) {
    assert.equal(isJsonMediaType(refused), false, String(refused));
  }
});

const request = (body: string | undefined, contentType?: string, bodyNotUtf8?: boolean) => ({
  method: 'POST',
  path: '/event',
  headers: contentType === undefined ? {} : { 'content-type': contentType },
  body,
  ...(bodyNotUtf8 === undefined ? {} : { bodyNotUtf8 }),
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

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const refusals: Array<[string, { body: string; notUtf8?: boolean; want: RegExp }]> = [
  ['not valid JSON', { body: '{bad', want: /is not valid JSON/ }],
  ['bytes that are not UTF-8 (flagged by the adapter)', { body: '{"id":"\ufffd"}', notUtf8: true, want: /is not valid UTF-8/ }],
  ['1e400 (Infinity, sent back as null)', { body: '{"id":"n","big":1e400}', want: /number JSON cannot carry/ }],
  ['-1e400 deep in a list', { body: '{"id":"n","list":[1,{"x":[-1e400]}]}', want: /number JSON cannot carry/ }],
  ['a bare 1e999', { body: '1e999', want: /number JSON cannot carry/ }],
  ['nesting deeper than the limit', { body: deep(MAX_BODY_DEPTH + 1), want: new RegExp(`deeper than ${MAX_BODY_DEPTH} levels`) }],
];

for (const [name, { body, notUtf8, want }] of refusals) {
  test(`400 "Request not valid: …" for ${name} (x-decisions malformed-json)`, () => {
    const res = parseJsonBody(request(body, 'application/json', notUtf8)) as { status: number; body: Array<{ message: string }> };
    assert.equal(res.status, 400);
    assert.ok(res.body[0]!.message.startsWith(requestNotValid('')), res.body[0]!.message);
    assert.match(res.body[0]!.message, want);
  });
}

const accepted: Array<[string, { body: string; value: unknown }]> = [
  ['nesting at the limit', { body: deep(MAX_BODY_DEPTH), value: JSON.parse(deep(MAX_BODY_DEPTH)) }],
  [
    'large finite numbers',
    { body: '{"a":1e300,"b":123456789012345678901234567890,"c":-1e-400}', value: { a: 1e300, b: Number('123456789012345678901234567890'), c: -0 } },
  ],
  ['U+FFFD sent as such', { body: '{"id":"\ufffd"}', value: { id: '\ufffd' } }],
];

for (const [name, { body, value }] of accepted) {
  test(`accepted: ${name}`, () => {
    assert.deepEqual(parseJsonBody(request(body, 'application/json')), { present: true, value });
  });
}

test('415 still comes before the UTF-8 check; no body needs no decoding', () => {
  assert.equal((parseJsonBody(request('\ufffd', 'text/plain', true)) as { status: number }).status, 415);
  assert.deepEqual(parseJsonBody(request('', 'application/json', true)), { present: false });
});

test('findJsonProblem walks without recursion', () => {
  assert.equal(findJsonProblem({ a: [{ b: 1 }] }), undefined);
  assert.match(findJsonProblem(JSON.parse(deep(10000))) ?? '', /deeper than/);
  assert.match(findJsonProblem([[[[Infinity]]]]) ?? '', /cannot carry/);
  assert.match(findJsonProblem(NaN) ?? '', /cannot carry/);
});
