import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normaliseObserved, observedAnswer, splitQuotedBody } from './normalise-observed.js';

const CASES: Array<[string, string, string]> = [
  ['a run id with what the run appended', 'read of mk-1a2b3c-ev-0f1e2d3c answered 404', 'read of <id> answered 404'],
  ['a fuzz run id', 'fz-00ff00-3-e0 kept', '<id> kept'],
  ['a UUID', 'created 3f2a9c1e-0b7d-4c55-9a3e-2b8f0c6d1e4a', 'created <uuid>'],
  ['an ISO time', 'at 2026-01-02T03:04:05.678Z it stopped', 'at <time> it stopped'],
  ['a clock time', 'stopped answering at 10:11:12 UTC', 'stopped answering at <time> UTC'],
  ['a port', 'no answer from POST http://127.0.0.1:40123/event', 'no answer from POST http://127.0.0.1:<port>/event'],
  ['a generated hex id', 'the id 65a1f0c2e4b3d2a1f0e9d8c7 was generated', 'the id <hex> was generated'],
  ['white space', '  two\n  lines ', 'two lines'],
  ['plain words stay', 'expected 201, observed 200', 'expected 201, observed 200'],
];

for (const [name, text, expected] of CASES) {
  test(`normaliseObserved: ${name}`, () => {
    assert.equal(normaliseObserved(text), expected);
    assert.equal(normaliseObserved(normaliseObserved(text)), expected, 'stable when applied twice');
  });
}

test('normaliseObserved cuts a long text', () => {
  assert.equal(normaliseObserved('x'.repeat(500)).length, 200);
});

const SPLITS: Array<[string, string, string]> = [
  [
    'createEvent answered 200, which the spec does not document: [{"code": 201}]',
    'createEvent answered 200, which the spec does not document',
    '[{"code": 201}]',
  ],
  ['could not create the agents record a round needs: 406 {"code": 406}', 'could not create the agents record a round needs: 406', '{"code": 406}'],
  [
    'createAgent 406: body is not the envelope of §4.1 at / (must be array; schema #/type)',
    'createAgent 406: body is not the envelope of §4.1 at / (must be array; schema #/type)',
    '',
  ],
];

for (const [line, words, body] of SPLITS) {
  test(`splitQuotedBody: ${line.slice(0, 40)}…`, () => assert.deepEqual(splitQuotedBody(line), { words, body }));
}

test('normaliseObserved: ids the scenario knows, as written, percent-encoded or escaped; HTTP dates', () => {
  const cases: Array<[string, string, string[]?]> = [
    ['Event with the id=mk-0a0b0c-ev-11223344-core link created', 'Event with the id=<id> link created'],
    ['{"id": "hQ7xK4wBq1"}', '{"id": "<id>"}', ['hQ7xK4wBq1']],
    ['no record under caf%C3%A9-mk', 'no record under <id>', ['café-mk']],
    ['at 2026-11-28T02:40:01.123Z and 2026-11-28 02:40', 'at <time> and <time>'],
    ['Date: Sat, 28 Nov 2026 02:40:01 GMT', 'Date: <time>'],
    ['connect ECONNREFUSED 127.0.0.1:5077', 'connect ECONNREFUSED 127.0.0.1:<port>'],
  ];
  for (const [text, want, ids] of cases) assert.equal(normaliseObserved(text, { knownIds: ids }), want, text);
});

test('normaliseObserved: cut to the length asked, the longest known id replaced first', () => {
  assert.equal(normaliseObserved('x'.repeat(200), { max: 10 }), `${'x'.repeat(9)}…`);
  assert.equal(normaliseObserved('abcd-long and abcd', { knownIds: ['abcd', 'abcd-long'] }), '<id> and <id>');
});

test('observedAnswer: the status alone without a body, else status and body', () => {
  assert.equal(observedAnswer(304, ''), '304');
  assert.equal(observedAnswer(406, '{"message": {"id": "Id already found."}}\n'), '406 {"message": {"id": "Id already found."}}');
});
