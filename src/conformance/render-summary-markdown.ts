import type { ConformanceSummary, SummaryRow } from './build-conformance-summary.js';

const ICON: Record<SummaryRow['status'], string> = { passed: '✅ passed', failed: '❌ failed', skipped: '⏭ skipped', 'not tested': '➖ not tested' };

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

/** The conformance summary as Markdown (`conformance-summary.md`): context, counts, one row per rule and per operation. */
export function renderSummaryMarkdown(summary: ConformanceSummary): string {
  const { context: c, counts } = summary;
  const verdict = counts.failed === 0 && counts.passed > 0 ? 'PASSED' : 'FAILED';
  return [
    `# Conformance summary: ${verdict}`,
    '',
    `- Target: ${c.baseUrl}`,
    `- Profile: ${c.profile}${c.tags ? `, tags \`${c.tags}\`` : ''}`,
    `- Date: ${c.date.toISOString()} (${(c.durationMs / 1000).toFixed(1)} s)`,
    `- Destructive scenarios: ${c.allowDestructive ? 'run (--allow-destructive; indices snapshotted and restored)' : 'skipped (pass --allow-destructive to run them)'}`,
    `- Minted-token scenarios: ${c.jwtSecretGiven ? 'run (--jwt-secret given)' : 'skipped (pass --jwt-secret to run them)'}`,
    `- Ids created under the run prefix \`${c.runPrefix}\`${summary.leftovers > 0 ? `; **${summary.leftovers} cleanup delete(s) failed: records may be left behind**` : '; all cleaned up'}`,
    `- Scenarios: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.notSelected} not selected`,
    '',
    ...table('Seed rules (features/RULES.md)', 'Rule', 'What the seed says', summary.rules),
    ...table('Operations (spec/openapi.yaml)', 'Operation', 'Method and path', summary.operations),
    ...(summary.failedScenarios.length > 0
      ? ['## Failed scenarios', '', ...summary.failedScenarios.map((f) => `- **${f.name}**\n\n  \`\`\`\n  ${f.error.replace(/\n/g, '\n  ')}\n  \`\`\``), '']
      : []),
  ].join('\n');
}
