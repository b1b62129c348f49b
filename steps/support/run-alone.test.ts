import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runsAlone, wipedIndices } from './run-alone.js';

const wipes = (...indices: string[]) => ({ tags: [{ name: '@destructive' }, { name: '@base-path' }, ...indices.map((i) => ({ name: `@wipes.${i}` }))] });
const destructive = wipes();
const plain = { tags: [{ name: '@ids' }] };
const canAssign = runsAlone('@destructive');

const cases: Array<[string, { inQuestion: typeof plain; inProgress: Array<typeof plain>; want: boolean }]> = [
  ['a plain scenario beside plain ones', { inQuestion: plain, inProgress: [plain, plain], want: true }],
  ['a plain scenario beside a destructive one', { inQuestion: plain, inProgress: [wipes('event')], want: false }],
  ['a destructive scenario with nothing running', { inQuestion: destructive, inProgress: [], want: true }],
  ['a destructive scenario beside a plain one', { inQuestion: wipes('event'), inProgress: [plain], want: false }],
  ['a destructive scenario naming no index beside another destructive one', { inQuestion: destructive, inProgress: [wipes('event')], want: false }],
  ['a destructive scenario beside one naming no index', { inQuestion: wipes('agent'), inProgress: [destructive], want: false }],
  ['a destructive scenario beside one wiping the same index', { inQuestion: wipes('event'), inProgress: [wipes('agent', 'event')], want: false }],
  [
    'a destructive scenario beside ones wiping other indices',
    { inQuestion: wipes('event'), inProgress: [wipes('agent'), wipes('network-link-type')], want: true },
  ],
];

for (const [name, { inQuestion, inProgress, want }] of cases) {
  test(`runsAlone: ${name} → ${want}`, () => assert.equal(canAssign(inQuestion, inProgress), want));
}

test('wipedIndices: the names of the @wipes tags, or undefined (every index) without one', () => {
  assert.deepEqual(wipedIndices(wipes('event', 'agent')), ['event', 'agent']);
  assert.equal(wipedIndices(destructive), undefined);
});
