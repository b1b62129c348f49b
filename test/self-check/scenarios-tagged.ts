import { parse } from '@cucumber/tag-expressions';
import { readFeatureScenarios, type FeatureScenario } from '../../src/target/conformance/read-feature-scenarios.js';

const FEATURES = new URL('../../features/', import.meta.url).pathname;

let scenarios: readonly FeatureScenario[] | undefined;

/**
 * The names of the scenarios of features/ that a cucumber tag expression selects (`--tags`
 * grammar), in feature order, each name once: what a broken variant declaring the rule it
 * breaks (`@rule.<id>`) or the class of check it defeats (`@check.<class>`) must fail. Throws
 * when the expression selects nothing: a renamed tag must not empty an expectation.
 */
export function scenariosTagged(expression: string): string[] {
  scenarios ??= readFeatureScenarios(FEATURES);
  const selects = parse(expression);
  const names = [...new Set(scenarios.filter((s) => selects.evaluate([...s.tags])).map((s) => s.name))];
  if (names.length === 0) throw new Error(`no scenario of features/ matches the tag expression ${expression}`);
  return names;
}
