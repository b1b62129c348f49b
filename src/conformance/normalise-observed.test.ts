import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normaliseObserved, splitQuotedBody } from './normalise-observed.js';

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
