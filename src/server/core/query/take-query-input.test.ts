import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Q_AND_BODY, Q_NOT_JSON, Q_REPEATED, takeQueryInput } from './take-query-input.js';

const q = (value: unknown) => `q=${encodeURIComponent(JSON.stringify(value))}`;
const messageOf = (result: unknown) => (result as { body: Array<{ message: unknown }> }).body[0]!.message;

test('without q the body is the query', () => {
  const body = { present: true, value: { select: ['id'] } } as const;
  assert.equal(takeQueryInput(body, undefined), body);
  assert.equal(takeQueryInput(body, ''), body);
  assert.equal(takeQueryInput(body, 'page=2'), body);
});

test('q carries the query as URL-encoded JSON', () => {
  assert.deepEqual(takeQueryInput({ present: false }, q({ where: { equals: { target: 'id', expr: 'a&b=c' } } })), {
    present: true,
    value: { where: { equals: { target: 'id', expr: 'a&b=c' } } },
  });
  assert.deepEqual(takeQueryInput({ present: false }, `x=1&${q({})}`), { present: true, value: {} });
});

for (const [name, rawQuery, present, want] of [
  ['a body and q together', q({}), true, Q_AND_BODY],
  ['q twice', `${q({})}&${q({})}`, false, Q_REPEATED],
  ['q that is not JSON', 'q=%7Bnope', false, Q_NOT_JSON],
  ['an empty q', 'q=', false, Q_NOT_JSON],
  ['q that nests too deep', `q=${'['.repeat(70)}${']'.repeat(70)}`, false, 'the query nests deeper than 64 levels'],
] as const) {
  test(`${name} → 400 {"q": …}`, () => {
    const result = takeQueryInput(present ? { present: true, value: {} } : { present: false }, rawQuery);
    assert.equal((result as { status?: number }).status, 400);
    assert.deepEqual(messageOf(result), { q: want });
  });
}
