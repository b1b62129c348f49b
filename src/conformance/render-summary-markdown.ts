import { renderCoverageMarkdown } from '../coverage/render-coverage.js';
import { renderAllowanceSection } from '../contract/render-allowances.js';
import type { BaselineEntryOutcome } from './baseline.js';
import type { ConformanceSummary, SummaryRow } from './build-conformance-summary.js';
import { SERVICE_DESCRIPTION_PATH } from './service-description.js';

const ICON: Record<SummaryRow['status'], string> = {
  passed: '✅ passed',
  failed: '❌ failed',
  'known deviation': '⚠️ known deviation',
  skipped: '⏭ skipped',
  'not tested': '➖ not tested',
};

/** The table of the kit's extension scenarios filed under a rule, apart from the rule's own verdict. */
export const EXTENSIONS_TITLE = "Extensions filed under these rules (the kit's x-extension behaviour, not the description's; profile extended)";

/** What the top of both summaries lists: the new failures, then the baseline's entries that still fail (with their place in the baseline). */
export function listFailuresFirst(summary: ConformanceSummary) {
  return {
    newFailures: summary.failedScenarios.filter((f) => !f.expected),
    deviations: (summary.baseline?.comparison.entries ?? []).map((e, i) => ({ ...e, i })).filter((e) => e.outcome === 'still failing'),
  };
}

function failuresFirstSection(summary: ConformanceSummary): string[] {
  const { newFailures, deviations } = listFailuresFirst(summary);
  const firstLine = (text: string) => cell(text.split('\n')[0] ?? '');
  return [
    '## Failures first',
    '',
    `**New failures (${newFailures.length})**${newFailures.length === 0 ? ': none.' : ''}`,
    ...newFailures.map((f, i) => `${i + 1}. ${cell(f.name)} — ${firstLine(f.error)}`),
    ...(summary.baseline
      ? [
          '',
          `**Known deviations (${deviations.length}, listed in the baseline)**${deviations.length === 0 ? ': none.' : ''}`,
          ...deviations.map((e, i) => `${i + 1}. ${cell(e.scenario)} — ${firstLine(e.reason)}`),
        ]
      : []),
    '',
  ];
}

/** How a baseline entry fared, as the summaries say it. */
export const BASELINE_OUTCOME_TEXT: Record<BaselineEntryOutcome, string> = {
  'still failing': 'still fails, as the baseline expects',
  'now passing': 'passes now: remove it from the baseline',
  'not run': 'not run (not selected or skipped)',
  'not in the suite': 'no scenario has this name: fix or remove the entry',
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

function table(title: string, first: string, second: string, rows: SummaryRow[]): string[] {
  return [
    `## ${title}`,
    '',
    `| ${first} | ${second} | Status | Scenarios run | Reason |`,
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${cell(r.key)} | ${cell(r.label)} | ${ICON[r.status]} | ${r.ran} | ${cell(r.reasons.join('\n'))} |`),
    '',
  ];
}

function failureList(title: string, failures: ConformanceSummary['failedScenarios']): string[] {
  if (failures.length === 0) return [];
  return [`## ${title}`, '', ...failures.map((f) => `- **${f.name}**\n\n  \`\`\`\n  ${f.error.replace(/\n/g, '\n  ')}\n  \`\`\``), ''];
}

function baselineSection(summary: ConformanceSummary): string[] {
  if (!summary.baseline) return [];
  const { file, comparison } = summary.baseline;
  return [
    `## Known deviations (baseline \`${file}\`)`,
    '',
    '| Scenario | Reason it is accepted | This run |',
    '|---|---|---|',
    ...comparison.entries.map(
      (e) => `| ${cell(e.scenario)} | ${cell(e.reason)} | ${cell(`${BASELINE_OUTCOME_TEXT[e.outcome]}${e.error ? `\n${e.error}` : ''}`)} |`,
    ),
    '',
  ];
}

/** What the final read of every index found of the run, in a few words (the leftover section has the ids). */
export function cleanUpLine(summary: ConformanceSummary): string {
  const { ids, unverified } = summary.leftovers;
  if (ids.length === 0 && unverified.length === 0) return 'the final read of every index found none of them left';
  return [
    ids.length > 0 ? `**${ids.length} record(s) of the run left on the target** (read back after the run; see "Records left behind")` : '',
    unverified.length > 0 ? `**the final read could not read ${unverified.join(', ')}**: what the run left there is unknown` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

function verdictSection(summary: ConformanceSummary): string[] {
  if (summary.outcome.reasons.length === 0) return [];
  return [
    `## Why ${summary.verdict}`,
    '',
    ...summary.outcome.reasons.map((r) => `- ${cell(r.split('\n')[0] ?? '')}`),
    ...(summary.throttling ? [`- ${cell(summary.throttling)}`] : []),
    '',
  ];
}

function leftoverSection(summary: ConformanceSummary): string[] {
  const { ids, deleteCommands } = summary.leftovers;
  if (ids.length === 0) return [];
  return [
    '## Records left behind',
    '',
    `The run's records the final read still found (index and id):`,
    '',
    ...ids.map((id) => `- \`${id}\``),
    '',
    'Delete them with (TOKEN set to a token the target accepts):',
    '',
    '```sh',
    ...deleteCommands,
    '```',
    '',
  ];
}

/** The conformance summary as Markdown (`conformance-summary.md`): context, counts, one row per rule and per operation. */
export function renderSummaryMarkdown(summary: ConformanceSummary): string {
  const { context: c, counts } = summary;
  const known = summary.failedScenarios.filter((f) => f.expected).length;
  return [
    `# Conformance summary: ${summary.verdict}${known > 0 ? ` (${known} known deviation${known === 1 ? '' : 's'})` : ''}`,
    '',
    `- Target: ${c.baseUrl}`,
    `- Profile: ${c.profile}${c.tags ? `, tags \`${c.tags}\`` : ''}`,
    `- Date: ${c.date.toISOString()} (${(c.durationMs / 1000).toFixed(1)} s)`,
    `- Destructive scenarios: ${c.allowDestructive ? 'run (--allow-destructive; indices snapshotted and restored)' : 'skipped (pass --allow-destructive to run them)'}`,
    `- Minted-token scenarios: ${c.jwtSecretGiven ? 'run (--jwt-secret given)' : 'skipped (pass --jwt-secret to run them)'}`,
    `- Ids created under the run prefix \`${c.runPrefix}\`; ${cleanUpLine(summary)}`,
    `- Scenarios: ${counts.passed} passed, ${counts.failed} failed${known > 0 ? ` (${known} listed in the baseline)` : ''}, ${counts.skipped} skipped, ${counts.notSelected} not selected`,
    `- Rules cite the service description \`${SERVICE_DESCRIPTION_PATH}\` by section (§4.1 rule 3 = section 4.1, third numbered rule)`,
    `- Exit code: ${summary.outcome.exitCode}`,
    '',
    ...verdictSection(summary),
    ...failuresFirstSection(summary),
    ...table(
      `Rules of the service description (${SERVICE_DESCRIPTION_PATH}; coverage in features/RULES.md)`,
      'Rule',
      'What the description says',
      summary.rules,
    ),
    ...(summary.extensions.length > 0 ? table(EXTENSIONS_TITLE, 'Rule', 'What the description says', summary.extensions) : []),
    ...table('Operations (spec/openapi.yaml)', 'Operation', 'Method and path', summary.operations),
    ...renderCoverageMarkdown(summary.coverage),
    ...baselineSection(summary),
    ...leftoverSection(summary),
    ...failureList(
      summary.baseline ? 'New failures (not in the baseline)' : 'Failed scenarios',
      summary.failedScenarios.filter((f) => !f.expected),
    ),
    ...renderAllowanceSection(),
  ].join('\n');
}
