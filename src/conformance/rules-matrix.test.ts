import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfiguration, loadSources } from '@cucumber/cucumber/api';
import { loadRulesMatrix, matchesScenarioName, parseRulesMatrix } from './rules-matrix.js';
import { PACKAGE_ROOT } from './run-conformance.js';

/** Every scenario name of features/, outlines expanded (the extended profile selects them all). */
async function scenarioNames(): Promise<string[]> {
  const environment = { cwd: PACKAGE_ROOT };
  const { runConfiguration } = await loadConfiguration({ file: 'cucumber.js', profiles: ['conformanceExtended'] }, environment);
  const { plan, errors } = await loadSources(runConfiguration.sources, environment);
  assert.deepEqual(errors, [], 'the features parse');
  return plan.map((pickle) => pickle.name);
}

const rules = loadRulesMatrix(PACKAGE_ROOT);

test('RULES.md: every rule names a scenario or says why it is not tested', () => {
  for (const rule of rules) {
    assert.ok(rule.scenarios.length > 0 || rule.notTested, `rule ${rule.id} has no scenario and no "not tested — reason"`);
    assert.ok(!(rule.scenarios.length > 0 && rule.notTested), `rule ${rule.id} both names scenarios and says not tested`);
  }
});

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

test('RULES.md: every named scenario exists in features/', async () => {
  const names = await scenarioNames();
  const missing = rules.flatMap((rule) =>
    rule.scenarios.filter((pattern) => !names.some((name) => matchesScenarioName(pattern, name))).map((p) => `${rule.id}: ${p}`),
  );
  assert.deepEqual(missing, []);
});

test('RULES.md: every scenario covers at least one rule', async () => {
  const names = await scenarioNames();
  const patterns = rules.flatMap((rule) => rule.scenarios);
  const uncovered = names.filter((name) => !patterns.some((pattern) => matchesScenarioName(pattern, name)));
  assert.deepEqual(uncovered, []);
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
