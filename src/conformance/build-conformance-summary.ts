import { buildResponseCoverage, type DocumentedOperation, type ResponseCoverage, type ResponseTally } from '../coverage/response-coverage.js';
import { checkMinCoverage } from '../coverage/response-coverage.js';
import type { BaselineComparison } from './baseline.js';
import { describeThrottling } from './describe-throttling.js';
import type { RunLeftovers } from '../run/read-run-leftovers.js';
import { decideVerdict, type RunVerdict, type VerdictWord } from '../run/run-verdict.js';
import type { ScenarioResult } from './collect-scenario-results.js';
import { ruleTag, type RuleRow } from './rules-matrix.js';
import { tallyScenarioCalls } from './tally-scenario-calls.js';

/** The outcome of one summary row; `known deviation`: it failed, but only in scenarios the baseline lists. */
export type RowStatus = 'passed' | 'failed' | 'known deviation' | 'skipped' | 'not tested';

/** One row of the summary: a rule of the service description (docs/management-service.md) or an operation. */
export interface SummaryRow {
  key: string;
  /** The section (§4.1 rule 3) and text (rules) or method and path (operations). */
  label: string;
  status: RowStatus;
  /** Why it failed, was skipped or is not tested; one entry per scenario or reason. */
  reasons: string[];
  /** Scenarios that ran for it (passed or failed). */
  ran: number;
}

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
  /** The line saying when the target stopped answering (src/connection/target-health.ts). */
  targetStopped?: string | undefined;
  /** An error of the run no scenario carries (cucumber reported failure with no failed scenario). */
  runError?: string | undefined;
  /** `--write-baseline`: every failure of this run is now listed. */
  baselineWritten?: boolean | undefined;
  /** `--rate`, for the throttling line. */
  rate?: number | undefined;
}

/** The whole summary, ready to render as Markdown or HTML. */
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
  counts: { passed: number; failed: number; skipped: number; notSelected: number };
  /** Rules of the description, judged by their core scenarios (an extension filed under a rule does not fail it). */
  rules: SummaryRow[];
  /** The same rules judged by the @extension scenarios filed under them, for rules that have any and when one ran. */
  extensions: SummaryRow[];
  operations: SummaryRow[];
  /** Failed scenarios; `expected` when the baseline lists them. */
  failedScenarios: Array<{ name: string; error: string; expected: boolean }>;
  baseline?: SummaryBaseline | undefined;
  /** Cleanup deletes that answered something else than 205 or 404 (a hint; the final read decides). */
  failedCleanupDeletes: number;
  /** What the final read found of the run on the target: ids, unreadable indices and the commands that delete them. */
  leftovers: RunLeftovers;
  /** Which documented responses the target answered (matrix and figure). */
  coverage: ResponseCoverage;
  /** The raw counts the coverage comes from; `mgmt-kit coverage` merges them with a fuzz run's. */
  tallies: ResponseTally[];
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

function rowFor(
  key: string,
  label: string,
  scenarios: ScenarioResult[],
  context: SummaryContext,
  failures: (s: ScenarioResult) => boolean,
  expected: ReadonlySet<string>,
): SummaryRow {
  const ran = scenarios.filter((s) => s.status === 'passed' || s.status === 'failed');
  const failed = scenarios.filter((s) => s.status === 'failed' && failures(s));
  if (failed.length > 0) {
    const status = failed.every((s) => expected.has(s.name)) ? 'known deviation' : 'failed';
    const reasons = failed.map((s) => `${expected.has(s.name) ? '[baseline] ' : ''}${s.name}: ${s.error ?? 'failed'}`);
    return { key, label, status, reasons, ran: ran.length };
  }
  const notRun = scenarios.filter((s) => s.status === 'skipped' || s.status === 'not-selected');
  const reasons = [...new Set(notRun.map((s) => skipReason(s, context)))];
  if (ran.length > 0) {
    return { key, label, status: 'passed', reasons: notRun.length > 0 ? [`${notRun.length} scenario(s) not run: ${reasons.join('; ')}`] : [], ran: ran.length };
  }
  return { key, label, status: 'skipped', reasons: reasons.length > 0 ? reasons : ['no scenario exercises it'], ran: 0 };
}

/**
 * Builds the conformance summary: one row per rule of features/RULES.md and one per operation
 * of the spec. A rule fails when one of its scenarios failed; an operation fails when a
 * scenario failed right after calling it (the call the failing assertion was about). With a
 * baseline, a row whose failures the baseline all lists is a `known deviation`, not a failure.
 */
export function buildConformanceSummary(
  rules: RuleRow[],
  operations: readonly DocumentedOperation[],
  scenarios: ScenarioResult[],
  context: SummaryContext,
  baseline?: SummaryBaseline,
  facts: RunFacts = {},
): ConformanceSummary {
  const expected = new Set(baseline?.comparison.entries.filter((e) => e.outcome === 'still failing').map((e) => e.scenario));
  const isExtension = (s: ScenarioResult) => s.tags.includes('@extension');
  // A rule's scenarios are those tagged @rule.<id>: the tags RULES.md's "Covered by" column is generated from.
  const coveringOf = (rule: RuleRow) => scenarios.filter((s) => s.tags.includes(ruleTag(rule.id)));
  const ruleRows = rules.map((rule) => {
    const label = `${rule.seed}: ${rule.text}`;
    if (rule.notTested) return { key: rule.id, label, status: 'not tested' as const, reasons: [rule.notTested], ran: 0 };
    const covering = coveringOf(rule);
    // A rule only extensions show keeps them; any other is judged by what the description fixes.
    const core = covering.filter((s) => !isExtension(s));
    return rowFor(rule.id, label, core.length > 0 ? core : covering, context, () => true, expected);
  });
  const extensionRan = scenarios.some((s) => isExtension(s) && (s.status === 'passed' || s.status === 'failed'));
  const extensionRows = extensionRan
    ? rules.flatMap((rule) => {
        const covering = coveringOf(rule);
        const extensions = covering.filter(isExtension);
        if (rule.notTested || extensions.length === 0 || extensions.length === covering.length) return [];
        return [rowFor(rule.id, `${rule.seed}: ${rule.text}`, extensions, context, () => true, expected)];
      })
    : [];
  const operationRows = operations.map((op) => {
    const calling = scenarios.filter((s) => s.calls.some((c) => c.operation === op.operationId && !c.housekeeping));
    const row = rowFor(op.operationId, `${op.method} ${op.pathTemplate}`, calling, context, (s) => s.blamedOperation === op.operationId, expected);
    return row.status === 'skipped' ? { ...row, reasons: ['not called by any scenario that ran'] } : row;
  });
  const count = (status: ScenarioResult['status']) => scenarios.filter((s) => s.status === status).length;
  const failedCleanupDeletes = scenarios
    .flatMap((s) => s.calls)
    .filter((c) => c.housekeeping && c.operation.startsWith('delete') && c.status !== 205 && c.status !== 404).length;
  const failedScenarios = scenarios
    .filter((s) => s.status === 'failed')
    .map((s) => ({ name: s.name, error: s.error ?? 'failed', expected: expected.has(s.name) }));
  const tallies = tallyScenarioCalls(scenarios);
  const coverage = buildResponseCoverage(operations, tallies);
  const newFailures = failedScenarios.filter((f) => !f.expected);
  const throttling = describeThrottling(newFailures, facts.rate);
  const coverageShortfall = checkMinCoverage(coverage, facts.minCoverage);
  const leftovers = facts.leftovers ?? { ids: [], unverified: [], deleteCommands: [] };
  const outcome = decideVerdict({
    targetStopped: facts.targetStopped,
    ran: count('passed') + count('failed'),
    newFailures: facts.baselineWritten ? 0 : newFailures.length,
    onlyThrottled: throttling?.onlyThrottled ?? false,
    runError: facts.runError,
    coverageShortfall: coverageShortfall?.split('\n')[0],
    leftovers: leftovers.ids,
    unverified: leftovers.unverified,
  });
  return {
    context,
    verdict: outcome.word,
    outcome,
    throttling: throttling?.line,
    coverageShortfall,
    counts: { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), notSelected: count('not-selected') },
    rules: ruleRows,
    extensions: extensionRows,
    operations: operationRows,
    failedScenarios,
    baseline,
    failedCleanupDeletes,
    leftovers,
    coverage,
    tallies,
  };
}
