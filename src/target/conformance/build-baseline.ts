import { TODO_REASON, type Baseline, type BaselineEntry } from './baseline.js';
import type { ScenarioResult } from './collect-scenario-results.js';
import { compareWithBaseline } from './compare-with-baseline.js';
import { causeKey, deviationsOf } from './run-deviations.js';

/**
 * The baseline a run needs (`--write-baseline`): one entry per cause the run saw (check and
 * observed, or blocking cause), listing its scenarios. A cause an earlier baseline (`--baseline`)
 * had keeps its reason; a new one starts as TODO, to be replaced by the real why. Of the earlier
 * baseline's scenarios, those this run could not judge (not selected by `--tags`, skipped, blocked
 * or stopped before the check) and those whose race it did not happen to see (`not seen this run`)
 * are kept: a narrowed run or a lucky one does not drop what it did not look at. Only a deviation
 * the run judged and no longer saw leaves the file. Entries come in a fixed order (failed checks
 * by check id, then blocked causes), so the same run writes the same file.
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
  if (previous) {
    for (const { entry, pairs } of compareWithBaseline(scenarios, previous).entries) {
      const kept = pairs.filter((p) => p.outcome === 'not run' || p.outcome === 'not seen this run').map((p) => p.scenario);
      if (kept.length === 0) continue;
      const key = causeKey(entry);
      const into = causes.get(key) ?? { ...entry, scenarios: [] };
      causes.set(key, into);
      for (const scenario of kept) if (!into.scenarios.includes(scenario)) into.scenarios.push(scenario);
    }
  }
  const order = (e: BaselineEntry) => `${e.blocked ? 1 : 0} ${e.check} ${e.observed}`;
  const deviations = [...causes.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  for (const entry of deviations) entry.scenarios.sort();
  return { deviations };
}
