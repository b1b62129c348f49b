import assert from 'node:assert/strict';
import { test } from 'node:test';
import { candidateProducts, findMisnamedTests, readBehaviourTable } from './check-test-names.js';

// A fake tree: the product files that exist, and the test files around them.
const PRODUCTS = new Set(['src/a/run-coordinator.ts', 'src/a/fault.ts', 'scripts/report.mjs', 'src/b/create-client.ts']);
const exists = (path: string) => PRODUCTS.has(path);

test('candidateProducts: every dotted prefix of the name, with each product extension, beside the test', () => {
  assert.deepEqual(candidateProducts('src/a/x.y.test.ts'), [
    'src/a/x.y.ts',
    'src/a/x.y.tsx',
    'src/a/x.y.mjs',
    'src/a/x.y.js',
    'src/a/x.ts',
    'src/a/x.tsx',
    'src/a/x.mjs',
    'src/a/x.js',
  ]);
});

test('findMisnamedTests: product file or product.aspect beside it passes; a missing product fails, naming the file', () => {
  const cases: Array<{ file: string; named: boolean }> = [
    { file: 'src/a/run-coordinator.test.ts', named: true },
    { file: 'src/a/run-coordinator.request-pacer.test.ts', named: true },
    { file: 'scripts/report.test.ts', named: true },
    { file: 'src/b/create-client.node-http.test.ts', named: true },
    { file: 'src/a/request-pacer.test.ts', named: false },
    { file: 'src/a/read-fault-headers.test.ts', named: false },
    { file: 'src/b/run-coordinator.test.ts', named: false },
    { file: 'src/a/fault-extra.test.ts', named: false },
  ];
  for (const { file, named } of cases) {
    const problems = findMisnamedTests([file], exists, []);
    assert.equal(problems.length === 0, named, `${file}: ${JSON.stringify(problems)}`);
    if (!named) assert.match(problems[0]?.problem ?? '', /names no product file beside it/);
  }
});

test('findMisnamedTests: a registered behaviour passes; a row whose test file is gone fails', () => {
  const tests = ['test/hostile/slow-clients.test.ts', 'src/a/fault.test.ts'];
  assert.deepEqual(findMisnamedTests(tests, exists, ['test/hostile/slow-clients.test.ts']), []);
  assert.deepEqual(
    findMisnamedTests(tests, exists, ['test/hostile/slow-clients.test.ts', 'test/gone/old.test.ts']).map((p) => p.file),
    ['test/gone/old.test.ts'],
  );
  assert.deepEqual(
    findMisnamedTests(tests, exists, []).map((p) => p.file),
    ['test/hostile/slow-clients.test.ts'],
  );
});

test('readBehaviourTable: the backquoted test file of each row, nothing from the header or prose', () => {
  const table = [
    'Intro mentions `x.test.ts`.',
    '',
    '| Test file | Behaviour |',
    '| --- | --- |',
    '| `test/a/b.test.ts` | one `c.test.ts` |',
    '| `src/d.test.ts` | two |',
  ].join('\n');
  assert.deepEqual(readBehaviourTable(table), ['test/a/b.test.ts', 'src/d.test.ts']);
});
