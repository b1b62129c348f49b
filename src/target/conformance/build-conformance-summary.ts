import { buildResponseCoverage, type DocumentedOperation, type ResponseCoverage, type ResponseTally } from '../../contract/response-coverage.js';
import { checkMinCoverage } from '../../contract/response-coverage.js';
import type { RunLeftovers } from '../run/read-run-leftovers.js';
import { decideVerdict, type RunVerdict, type VerdictWord } from '../run/run-verdict.js';
import type { ScenarioResult } from './collect-scenario-results.js';
import type { BaselineComparison } from './compare-with-baseline.js';
import { describeThrottling } from './describe-throttling.js';
import { groupCauses, type CauseLine } from './group-causes.js';
import { ruleTag, type RuleRow } from './rules-matrix.js';
import { deviationsOf, type Deviation } from './run-deviations.js';
import { operationRow, ruleRow, type RowInputs, type SummaryRow } from './summary-rows.js';
import { tallyScenarioCalls } from './tally-scenario-calls.js';

export type { RowStatus, SummaryRow } from './summary-rows.js';

/** What the run was pointed at and how. */
export interface SummaryContext {
  baseUrl: string;
  profile: 'core' | 'extended';
  allowDestructive: boolean;
  jwtSecretGiven: boolean;
  tags?: string | undefined;
  date: Date;
  durationMs: number;
  runPrefix: string;
}

/** The baseline a run was held against (`--baseline FILE`) and what became of each entry. */
export interface SummaryBaseline {
  file: string;
  comparison: BaselineComparison;
}

/** What the run saw beside its scenarios: each is an input of the one verdict (run-verdict.ts). */
export interface RunFacts {
  /** What the final read of every index found of the run (read-run-leftovers.ts); absent: not read (a test's summary). */
  leftovers?: RunLeftovers | undefined;
  /** `--min-coverage P`. */
  minCoverage?: number | undefined;
  /** The line saying when the target stopped answering (src/connection/open-connection.ts). */
  targetStopped?: string | undefined;
  /** An error of the run no scenario carries (cucumber reported failure with no failed scenario). */
  runError?: string | undefined;
  /** `--write-baseline`: every deviation of this run is now held, with these reasons (TODO for a new cause). */
  baselineWritten?: ((d: Deviation) => string | undefined) | undefined;
  /** `--rate`, for the throttling line. */
  rate?: number | undefined;
}

/** The whole summary, ready to render as the console lines, Markdown, HTML, JSON and junit. */
export interface ConformanceSummary {
  context: SummaryContext;
  /** The run's one verdict (run-verdict.ts): every report heads with `verdict.word`, the exit code is `verdict.exitCode`. */
  verdict: VerdictWord;
  /** The verdict's exit code and every reason behind it. */
  outcome: RunVerdict;
  /** The line on throttled failures, when any failure was a throttled call. */
  throttling?: string | undefined;
  /** Why the coverage fails `--min-coverage` (with the pairs never seen), when it does. */
  coverageShortfall?: string | undefined;
  counts: { passed: number; failed: number; blocked: number; skipped: number; notSelected: number; checks: number; failedChecks: number };
  /** Failed checks by cause (check and observed): new causes first, then known ones. */
  causes: CauseLine[];
  /** Blocked scenarios by cause (the setup that could not be done, and what the target answered). */
  blockedCauses: CauseLine[];
  /** Rules of the description, judged by the checks of their core scenarios (an extension filed under a rule does not fail it). */
  rules: SummaryRow[];
  /** The same rules judged by the @extension scenarios filed under them, for rules that have any and when one ran. */
  extensions: SummaryRow[];
  operations: SummaryRow[];
  /** Every deviation the baseline does not hold, scenario by scenario: these fail the run. */
  newDeviations: Deviation[];
  baseline?: SummaryBaseline | undefined;
  /** Records the per-scenario clean-up still found by reading after deleting them (the final read decides). */
  cleanupFound: number;
  /** What the final read found of the run on the target: ids, unreadable indices and the commands that delete them. */
  leftovers: RunLeftovers;
  /** Which documented responses the target answered (matrix and figure). */
  coverage: ResponseCoverage;
  /** The raw counts the coverage comes from; `mgmt-kit coverage` merges them with a fuzz run's. */
  tallies: ResponseTally[];
  /** Every scenario of the run, for junit. */
  scenarios: readonly ScenarioResult[];
}

/** Why a scenario did not run, from its tags and the run's options. */
export function skipReason(scenario: ScenarioResult, context: SummaryContext): string {
  const has = (tag: string) => scenario.tags.includes(tag);
  if (scenario.status === 'skipped') return 'skipped at run time (a hook found a prerequisite missing)';
  if (has('@extension') && context.profile === 'core') return '@extension: runs with --profile extended';
  if (has('@destructive') && !context.allowDestructive) return '@destructive: runs only with --allow-destructive';
  if (has('@needs-jwt-secret') && !context.jwtSecretGiven) return '@needs-jwt-secret: runs only with --jwt-secret';
  return 'not selected by --tags';
}

/**
 * Builds the conformance summary from the run model: the deviations grouped by cause, one row per
 * rule of features/RULES.md (judged by the checks carrying its id) and per operation of the spec
 * (judged by the checks of its answers), and the one verdict. A deviation the baseline holds is
 * known; any other fails the run — a blocked scenario too: a run that could not judge part of the
 * suite does not pass silently.
 */
export function buildConformanceSummary(
  rules: RuleRow[],
  operations: readonly DocumentedOperation[],
  scenarios: readonly ScenarioResult[],
  context: SummaryContext,
  baseline?: SummaryBaseline,
  facts: RunFacts = {},
): ConformanceSummary {
  const deviations = deviationsOf(scenarios);
  const heldReasons = new Map(baseline?.comparison.held.map((d) => [JSON.stringify([d.scenario, d.blocked, d.check, d.observed]), d.reason]));
  const reasonOf = (d: Deviation) => facts.baselineWritten?.(d) ?? heldReasons.get(JSON.stringify([d.scenario, d.blocked, d.check, d.observed]));
  const inputs: RowInputs = { reasonOf, skipReason: (s) => skipReason(s, context) };
  const isExtension = (s: ScenarioResult) => s.tags.includes('@extension');
  const core = scenarios.filter((s) => !isExtension(s));
  const extension = scenarios.filter(isExtension);
  const tagged = (list: readonly ScenarioResult[], rule: RuleRow) => list.some((s) => s.tags.includes(ruleTag(rule.id)));
  // A rule only extensions show keeps them; any other is judged by what the description fixes.
  const ruleRows = rules.map((rule) => ruleRow(rule, tagged(core, rule) ? core : scenarios, deviations, inputs));
  const extensionRan = extension.some((s) => s.status === 'passed' || s.status === 'failed');
  const extensionRows = extensionRan
    ? rules.filter((rule) => !rule.notTested && tagged(core, rule) && tagged(extension, rule)).map((rule) => ruleRow(rule, extension, deviations, inputs))
    : [];
  const operationRows = operations.map((op) => operationRow(op, scenarios, deviations, inputs));
  const count = (status: ScenarioResult['status']) => scenarios.filter((s) => s.status === status).length;
  const allCauses = groupCauses(deviations, reasonOf);
  const newDeviations = deviations.filter((d) => reasonOf(d) === undefined);
  const tallies = tallyScenarioCalls(scenarios);
  const coverage = buildResponseCoverage(operations, tallies);
  const throttling = describeThrottling(
    newDeviations.map((d) => ({ error: d.message })),
    facts.rate,
  );
  const coverageShortfall = checkMinCoverage(coverage, facts.minCoverage);
  const leftovers = facts.leftovers ?? { ids: [], unverified: [], deleteCommands: [] };
  const outcome = decideVerdict({
    targetStopped: facts.targetStopped,
    ran: count('passed') + count('failed') + count('blocked'),
    newFailures: newDeviations.filter((d) => !d.blocked).length,
    newBlocked: newDeviations.filter((d) => d.blocked).length,
    onlyThrottled: throttling?.onlyThrottled ?? false,
    runError: facts.runError,
    coverageShortfall: coverageShortfall?.split('\n')[0],
    leftovers: leftovers.ids,
    unverified: leftovers.unverified,
  });
  const checks = scenarios.flatMap((s) => s.checks);
  return {
    context,
    verdict: outcome.word,
    outcome,
    throttling: throttling?.line,
    coverageShortfall,
    counts: {
      passed: count('passed'),
      failed: count('failed'),
      blocked: count('blocked'),
      skipped: count('skipped'),
      notSelected: count('not-selected'),
      checks: checks.length,
      failedChecks: checks.filter((c) => !c.passed).length,
    },
    causes: allCauses.filter((c) => !c.blocked),
    blockedCauses: allCauses.filter((c) => c.blocked),
    rules: ruleRows,
    extensions: extensionRows,
    operations: operationRows,
    newDeviations,
    baseline,
    cleanupFound: scenarios.reduce((n, s) => n + s.cleanupLeft.length, 0),
    leftovers,
    coverage,
    tallies,
    scenarios,
  };
}
