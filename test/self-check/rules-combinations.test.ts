// The machine check of features/RULES.md "Combinations": every general rule is covered on every
// index, path form, list and enumeration it applies to, unless RULES.md says why not.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadRulesMatrix, ruleTag } from '../../src/target/conformance/rules-matrix.js';
import { PACKAGE_ROOT } from '../../src/target/conformance/run-conformance.js';
import {
  coveredCombinations,
  describeCombination,
  expandCombinations,
  isExcluded,
  parseCombinations,
  readScenarioCoordinates,
  type CombinationRow,
  type ScenarioCoordinates,
} from './rules-combinations.js';

const rules = loadRulesMatrix(PACKAGE_ROOT);
const rows = parseCombinations(readFileSync(join(PACKAGE_ROOT, 'features', 'RULES.md'), 'utf8'));
const scenarios = readScenarioCoordinates(join(PACKAGE_ROOT, 'features'));

/** Which combinations of the row the rule's scenarios cover, and which they miss. */
function checkRow(row: CombinationRow, all: ScenarioCoordinates[]): { covered: Set<string>; missing: string[]; coveredButLeftOut: string[] } {
  const rule = rules.find((r) => r.id === row.rule);
  assert.ok(rule, `RULES.md Combinations names ${row.rule}, which is not a rule of the matrix`);
  const names = row.dimensions.map((d) => d.name);
  const mine = all.filter((s) => s.tags.includes(ruleTag(rule.id)));
  const covered = new Set(mine.flatMap((s) => coveredCombinations(s, names)).map(describeCombination));
  const missing: string[] = [];
  const coveredButLeftOut: string[] = [];
  for (const combo of expandCombinations(row)) {
    const key = describeCombination(combo);
    const leftOut = row.exclusions.some((exclusion) => isExcluded(combo, exclusion));
    if (leftOut && covered.has(key)) coveredButLeftOut.push(key);
    if (!leftOut && !covered.has(key)) missing.push(key);
  }
  return { covered, missing, coveredButLeftOut };
}

describe('RULES.md combinations', () => {
  test('the table names general rules and at least the dimensions of §4.1', () => {
    assert.ok(rows.length >= 20, `only ${rows.length} rows`);
    for (const dimension of ['index', 'path', 'operation', 'list', 'enum']) {
      assert.ok(
        rows.some((row) => row.dimensions.some((d) => d.name === dimension)),
        `no rule is combined over ${dimension}`,
      );
    }
  });

  for (const row of rows) {
    test(`${row.rule}: ${row.dimensions.map((d) => d.name).join(' × ')}`, (t) => {
      const { covered, missing, coveredButLeftOut } = checkRow(row, scenarios);
      t.diagnostic(`covers ${[...covered].sort().join('; ')}`);
      assert.deepEqual(missing, [], `${row.rule}: no scenario covers these combinations, and RULES.md gives no reason to leave them out`);
      assert.deepEqual(coveredButLeftOut, [], `${row.rule}: RULES.md leaves these out, but scenarios cover them`);
    });
  }

  test('the check fails when a scenario of a combination is missing', () => {
    const row = rows.find((r) => r.rule === '4.1-rule-3');
    assert.ok(row);
    const withoutPathForm = scenarios.filter((s) => !s.name.startsWith('Creating network link types under an id'));
    assert.deepEqual(checkRow(row, withoutPathForm).missing, ['network link types × {base}/{id}']);
  });

  test('parseCombinations reads restrictions and exclusions, and refuses unknown dimensions', () => {
    const markdown = [
      '## Combinations',
      '',
      '| General rule | Must cover | Left out |',
      '|---|---|---|',
      '| r | operation(read, delete) × path | delete × {base}: it would empty the index |',
    ].join('\n');
    const [row] = parseCombinations(markdown);
    assert.deepEqual(row?.dimensions, [
      { name: 'operation', values: ['read', 'delete'] },
      { name: 'path', values: ['{base}', '{base}/{id}'] },
    ]);
    assert.deepEqual(row?.exclusions, [{ values: ['delete', '{base}'], reason: 'it would empty the index' }]);
    assert.equal(expandCombinations(row!).filter((c) => !row!.exclusions.some((e) => isExcluded(c, e))).length, 3);
    assert.throws(() => parseCombinations(markdown.replace('path |', 'colour |')), /unknown dimension/);
    assert.throws(() => parseCombinations(markdown.replace(': it would empty the index', '')), /gives no reason/);
  });
});
