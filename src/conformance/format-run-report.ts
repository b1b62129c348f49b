import { formatCoverageLine } from '../coverage/render-coverage.js';
import type { ConformanceSummary } from './build-conformance-summary.js';

/** Failing rules printed at most; the rest are counted (every one is in the summary). */
const MAX_RULES_SHOWN = 25;

/**
 * Each failing rule once: its first failure and how many scenarios failed under it, so a run
 * with hundreds of failures prints tens of lines; the steps and stacks stay in the reports.
 * Failures filed under no failing rule follow, one line each, within the same limit.
 */
export function formatFailingRules(summary: ConformanceSummary): string[] {
  const firstLine = (text: string) => (text.split('\n')[0] ?? '').slice(0, 240);
  const failing = summary.rules.filter((r) => r.status === 'failed');
  const named = new Set(failing.flatMap((r) => r.reasons));
  const lines = failing.map(
    (r) => `  ✗ ${r.key} ${r.label.split(':')[0]}: ${r.reasons.length} scenario(s) failed; first: ${firstLine(r.reasons[0] ?? 'failed')}`,
  );
  const loose = summary.failedScenarios
    .filter((f) => !f.expected && ![...named].some((reason) => reason.startsWith(`${f.name}: `)))
    .map((f) => `  ✗ ${f.name}: ${firstLine(f.error)}`);
  const all = [...lines, ...loose];
  if (all.length === 0) return [];
  const shown = all.slice(0, MAX_RULES_SHOWN);
  return [
    `Failing rules (${failing.length}), each with its first failure (every failure in full: conformance-summary.md, cucumber.html):`,
    ...shown,
    ...(all.length > shown.length ? [`  … and ${all.length - shown.length} more in conformance-summary.md`] : []),
  ];
}

/** The leftovers the final read found, with the commands that delete them (at most 20 printed; all in the summary). */
export function formatLeftovers(summary: ConformanceSummary): string[] {
  const { ids, unverified, deleteCommands } = summary.leftovers;
  if (ids.length + unverified.length === 0) return [];
  return [
    ...(ids.length > 0
      ? [`Records of the run left on the target (${ids.length}, read back after the run): ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', …' : ''}`]
      : []),
    ...(unverified.length > 0
      ? [`The final read could not read ${unverified.join(', ')}: what the run left there is unknown (ids start with ${summary.context.runPrefix})`]
      : []),
    ...(deleteCommands.length > 0
      ? [
          'Delete them with (TOKEN set to a token the target accepts):',
          ...deleteCommands.slice(0, 20).map((c) => `  ${c}`),
          ...(deleteCommands.length > 20 ? ['  … every command in conformance-summary.md'] : []),
        ]
      : []),
  ];
}

/** The lines `mgmt-kit conformance` prints after the run: counts, what was skipped, the baseline, the report paths. */
export function formatRunReport(summary: ConformanceSummary, reportFiles: readonly string[], writeBaseline?: string): string {
  const { context: c } = summary;
  const { passed, failed, skipped, notSelected } = summary.counts;
  const known = summary.failedScenarios.filter((f) => f.expected).length;
  const skippedNotes = [
    c.allowDestructive ? '' : '@destructive scenarios skipped (no --allow-destructive)',
    c.jwtSecretGiven ? '' : '@needs-jwt-secret scenarios skipped (no --jwt-secret)',
    c.profile === 'core' ? '@extension scenarios skipped (profile core)' : '',
  ].filter(Boolean);
  const baselineLines: string[] = [];
  if (summary.baseline) {
    const { file, comparison } = summary.baseline;
    const named = (outcome: string) => comparison.entries.filter((e) => e.outcome === outcome).map((e) => e.scenario);
    baselineLines.push(`Baseline ${file}: ${named('still failing').length} of ${comparison.entries.length} known deviation(s) still fail as expected`);
    for (const name of named('now passing')) baselineLines.push(`  now passes, remove it from the baseline: ${name}`);
    for (const name of named('not in the suite')) baselineLines.push(`  no scenario has this name, fix or remove the entry: ${name}`);
    for (const name of comparison.newFailures) baselineLines.push(`  NEW failure (not in the baseline): ${name}`);
  }
  if (writeBaseline !== undefined) {
    baselineLines.push(`Baseline written to ${writeBaseline}: ${failed} failed scenario(s); give each entry its reason and commit it`);
  }
  return [
    '',
    `Conformance of ${c.baseUrl} (profile ${c.profile}): ${passed} passed, ${failed} failed${known > 0 ? ` (${known} in the baseline)` : ''}, ${skipped} skipped, ${notSelected} not selected — ${(c.durationMs / 1000).toFixed(1)} s`,
    ...skippedNotes.map((note) => `  ${note}`),
    ...baselineLines,
    ...formatFailingRules(summary),
    ...formatLeftovers(summary),
    formatCoverageLine(summary.coverage),
    'Reports:',
    ...reportFiles.map((path) => `  ${path}`),
    `Verdict: ${summary.verdict} (exit ${summary.outcome.exitCode})${summary.outcome.reasons.length > 0 ? ` — ${summary.outcome.reasons.map((r) => r.split('\n')[0]).join('; ')}` : ''}`,
    '',
  ].join('\n');
}
