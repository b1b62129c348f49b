// The figures the docs quote about the conformance suite, counted from the suite itself: the
// scenarios from the feature files (a Scenario Outline counts once per Examples row, as cucumber
// runs it) and the rules from the table of features/RULES.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFeatureScenarios } from '../../src/target/conformance/read-feature-scenarios.js';
import { parseRulesMatrix } from '../../src/target/conformance/rules-matrix.js';

/**
 * Counts scenarios and rules of the suite under `root` (features/*.feature, features/RULES.md):
 * figure name, as written in `<!-- figures:NAME -->` markers, → its value.
 */
export function countSuiteFigures(root: string) {
  const scenarios = readFeatureScenarios(join(root, 'features')).map((scenario) => scenario.tags);
  const core = scenarios.filter((tags) => !tags.includes('@extension'));
  const rules = parseRulesMatrix(readFileSync(join(root, 'features', 'RULES.md'), 'utf8'));
  const extensionRules = rules.filter((rule) => rule.id.startsWith('ext-')).length;
  return {
    scenarios: scenarios.length,
    'core-scenarios': core.length,
    'extension-scenarios': scenarios.length - core.length,
    'destructive-scenarios': core.filter((tags) => tags.includes('@destructive')).length,
    'jwt-secret-scenarios': core.filter((tags) => tags.includes('@needs-jwt-secret')).length,
    rules: rules.length,
    'description-rules': rules.length - extensionRules,
    'extension-rules': extensionRules,
  };
}
