import { formatCoverageLine } from '../coverage/render-coverage.js';
import type { ConformanceSummary } from './build-conformance-summary.js';

/** What the closing lines of a run need. */
export interface RunReportInput {
  baseUrl: string;
  profile: string;
  allowDestructive: boolean;
  jwtSecret?: string | undefined;
  summary: ConformanceSummary;
  durationMs: number;
  runPrefix: string;
  reportFiles: string[];
  writeBaseline?: string | undefined;
}

/** The lines `mgmt-kit conformance` prints after the run: counts, what was skipped, the baseline, the report paths. */
export function formatRunReport(input: RunReportInput): string {
  const { summary } = input;
  const { passed, failed, skipped, notSelected } = summary.counts;
  const known = summary.failedScenarios.filter((f) => f.expected).length;
  const skippedNotes = [
    input.allowDestructive ? '' : '@destructive scenarios skipped (no --allow-destructive)',
    input.jwtSecret !== undefined ? '' : '@needs-jwt-secret scenarios skipped (no --jwt-secret)',
    input.profile === 'core' ? '@extension scenarios skipped (profile core)' : '',
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
  if (input.writeBaseline !== undefined) {
    baselineLines.push(`Baseline written to ${input.writeBaseline}: ${failed} failed scenario(s); give each entry its reason and commit it`);
  }
  return [
    '',
    `Conformance of ${input.baseUrl} (profile ${input.profile}): ${passed} passed, ${failed} failed${known > 0 ? ` (${known} in the baseline)` : ''}, ${skipped} skipped, ${notSelected} not selected — ${(input.durationMs / 1000).toFixed(1)} s`,
    ...skippedNotes.map((note) => `  ${note}`),
    ...(summary.leftovers > 0 ? [`  warning: ${summary.leftovers} cleanup delete(s) failed; ids start with ${input.runPrefix}`] : []),
    ...baselineLines,
    formatCoverageLine(summary.coverage),
    'Reports:',
    ...input.reportFiles.map((path) => `  ${path}`),
    '',
  ].join('\n');
}
