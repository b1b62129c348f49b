import type { Baseline, BaselineEntry } from './baseline.js';
import type { ScenarioResult } from './collect-scenario-results.js';
import { causeKey, deviationsOf, type Deviation } from './run-deviations.js';

/**
 * What became of one scenario of a baseline entry in this run: `held` (it deviated as the entry
 * says), `now passing` (it ran and the deviation was not seen: the check passed, or failed another
 * way, which is then a new deviation), `not seen this run` (the same, in a scenario whose outcome
 * depends on timing: a race shows in some runs only, so the entry stays), `not run` (not selected,
 * skipped, blocked, or stopped before the check), `not in the suite` (no scenario has this id).
 */
export type PairOutcome = 'held' | 'now passing' | 'not seen this run' | 'not run' | 'not in the suite';

/**
 * Scenarios whose answers depend on timing: clients sending at the same time (features/concurrency.feature).
 * A target with a race shows it in some runs and not in others, so a deviation seen there once is
 * not "fixed" because a later run did not see it.
 */
export const RACE_TAG = '@concurrency';

const racesIn = (scenario: ScenarioResult) => scenario.tags.includes(RACE_TAG);

export interface EntryComparison {
  entry: BaselineEntry;
  /** Its place in the file (0-based), for the reader. */
  index: number;
  pairs: Array<{ scenario: string; outcome: PairOutcome }>;
}

export interface BaselineComparison {
  entries: EntryComparison[];
  /** Deviations of the run an entry holds, with the entry's reason. */
  held: Array<Deviation & { reason: string }>;
  /** Deviations no entry holds: these fail the run. */
  unheld: Deviation[];
}

/** Whether the scenario showed the entry's check at all this run (passed, or failed another way). */
function outcomeOf(entry: BaselineEntry, scenario: ScenarioResult | undefined, held: boolean): PairOutcome {
  if (!scenario) return 'not in the suite';
  if (held) return 'held';
  if (scenario.status === 'skipped' || scenario.status === 'not-selected') return 'not run';
  const notSeen = racesIn(scenario) ? 'not seen this run' : 'now passing';
  if (entry.blocked) return scenario.status === 'blocked' ? 'not run' : notSeen;
  if (scenario.status === 'blocked') return 'not run';
  if (scenario.checks.some((c) => c.id === entry.check) || scenario.status === 'passed') return notSeen;
  // Failed without recording this check: stopped before it, or it could not be evaluated.
  return 'not run';
}

/** Holds a run's deviations against the baseline: which are held, which are new, and how each entry's scenarios fared. */
export function compareWithBaseline(scenarios: readonly ScenarioResult[], baseline: Baseline): BaselineComparison {
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  const entryOf = new Map(baseline.deviations.map((e) => [causeKey(e), e]));
  const held: BaselineComparison['held'] = [];
  const unheld: Deviation[] = [];
  const heldPairs = new Set<string>();
  for (const deviation of deviationsOf(scenarios)) {
    const entry = entryOf.get(causeKey(deviation));
    if (entry?.scenarios.includes(deviation.scenario)) {
      held.push({ ...deviation, reason: entry.reason });
      heldPairs.add(JSON.stringify([causeKey(entry), deviation.scenario]));
    } else unheld.push(deviation);
  }
  const entries = baseline.deviations.map((entry, index) => ({
    entry,
    index,
    pairs: entry.scenarios.map((scenario) => ({
      scenario,
      outcome: outcomeOf(entry, byId.get(scenario), heldPairs.has(JSON.stringify([causeKey(entry), scenario]))),
    })),
  }));
  return { entries, held, unheld };
}

/** The pairs (entry × scenario) of one outcome, as `<scenario> — <check>` lines. */
export function pairsWith(comparison: BaselineComparison, outcome: PairOutcome): Array<{ scenario: string; entry: BaselineEntry }> {
  return comparison.entries.flatMap(({ entry, pairs }) => pairs.filter((p) => p.outcome === outcome).map((p) => ({ scenario: p.scenario, entry })));
}
