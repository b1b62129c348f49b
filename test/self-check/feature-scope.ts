import { readFeatureScenarios } from '../../src/target/conformance/read-feature-scenarios.js';

const FEATURES = new URL('../../features/', import.meta.url).pathname;

/**
 * `npm test` runs each broken variant on the features that hold its expected failures only;
 * `SELF_CHECK_SCOPE=all` (`npm run test:self-check-all`, run by `.ci/run`) runs it on every
 * scenario, which also proves it fails nothing in the other features. 67 broken variants and
 * 42 broken switches times the whole suite take about 8 minutes of CPU, most of `npm test`.
 * The same switch runs the exit-code tests on every feature and fuzzes each faithful profile
 * with both seeds (faithful-profiles.test.ts), where `npm test` takes one.
 */
export const RUN_EVERY_FEATURE = process.env['SELF_CHECK_SCOPE'] === 'all';

/** Each feature's own tag: the last tag above `Feature:` (every feature has one, and only that feature carries it there). */
export interface FeatureOfScenario {
  /** Scenario (pickle) name, outlines expanded, as the results name it → the own tags of the features holding it. */
  tagsByScenario: Map<string, Set<string>>;
  featureTags: string[];
}

let read: FeatureOfScenario | undefined;

/** Reads every feature of features/ (once per process). */
export function readFeatureOfScenario(dir = FEATURES): FeatureOfScenario {
  if (read && dir === FEATURES) return read;
  const tagsByScenario = new Map<string, Set<string>>();
  const ownTags = new Map<string, string>();
  for (const { file, featureTag: own, name } of readFeatureScenarios(dir)) {
    if (!own) throw new Error(`features/${file} has no tag above Feature: the self-check selects a feature by its own tag`);
    ownTags.set(file, own);
    tagsByScenario.set(name, (tagsByScenario.get(name) ?? new Set<string>()).add(own));
  }
  const featureTags = [...ownTags.values()];
  const result = { tagsByScenario, featureTags };
  if (dir === FEATURES) read = result;
  return result;
}

/**
 * The tag expression selecting the features that hold the `expected` failures, and-ed with
 * `tags`; `tags` alone when every feature is run (RUN_EVERY_FEATURE) or nothing is expected to
 * fail. Throws on an expected scenario no feature holds: a renamed scenario must not shrink the scope.
 */
export function scopeToExpectedFeatures(expected: readonly string[], tags: string | undefined): string | undefined {
  if (RUN_EVERY_FEATURE || expected.length === 0) return tags;
  const { tagsByScenario } = readFeatureOfScenario();
  const own = new Set<string>();
  for (const name of expected) {
    const found = tagsByScenario.get(name);
    if (!found) throw new Error(`expected failure "${name}" is no scenario of features/`);
    for (const tag of found) own.add(tag);
  }
  const features = [...own].sort().join(' or ');
  return tags ? `(${tags}) and (${features})` : `(${features})`;
}
