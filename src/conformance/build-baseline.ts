import { TODO_REASON, type Baseline, type BaselineEntry } from './baseline.js';
import type { ScenarioResult } from './collect-scenario-results.js';
import { causeKey, deviationsOf } from './run-deviations.js';

/**
 * The baseline a run needs (`--write-baseline`): one entry per cause the run saw (check and
 * observed, or blocking cause), listing its scenarios, and nothing it did not see. A cause an
 * earlier baseline (`--baseline`) had keeps its reason; a new one starts as TODO, to be replaced by
 * the real why. Entries come in a fixed order (failed checks by check id, then blocked causes), so
 * the same run writes the same file.
 */
export function buildBaseline(scenarios: readonly ScenarioResult[], previous?: Baseline): Baseline {
  const reasons = new Map(previous?.deviations.map((e) => [causeKey(e), e.reason]));
  const causes = new Map<string, BaselineEntry>();
  for (const d of deviationsOf(scenarios)) {
    const key = causeKey(d);
    const entry = causes.get(key);
    if (entry) {
      if (!entry.scenarios.includes(d.scenario)) entry.scenarios.push(d.scenario);
      continue;
    }
    causes.set(key, {
      check: d.check,
      ...(d.blocked ? { blocked: true as const } : {}),
      expected: d.expected,
      observed: d.observed,
      reason: reasons.get(key) ?? TODO_REASON,
      scenarios: [d.scenario],
    });
  }
  const order = (e: BaselineEntry) => `${e.blocked ? 1 : 0} ${e.check} ${e.observed}`;
  const deviations = [...causes.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  for (const entry of deviations) entry.scenarios.sort();
  return { deviations };
}
