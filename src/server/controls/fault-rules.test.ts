import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createFaultRules } from './fault-rules.js';
import { injectedAnswer } from './fault.js';

test('first matching rule wins, in the order added; times counts down; a spent rule stays listed', () => {
  const rules = createFaultRules();
  assert.deepEqual(rules.add({ method: 'post', path: '/event', status: 503, times: 2 }), {
    ok: true,
    rule: { id: 'f1', method: 'POST', path: '/event', status: 503, times: 2, remaining: 2, fired: 0 },
  });
  assert.equal(rules.add({ pathPattern: '^/event', status: 'drop' }).ok, true);
  const post = { method: 'POST', path: '/event' };
  assert.deepEqual(
    [1, 2, 3].map(() => rules.fire(post)?.id),
    ['f1', 'f1', 'f2'],
    'after two the next rule takes over',
  );
  assert.equal(rules.fire({ method: 'GET', path: '/catalog/agent' }), undefined);
  assert.deepEqual(
    rules.list().map((r) => [r.id, r.fired, r.remaining]),
    [
      ['f1', 2, 0],
      ['f2', 1, undefined],
    ],
  );
});

test('a delay rule: drawn from its range; no status', () => {
  const rules = createFaultRules();
  rules.add({ method: 'GET', pathPattern: '^/catalog/agent', delay: '1-3s' });
  assert.deepEqual(
    rules.fire({ method: 'GET', path: '/catalog/agent/a1' }, () => 0.5),
    { id: 'f1', fault: undefined, delayMs: 2000 },
  );
  assert.deepEqual(rules.list()[0], { id: 'f1', method: 'GET', pathPattern: '^/catalog/agent', delay: '1-3s', fired: 1 });
});

test('remove one, clear all; ids are never reused', () => {
  const rules = createFaultRules();
  rules.add({ path: '/event', status: 500 });
  rules.add({ path: '/event', status: 503 });
  assert.equal(rules.remove('f1'), true);
  assert.equal(rules.remove('f1'), false);
  assert.equal(rules.clear(), 1);
  const added = rules.add({ path: '/event', status: 'timeout' });
  assert.equal(added.ok && added.rule.id, 'f3');
});

const refused: Array<[string, unknown, RegExp]> = [
  ['not an object', [1], /a fault rule is a JSON object/],
  ['an unknown field', { path: '/event', status: 500, statsu: 1 }, /unknown field "statsu"/],
  ['no path', { status: 500 }, /give path \(exact, e\.g\. \/event\/e1\) or pathPattern/],
  ['a bad pattern', { pathPattern: '[', status: 500 }, /pathPattern "\[" is not a regular expression/],
  ['a status that is not one', { path: '/event', status: 'boom' }, /status "boom" is not one a fault can answer/],
  [
    'a status no operation documents',
    { path: '/event', status: 418 },
    /status 418 is not one a fault can answer: use a status the spec documents \(200, 201, .*\), a gateway status 429, 502, 503, 504, or drop, timeout/,
  ],
  ['a bad delay', { path: '/event', delay: 'soon' }, /delay "soon" is not a duration/],
  ['a delay too long', { path: '/event', delay: '1000s' }, /is longer than the 120s/],
  ['times 0', { path: '/event', status: 500, times: 0 }, /times must be a whole number from 1/],
  ['times a fraction', { path: '/event', status: 500, times: 1.5 }, /times must be a whole number/],
  ['an unknown method', { method: 'PATCH', path: '/event', status: 500 }, /method must be one of GET, POST, PUT, DELETE/],
  ['an admin route', { path: '/__admin/reset', status: 500 }, /rules never fire on the admin routes/],
  ['neither status nor delay', { path: '/event', times: 2 }, /a rule needs a status, a delay, or both/],
];
for (const [name, input, reason] of refused) {
  test(`a rule with ${name} is refused with the reason and nothing is added`, () => {
    const rules = createFaultRules();
    const added = rules.add(input);
    assert.ok(!added.ok);
    assert.match(added.error, reason);
    assert.deepEqual(rules.list(), []);
  });
}

test('a rule status the addressed operation does not document still answers an envelope with its reason phrase', () => {
  const answer = injectedAnswer({ kind: 'status', status: 500 }, undefined, 'rule f1');
  assert.deepEqual(answer.body, [
    { status: 'Internal Server Error', code: 500, error: true, message: 'Answer 500 injected by rule f1; the request was not acted on' },
  ]);
  assert.equal(answer.headers['x-mgmt-kit-injected'], 'rule f1');
});
