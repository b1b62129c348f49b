import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfiguration, loadSources } from '@cucumber/cucumber/api';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  coveringNames,
  loadRulesMatrix,
  matchesScenarioName,
  parseRulesMatrix,
  renderRulesMatrix,
  ruleIdsOf,
  ruleTag,
  RULES_TABLE_END,
  RULES_TABLE_START,
} from './rules-matrix.js';
import { readFeatureScenarios } from './read-feature-scenarios.js';
import { PACKAGE_ROOT } from './run-conformance.js';

/** Every scenario of features/ as cucumber plans it, outlines expanded (the extended profile selects them all). */
async function scenarioPlan() {
  const environment = { cwd: PACKAGE_ROOT };
  const { runConfiguration } = await loadConfiguration({ file: 'cucumber.js', profiles: ['conformanceExtended'] }, environment);
  const { plan, errors } = await loadSources(runConfiguration.sources, environment);
  assert.deepEqual(errors, [], 'the features parse');
  return plan;
}

const rules = loadRulesMatrix(PACKAGE_ROOT);
const tagged = readFeatureScenarios(join(PACKAGE_ROOT, 'features'));

test('RULES.md: "not tested" is reserved for what the description does not show', () => {
  for (const rule of rules.filter((r) => r.notTested)) {
    assert.match(rule.notTested!, /not shown/, `rule ${rule.id}: only rules the description does not show may go untested`);
  }
});

test('RULES.md: rule ids are unique and every section of the description is present', () => {
  const ids = rules.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length, 'duplicate rule id');
  for (const section of ['1', '2', '2.1', '2.2', '2.3', '3', '4.1', '4.2', '5', '6', '7', '8', '9']) {
    assert.ok(
      ids.some((id) => id.startsWith(`${section}-`)),
      `no rule of section ${section}`,
    );
  }
  for (const n of [1, 2, 3, 4]) assert.ok(ids.includes(`2-rule-${n}`), `§2 rule ${n} missing`);
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) assert.ok(ids.includes(`4.1-rule-${n}`), `§4.1 rule ${n} missing`);
});

test('every @rule. tag names a row of RULES.md', () => {
  const ids = new Set(rules.map((rule) => rule.id));
  const unknown = [...new Set(tagged.flatMap((s) => ruleIdsOf(s.tags)))].filter((id) => !ids.has(id));
  assert.deepEqual(unknown, [], 'a @rule.<id> tag whose id no row of features/RULES.md has');
});

test('every rule is carried by a scenario or says why it is not tested, and never both', () => {
  for (const rule of rules) {
    const carried = tagged.some((s) => s.tags.includes(ruleTag(rule.id)));
    assert.ok(carried || rule.notTested, `no scenario carries ${ruleTag(rule.id)} and the row gives no "not tested — reason"`);
    assert.ok(!(carried && rule.notTested), `rule ${rule.id} is carried by a scenario and says not tested`);
  }
});

test('every scenario carries the tag of at least one rule', () => {
  const uncovered = tagged.filter((s) => ruleIdsOf(s.tags).length === 0).map((s) => `${s.templateKey}: ${s.name}`);
  assert.deepEqual(uncovered, []);
});

test('the features read here are the scenarios cucumber runs', async () => {
  const plan = await scenarioPlan();
  const byName = (a: string, b: string) => a.localeCompare(b);
  assert.deepEqual(tagged.map((s) => s.name).sort(byName), plan.map((pickle) => pickle.name).sort(byName));
});

test('the "Covered by" column is what the tags give (npm run generate writes it)', () => {
  const markdown = readFileSync(join(PACKAGE_ROOT, 'features', 'RULES.md'), 'utf8');
  assert.equal(renderRulesMatrix(markdown, tagged), markdown);
});

test('coveringNames names an outline once, with its share of rows when not all carry the tag', () => {
  const row = (name: string, templateKey: string, template: string, tags: string[]) => ({ name, template, templateKey, tags });
  const scenarios = [
    row('Read events by id', 'a:1', 'Read <index> by id', ['@rule.r']),
    row('Read agents by id', 'a:1', 'Read <index> by id', ['@rule.r']),
    row('Delete events', 'a:9', 'Delete <index>', ['@rule.r']),
    row('Delete agents', 'a:9', 'Delete <index>', []),
    row('One', 'b:3', 'One', ['@rule.s']),
  ];
  assert.deepEqual(coveringNames('r', scenarios), ['`Read <index> by id`', '`Delete <index>` (1 of its 2 rows)']);
  assert.deepEqual(coveringNames('s', scenarios), ['`One`']);
  assert.deepEqual(ruleIdsOf(['@events', '@rule.4.1-rule-3', '@rule.ext-q-parameter']), ['4.1-rule-3', 'ext-q-parameter']);
});

test('renderRulesMatrix writes only the "Covered by" column between its markers, and names a missing tag', () => {
  const markdown = [
    'Prose | with a bar.',
    RULES_TABLE_START,
    '| Rule | Section | What the description says | Covered by |',
    '|---|---|---|---|',
    '| a | §1 | kept as written | `stale name` |',
    '| b | §2 | untagged | |',
    '| c | §8 | not shown | not tested — not shown by the description |',
    RULES_TABLE_END,
  ].join('\n');
  const scenarios = [{ name: 'One', template: 'One', templateKey: 'f:1', tags: ['@rule.a'] }];
  const rendered = renderRulesMatrix(markdown, scenarios).split('\n');
  assert.deepEqual(rendered.slice(4, 7), [
    '| a | §1 | kept as written | `One` |',
    '| b | §2 | untagged | not tested — no scenario carries @rule.b |',
    '| c | §8 | not shown | not tested — not shown by the description |',
  ]);
  assert.equal(rendered[0], 'Prose | with a bar.');
  assert.throws(() => renderRulesMatrix('no markers', scenarios), /must sit between/);
});

test('parseRulesMatrix reads names, patterns and reasons; matchesScenarioName expands <…>', () => {
  const rows = parseRulesMatrix(
    [
      '| Rule | Section | What | Covered by |',
      '|---|---|---|---|',
      '| a | §1 | x | `One`, `Read <index> by id` |',
      '| b | §8 | y | not tested — not shown |',
    ].join('\n'),
  );
  assert.deepEqual(rows, [
    { id: 'a', seed: '§1', text: 'x', scenarios: ['One', 'Read <index> by id'] },
    { id: 'b', seed: '§8', text: 'y', scenarios: [], notTested: 'not shown' },
  ]);
  assert.ok(matchesScenarioName('Read <index> by id', 'Read agents by id'));
  assert.ok(!matchesScenarioName('Read <index> by id', 'Read agents by name'));
  assert.ok(!matchesScenarioName('One', 'One more'));
});
