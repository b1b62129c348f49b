// Test helper (not a test): what a conformance run must leave unchanged and must reproduce.
import type { ScenarioResult } from '../../src/target/conformance/collect-scenario-results.js';
import { INDEX_NAMES, type Store } from '../../src/server/index.js';

/** Every record of every index, sorted by id, as text: equal before and after a run that left nothing behind. */
export function storeFingerprint(store: Store): string {
  const indices = INDEX_NAMES.map((name) => [name, store[name].list().sort((a, b) => a.id.localeCompare(b.id))]);
  return JSON.stringify(indices);
}

/** Ids in the store that carry a run's prefix (records the run created and did not remove). */
export function leftoverIds(store: Store, runPrefix: string): string[] {
  return INDEX_NAMES.flatMap((name) =>
    store[name]
      .list()
      .map((r) => r.id)
      .filter((id) => id.startsWith(runPrefix))
      .map((id) => `${name} ${id}`),
  );
}

/** The outcome of every scenario as sorted `uri | name | status` lines: two runs with equal results give equal lists. */
export function scenarioOutcomes(results: readonly ScenarioResult[]): string[] {
  return results.map((r) => `${r.uri} | ${r.name} | ${r.status}`).sort();
}
