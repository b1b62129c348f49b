// The table of `Prefer: code=…, example=…` values in docs/prism.md is the spec's, not a copy that drifts
// (mock.test.ts sends each value to Prism and checks the answer).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { listPrismExamples, renderPrismExamplesTable } from './list-prism-examples.js';

const PRISM_PAGE = new URL('../../../docs/prism.md', import.meta.url);

test('docs/prism.md lists every named example of every operation, as the spec has them', () => {
  const page = readFileSync(PRISM_PAGE, 'utf8');
  const block = /<!-- prism-examples:start -->\n([\s\S]*?)\n<!-- prism-examples:end -->/.exec(page)?.[1];
  const want = renderPrismExamplesTable();
  assert.equal(block, want, `replace the docs/prism.md block between the prism-examples markers with:\n${want}\n`);
});

test('every operation with named examples is listed once, and each value names its status code', () => {
  const groups = listPrismExamples();
  const ids = groups.flatMap((g) => g.operationIds);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.includes('createEvent') && ids.includes('readNetworkLinkTypes'));
  for (const value of groups.flatMap((g) => g.prefer)) assert.match(value, /^code=\d{3}, example=\w+$/);
});
