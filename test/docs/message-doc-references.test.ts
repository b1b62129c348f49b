// Every place the kit's code sends a reader in the docs exists: a `docs/….md#anchor` (or a
// `README "Heading"`) in the source — messages, report text, comments — names a file of the
// repository and a heading it has. A message that points at nothing is wrong advice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { documentAnchors, githubSlug } from '../../scripts/docs/links.js';
import { PACKAGE_ROOT } from '../../src/target/conformance/run-conformance.js';

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(PACKAGE_ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(PACKAGE_ROOT, path)).isDirectory()) {
      if (name !== 'generated' && name !== 'node_modules') sourceFiles(path, out);
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

/** The doc references of a text: `docs/x.md#anchor`, `README.md#anchor`, and `README "Heading"`. */
export function findDocReferences(text: string): Array<{ file: string; anchor: string }> {
  const links = [...text.matchAll(/\b((?:docs\/[\w-]+|README)\.md)#([\w-]+)/g)].map((m) => ({ file: m[1]!, anchor: m[2]! }));
  const quoted = [...text.matchAll(/\bREADME "([^"]+)"/g)].map((m) => ({ file: 'README.md', anchor: githubSlug(m[1]!) }));
  return [...links, ...quoted];
}

/** Why a reference does not resolve, or undefined. */
function checkReference(ref: { file: string; anchor: string }): string | undefined {
  const path = join(PACKAGE_ROOT, ref.file);
  if (!existsSync(path)) return `${ref.file}: no such file`;
  return documentAnchors(readFileSync(path, 'utf8')).has(ref.anchor) ? undefined : `${ref.file} has no heading #${ref.anchor}`;
}

test('the reference finder sees links and quoted README headings, and a missing heading is reported', () => {
  assert.deepEqual(findDocReferences('see docs/conformance.md#run-it and (README "Response coverage")'), [
    { file: 'docs/conformance.md', anchor: 'run-it' },
    { file: 'README.md', anchor: 'response-coverage' },
  ]);
  assert.equal(checkReference({ file: 'docs/conformance.md', anchor: 'run-it' }), undefined);
  assert.match(checkReference({ file: 'docs/conformance.md', anchor: 'no-such-heading' }) ?? '', /has no heading/);
  assert.match(checkReference({ file: 'docs/nothing.md', anchor: 'x' }) ?? '', /no such file/);
});

test('every doc reference in the source (src/, steps/) resolves to a heading that exists', () => {
  const problems: string[] = [];
  let seen = 0;
  for (const file of [...sourceFiles('src'), ...sourceFiles('steps')]) {
    for (const ref of findDocReferences(readFileSync(join(PACKAGE_ROOT, file), 'utf8'))) {
      seen++;
      const problem = checkReference(ref);
      if (problem) problems.push(`${file}: ${problem}`);
    }
  }
  assert.ok(seen > 0, 'the source holds doc references (the coverage message has one)');
  assert.deepEqual(problems, []);
});
