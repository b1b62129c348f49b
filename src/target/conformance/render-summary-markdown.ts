import { renderCoverageMarkdown } from '../coverage/render-coverage.js';
import { renderAllowanceSection } from '../../contract/render-allowances.js';
import type { ConformanceSummary, SummaryRow } from './build-conformance-summary.js';
import type { EntryComparison, PairOutcome } from './compare-with-baseline.js';
import { answerLine, firstScenarios, type CauseLine } from './group-causes.js';
import { SERVICE_DESCRIPTION_PATH } from './service-description.js';

const ICON: Record<SummaryRow['status'], string> = {
  passed: '✅ passed',
  failed: '❌ failed',
  'known deviation': '⚠️ known deviation',
  'not judged': '⊘ not judged',
  skipped: '⏭ skipped',
  'not tested': '➖ not tested',
};

/** The table of the kit's extension scenarios filed under a rule, apart from the rule's own verdict. */
export const EXTENSIONS_TITLE = "Extensions filed under these rules (the kit's x-extension behaviour, not the description's; profile extended)";

/** How a baseline entry's scenarios fared, as the summaries say it. */
export const PAIR_OUTCOME_TEXT: Record<PairOutcome, string> = {
  held: 'still seen, as the baseline expects',
  'now passing': 'not seen any more: remove it from the baseline',
  'not seen this run': 'not seen this run, in a scenario of clients sending at once: a race shows in some runs only, so --write-baseline keeps it',
  'not run': 'not judged this run (not selected, skipped, blocked, or stopped before the check)',
  'not in the suite': 'no scenario has this id: fix or remove it',
};

/** An entry's outcome in a few words: how many of its scenarios fared how. */
export function entryOutcome(e: EntryComparison): string {
  const counts = new Map<PairOutcome, string[]>();
  for (const p of e.pairs) counts.set(p.outcome, [...(counts.get(p.outcome) ?? []), p.scenario]);
  return [...counts]
    .map(([outcome, scenarios]) => `${scenarios.length} ${PAIR_OUTCOME_TEXT[outcome]}${outcome === 'held' ? '' : ` (${firstScenarios(scenarios, 2)})`}`)
    .join('; ');
}

/** The headings of the two cause tables. */
export const CAUSE_TITLES = { checks: 'Failed checks by cause', blocked: 'Blocked scenarios by cause (not judged)' } as const;

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

function causeTable(title: string, causes: readonly CauseLine[]): string[] {
  if (causes.length === 0) return [];
  return [
    `## ${title} (${causes.length})`,
    '',
    `| | Check | ${causes[0]?.blocked ? 'Setup step' : 'Expected'} | Observed | Scenarios | The answer that failed |`,
    '|---|---|---|---|---|---|',
    ...causes.map(
      (c) =>
        `| ${c.known ? `⚠️ known: ${cell(c.reason ?? '')}` : '❌ new'} | \`${cell(c.check)}\` | ${cell(c.expected)} | ${cell(c.observed)} | ${c.scenarios.length}: ${cell(firstScenarios(c.scenarios))} | ${cell(answerLine(c.answer))} |`,
    ),
    '',
  ];
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

function newDeviationList(summary: ConformanceSummary): string[] {
  const list = summary.newDeviations;
  if (list.length === 0) return [];
  return [
    `## ${summary.baseline ? 'New deviations (not held by the baseline)' : 'Deviations'}, scenario by scenario (${list.length})`,
    '',
    ...list.map((d) => `- ${cell(d.scenario)} — ${d.blocked ? 'blocked by ' : ''}\`${d.check}\`: ${cell(d.message.split('\n')[0] ?? '')}`),
    '',
  ];
}

function baselineSection(summary: ConformanceSummary): string[] {
  if (!summary.baseline) return [];
  const { file, comparison } = summary.baseline;
  return [
    `## Known deviations (baseline \`${file}\`)`,
    '',
    '| # | Check | Observed | Reason it is accepted | This run |',
    '|---|---|---|---|---|',
    ...comparison.entries.map(
      (e) =>
        `| ${e.index + 1} | \`${cell(e.entry.check)}\`${e.entry.blocked ? ' (blocked)' : ''} | ${cell(e.entry.observed)} | ${cell(e.entry.reason)} | ${cell(entryOutcome(e))} |`,
    ),
    '',
  ];
}

/** What the final read of every index found of the run, in a few words (the leftover section has the ids). */
export function cleanUpLine(summary: ConformanceSummary): string {
  const { ids, unverified } = summary.leftovers;
  const found =
    summary.cleanupFound > 0 ? ` (the clean-up after each scenario still found ${summary.cleanupFound} record(s) by reading; the final read decides)` : '';
  if (ids.length === 0 && unverified.length === 0) return `the final read of every index found none of them left${found}`;
  return [
    ids.length > 0 ? `**${ids.length} record(s) of the run left on the target** (read back after the run; see "Records left behind")` : '',
    unverified.length > 0 ? `**the final read could not read ${unverified.join(', ')}**: what the run left there is unknown` : '',
  ]
    .filter(Boolean)
    .join('; ')
    .concat(found);
}

/** The scenario counts, as every summary states them. */
export function countsLine(summary: ConformanceSummary): string {
  const { passed, failed, blocked, skipped, notSelected, checks, failedChecks } = summary.counts;
  return `${passed} passed, ${failed} failed, ${blocked} blocked (not judged), ${skipped} skipped, ${notSelected} not selected; ${checks} checks recorded, ${failedChecks} failed`;
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

/** The conformance summary as Markdown (`conformance-summary.md`): context, the deviations by cause, one row per rule and per operation. */
export function renderSummaryMarkdown(summary: ConformanceSummary): string {
  const { context: c } = summary;
  const known = summary.causes.filter((k) => k.known).length + summary.blockedCauses.filter((k) => k.known).length;
  return [
    `# Conformance summary: ${summary.verdict}${known > 0 ? ` (${known} known deviation${known === 1 ? '' : 's'})` : ''}`,
    '',
    `- Target: ${c.baseUrl}`,
    `- Profile: ${c.profile}${c.tags ? `, tags \`${c.tags}\`` : ''}`,
    `- Date: ${c.date.toISOString()} (${(c.durationMs / 1000).toFixed(1)} s)`,
    `- Destructive scenarios: ${c.allowDestructive ? 'run (--allow-destructive; indices snapshotted and restored)' : 'skipped (pass --allow-destructive to run them)'}`,
    `- Minted-token scenarios: ${c.jwtSecretGiven ? 'run (--jwt-secret given)' : 'skipped (pass --jwt-secret to run them)'}`,
    `- Ids created under the run prefix \`${c.runPrefix}\`; ${cleanUpLine(summary)}`,
    `- Scenarios: ${countsLine(summary)}`,
    `- Rules cite the service description \`${SERVICE_DESCRIPTION_PATH}\` by section (§4.1 rule 3 = section 4.1, third numbered rule)`,
    `- Exit code: ${summary.outcome.exitCode}`,
    '',
    ...verdictSection(summary),
    ...causeTable(CAUSE_TITLES.checks, summary.causes),
    ...causeTable(CAUSE_TITLES.blocked, summary.blockedCauses),
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
    ...newDeviationList(summary),
    ...renderAllowanceSection(),
  ].join('\n');
}
