import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runsAlone } from './run-alone.js';

const destructive = { tags: [{ name: '@destructive' }, { name: '@base-path' }] };
const plain = { tags: [{ name: '@ids' }] };
const canAssign = runsAlone('@destructive');

const cases: Array<[string, { inQuestion: typeof plain; inProgress: Array<typeof plain>; want: boolean }]> = [
  ['a plain scenario beside plain ones', { inQuestion: plain, inProgress: [plain, plain], want: true }],
  ['a plain scenario beside a destructive one', { inQuestion: plain, inProgress: [destructive], want: false }],
  ['a destructive scenario with nothing running', { inQuestion: destructive, inProgress: [], want: true }],
  ['a destructive scenario beside a plain one', { inQuestion: destructive, inProgress: [plain], want: false }],
  ['a destructive scenario beside another destructive one', { inQuestion: destructive, inProgress: [destructive], want: false }],
];

for (const [name, { inQuestion, inProgress, want }] of cases) {
  test(`runsAlone: ${name} → ${want}`, () => assert.equal(canAssign(inQuestion, inProgress), want));
}
