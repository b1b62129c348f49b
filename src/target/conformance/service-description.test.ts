// The repository stands alone: every `§…` citation resolves in docs/management-service.md, its
// section anchors stay what links already use, and nothing that ships points outside the repo.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './run-conformance.js';
import { checkCitation, findCitations, headingAnchor, loadServiceSections, parseServiceSections } from './service-description.js';

const sections = loadServiceSections(PACKAGE_ROOT);

test('the service description keeps its sections and their anchors (links depend on them)', () => {
  const anchors = Object.fromEntries([...sections.values()].map((s) => [s.number, s.anchor]));
  assert.deepEqual(anchors, {
    '1': '1-what-the-service-does',
    '2': '2-resources-and-their-fields',
    '2.1': '21-event',
    '2.2': '22-network-link-type',
    '2.3': '23-agent-catalog-entry-agent',
    '3': '3-states-and-transitions',
    '4': '4-endpoints',
    '4.1': '41-common-pattern',
    '4.2': '42-status-codes-per-operation',
    '5': '5-authentication',
    '6': '6-events',
    '7': '7-errors',
    '8': '8-limits',
    '9': '9-versioning',
  });
  assert.equal(sections.get('2')?.rules, 4);
  assert.equal(sections.get('4.1')?.rules, 8);
});

test('every in-page link of the service description points at one of its headings', () => {
  const text = readFileSync(join(PACKAGE_ROOT, 'docs/management-service.md'), 'utf8');
  const known = new Set([...sections.values()].map((s) => s.anchor));
  const links = [...text.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
  assert.ok(links.length >= 14);
  assert.deepEqual(
    links.filter((anchor) => !known.has(anchor)),
    [],
  );
});

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files'], { cwd: PACKAGE_ROOT, encoding: 'utf8' });
  // This file cites broken sections on purpose (the table tests below).
  const self = 'src/target/conformance/service-description.test.ts';
  return out.split('\n').filter((f) => /\.(ts|mjs|js|md|ya?ml|feature|json)$/.test(f) && f !== 'package-lock.json' && f !== self);
}

test('every § citation in the repository resolves to a section and rule of the description', () => {
  const broken = trackedTextFiles().flatMap((file) => {
    const text = readFileSync(join(PACKAGE_ROOT, file), 'utf8');
    return findCitations(text)
      .map((c) => checkCitation(c, sections))
      .filter((problem) => problem !== undefined)
      .map((problem) => `${file}: ${problem}`);
  });
  assert.deepEqual(broken, []);
});

// features/RULES.md and the .feature files are repointed in a separate change; they stay listed
// here until then, and the check below fails once one no longer needs the exception.
const NOT_YET_REPOINTED: string[] = [];

test('nothing in the repository points at a description outside it (../shared/…)', () => {
  const outside = trackedTextFiles().filter((file) => /(\.\.\/)?shared\/seed/.test(readFileSync(join(PACKAGE_ROOT, file), 'utf8')));
  assert.deepEqual(
    outside.filter((f) => !NOT_YET_REPOINTED.includes(f)),
    [],
  );
  assert.deepEqual(
    NOT_YET_REPOINTED.filter((f) => !outside.includes(f)),
    [],
    'remove repointed files from NOT_YET_REPOINTED',
  );
});

const parseCases: Array<[string, { markdown: string; want: Record<string, [string, number]> }]> = [
  [
    'numbered headings with and without a dot',
    { markdown: '## 1. Scope\n1. a\n2. b\n### 1.2 Sub part (x)\n1. c', want: { '1': ['1-scope', 2], '1.2': ['12-sub-part-x', 1] } },
  ],
  ['unnumbered headings end a section', { markdown: '## 2. Two\n#### Table\n1. not a rule of §2', want: { '2': ['2-two', 0] } }],
];

for (const [name, { markdown, want }] of parseCases) {
  test(`parseServiceSections: ${name}`, () => {
    const got = Object.fromEntries([...parseServiceSections(markdown).values()].map((s) => [s.number, [s.anchor, s.rules]]));
    assert.deepEqual(got, want);
  });
}

test('findCitations and checkCitation: rules, ranges, unknown sections', () => {
  const found = findCitations('see §4.1 rule 3, §2 rules 1–4, §4.1 rules 5-9 and §10');
  assert.deepEqual(
    found.map((c) => [c.section, c.rules]),
    [
      ['4.1', [3]],
      ['2', [1, 2, 3, 4]],
      ['4.1', [5, 6, 7, 8, 9]],
      ['10', []],
    ],
  );
  assert.deepEqual(
    found.map((c) => checkCitation(c, sections)),
    [undefined, undefined, '§4.1 rules 5-9: section 4.1 has 8 numbered rules', '§10: no section 10'],
  );
  assert.equal(headingAnchor('2.3 Agent catalog entry (agent)'), '23-agent-catalog-entry-agent');
});
