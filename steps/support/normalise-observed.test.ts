import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normaliseObserved, observedAnswer } from './normalise-observed.js';

test('normaliseObserved: one deviation reads the same in every run and scenario', () => {
  const cases: Array<[string, string, string[]?]> = [
    ['Event with the id=mk-6c12e6-ev-e43bd8b0 created', 'Event with the id=<id> created'],
    ['Event with the id=mk-0a0b0c-ev-11223344-core link created', 'Event with the id=<id> link created'],
    ['{"id": "hQ7xK4wBq1"}', '{"id": "<id>"}', ['hQ7xK4wBq1']],
    ['no record under caf%C3%A9-mk', 'no record under <id>', ['café-mk']],
    ['trace 0f8fad5b-d9cb-469f-a165-70867728950e failed', 'trace <uuid> failed'],
    ['at 2026-11-28T02:40:01.123Z and 2026-11-28 02:40', 'at <time> and <time>'],
    ['Date: Sat, 28 Nov 2026 02:40:01 GMT', 'Date: <time>'],
    ['connect ECONNREFUSED 127.0.0.1:5077', 'connect ECONNREFUSED 127.0.0.1'],
    ['  two\n  lines\t here ', 'two lines here'],
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
