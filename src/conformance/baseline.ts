import type { ScenarioResult } from './collect-scenario-results.js';
import { stableFailureLine } from '../run/stable-failure-line.js';
import { parseJsonText } from '../spec/parse-json-text.js';

/** One known deviation: a scenario expected to fail against a deployment, and why that is accepted. */
export interface BaselineEntry {
  /** The scenario name, as in the reports (scenario names are unique across the features). */
  scenario: string;
  /** Where it is, for the reader; matching uses the name. */
  feature?: string;
  reason: string;
}

/** The file `--baseline` reads and `--write-baseline` writes. */
export interface Baseline {
  expectedFailures: BaselineEntry[];
}

/** What became of one baseline entry in a run. */
export type BaselineEntryOutcome = 'still failing' | 'now passing' | 'not run' | 'not in the suite';

export interface BaselineComparison {
  entries: Array<BaselineEntry & { outcome: BaselineEntryOutcome; error?: string }>;
  /** Failed scenarios the baseline does not list: these fail the run. */
  newFailures: string[];
}

const ABOUT =
  'Scenarios of `mgmt-kit conformance` expected to fail against this deployment, each with the reason it is accepted. ' +
  'Runs with --baseline exit 0 while exactly these fail; remove an entry once its scenario passes.';

/** Reads a baseline file's text; every entry needs a scenario name and a reason. */
export function parseBaseline(text: string): { ok: true; baseline: Baseline } | { ok: false; error: string } {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return parsed;
  const data = parsed.data;
  const list = (data as { expectedFailures?: unknown } | null)?.expectedFailures;
  if (typeof data !== 'object' || data === null || !Array.isArray(list)) {
    return { ok: false, error: 'expected an object with an "expectedFailures" list' };
  }
  const entries: BaselineEntry[] = [];
  for (const [i, item] of list.entries()) {
    const { scenario, feature, reason } = (item ?? {}) as Record<string, unknown>;
    if (typeof scenario !== 'string' || scenario.trim() === '') return { ok: false, error: `expectedFailures[${i}]: "scenario" must name a scenario` };
    if (typeof reason !== 'string' || reason.trim() === '')
      return { ok: false, error: `expectedFailures[${i}] (${scenario}): "reason" must say why the failure is accepted` };
    if (entries.some((e) => e.scenario === scenario)) return { ok: false, error: `expectedFailures[${i}]: "${scenario}" is listed twice` };
    entries.push({ scenario, ...(typeof feature === 'string' ? { feature } : {}), reason });
  }
  return { ok: true, baseline: { expectedFailures: entries } };
}

/** Holds a run's scenarios against the baseline: which entries still fail, which now pass, what is new. */
export function compareWithBaseline(scenarios: ScenarioResult[], baseline: Baseline): BaselineComparison {
  const byName = new Map(scenarios.map((s) => [s.name, s]));
  const listed = new Set(baseline.expectedFailures.map((e) => e.scenario));
  const entries = baseline.expectedFailures.map((entry) => {
    const scenario = byName.get(entry.scenario);
    const outcome: BaselineEntryOutcome = !scenario
      ? 'not in the suite'
      : scenario.status === 'failed'
        ? 'still failing'
        : scenario.status === 'passed'
          ? 'now passing'
          : 'not run';
    return { ...entry, outcome, ...(scenario?.status === 'failed' && scenario.error ? { error: scenario.error } : {}) };
  });
  const newFailures = scenarios.filter((s) => s.status === 'failed' && !listed.has(s.name)).map((s) => s.name);
  return { entries, newFailures };
}

/** What a reason of `--write-baseline` starts as; {@link findTodoReasons} looks for it. */
const TODO_REASON = 'TODO: say why this is accepted.';

/**
 * The baseline a run would need: every failed scenario, keeping the reason an earlier baseline
 * gave; a new entry's reason starts as the failure's first line (run ids left out), to be
 * replaced by the real why.
 */
export function buildBaseline(scenarios: ScenarioResult[], previous?: Baseline): Baseline {
  const reasons = new Map(previous?.expectedFailures.map((e) => [e.scenario, e.reason]));
  return {
    expectedFailures: scenarios
      .filter((s) => s.status === 'failed')
      .map((s) => ({
        scenario: s.name,
        feature: s.uri,
        reason: reasons.get(s.name) ?? `${TODO_REASON} It failed with: ${stableFailureLine(s.error)}`,
      })),
  };
}

export function formatBaseline(baseline: Baseline): string {
  return `${JSON.stringify({ about: ABOUT, expectedFailures: baseline.expectedFailures }, null, 2)}\n`;
}

/** The scenarios whose reason still says TODO: a baseline nobody finished explains nothing. */
export function findTodoReasons(baseline: Baseline): string[] {
  return baseline.expectedFailures.filter((e) => /^\s*TODO\b/i.test(e.reason)).map((e) => e.scenario);
}
