// The docs checks of `npm test`: every relative link lands, every figure marked in the docs is the
// suite's own count, and every command block is run by a test or says why it is illustrative.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listDocFiles } from '../../scripts/docs/doc-files.js';
import { brokenLinks, githubSlug } from '../../scripts/docs/links.js';
import { readMarkedFigures, writeMarkedFigures } from '../../scripts/docs/figure-markers.js';
import { countSuiteFigures } from '../../scripts/docs/suite-figures.js';
import { examplesNamedByTests, unaccountedCommandBlocks } from '../../scripts/docs/command-blocks.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const docs = listDocFiles(ROOT);
/** Built from parts, so that this file does not count as a test naming the marker. */
const marker = (kind: string, value: string): string => `<!-- ${kind}: ${value} -->`;

describe('docs of this repository', () => {
  test('the checked files are the README, CONTRIBUTING, CHANGELOG, RULES.md and every page under docs/', () => {
    for (const file of ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'features/RULES.md', 'docs/conformance.md', 'docs/mutation/README.md']) {
      assert.ok(docs.includes(file), `${file} is checked`);
    }
  });

  test('every relative link names a file that exists, and an anchor its headings have', () => {
    assert.deepEqual(
      docs.flatMap((file) => brokenLinks(ROOT, file)),
      [],
    );
  });

  test('every figure marked in the docs is what the features and RULES.md have (npm run docs:figures writes them)', () => {
    const figures: Record<string, number> = countSuiteFigures(ROOT);
    const marked = docs.flatMap((file) => readMarkedFigures(readFileSync(join(ROOT, file), 'utf8')).map((f) => ({ file, ...f })));
    assert.ok(marked.some((f) => f.name === 'scenarios') && marked.some((f) => f.name === 'core-scenarios'), 'the docs mark the scenario counts');
    const wrong = marked
      .filter((f) => f.written !== String(figures[f.name]))
      .map((f) => `${f.file}:${f.line}: ${f.name} is ${f.written}, the suite has ${figures[f.name]}`);
    assert.deepEqual(wrong, [], 'run npm run docs:figures');
  });

  test('every command block is run by a test or marked illustrative with the reason', () => {
    const run = examplesNamedByTests(ROOT);
    const problems = docs.flatMap((file) => unaccountedCommandBlocks(file, readFileSync(join(ROOT, file), 'utf8'), run));
    assert.deepEqual(problems, []);
  });
});

describe('the checks fail where they should', () => {
  test('GitHub anchors: lower case, punctuation dropped, one hyphen per space', () => {
    assert.equal(githubSlug('4.1 Common pattern'), '41-common-pattern');
    assert.equal(githubSlug('Conformance suite (`npx mgmt-kit conformance`)'), 'conformance-suite-npx-mgmt-kit-conformance');
    assert.equal(githubSlug('Recipes (`examples/ci/`)'), 'recipes-examplesci');
    assert.equal(githubSlug('State that survives a restart (`--data`)'), 'state-that-survives-a-restart---data');
  });

  test('a link to a missing file, or to an anchor no heading has, is reported; a good one and code are not', () => {
    const root = mkdtempSync(join(tmpdir(), 'docs-links-'));
    try {
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'docs', 'a.md'), '# Page A\n\n## Run it\n\n## Run it\n');
      writeFileSync(
        join(root, 'README.md'),
        [
          '[ok](docs/a.md#run-it) [ok too](docs/a.md#run-it-1) [self](#top) [web](https://example.net/x.md)',
          '',
          '# Top',
          '',
          '[gone](docs/b.md) [bad anchor](docs/a.md#run) `[in code](docs/c.md)`',
          '```',
          '[in a block](docs/d.md)',
          '```',
        ].join('\n'),
      );
      assert.deepEqual(brokenLinks(root, 'README.md'), [
        'README.md:5 → docs/b.md: no such file',
        'README.md:5 → docs/a.md#run: docs/a.md has no heading with that anchor',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('a figure that differs is read as written, and writing puts the count in; an unknown name is an error', () => {
    const text = 'The suite has <!-- figures:scenarios -->12<!-- /figures --> scenarios.';
    assert.deepEqual(
      readMarkedFigures(text).map((f) => [f.name, f.written]),
      [['scenarios', '12']],
    );
    assert.match(writeMarkedFigures(text, { scenarios: 454 }), /-->454<!-- \/figures -->/);
    assert.throws(() => writeMarkedFigures(text, { rules: 1 }), /no figure named scenarios/);
  });

  test('a command block without a marker, or naming an example no test runs, is reported; output blocks are not', () => {
    const text = [
      '```sh',
      'npm start',
      '```',
      '',
      marker('illustrative', 'needs a deployment'),
      '```sh',
      'npx mgmt-kit conformance --base-url https://x',
      '```',
      '',
      marker('example', 'known'),
      '```ts',
      'run();',
      '```',
      '',
      marker('example', 'unknown'),
      '',
      '```ts',
      'run();',
      '```',
      '',
      '```',
      'output',
      '```',
      '```json',
      '{}',
      '```',
    ].join('\n');
    assert.deepEqual(unaccountedCommandBlocks('p.md', text, new Set(['known'])), [
      'p.md:1 (```sh): no <!-- example: NAME --> or <!-- illustrative: REASON --> before it',
      'p.md:17 (```ts): example "unknown" is run by no test (no *.test.ts names its marker)',
    ]);
  });
});
