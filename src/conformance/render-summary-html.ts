import type { ConformanceSummary, SummaryRow } from './build-conformance-summary.js';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function table(title: string, first: string, second: string, rows: SummaryRow[]): string {
  const body = rows
    .map(
      (r) =>
        `<tr class="${r.status.replace(' ', '-')}"><td><code>${escapeHtml(r.key)}</code></td><td>${escapeHtml(r.label)}</td>` +
        `<td>${r.status}</td><td>${r.ran}</td><td>${r.reasons.map((x) => `<div>${escapeHtml(x)}</div>`).join('')}</td></tr>`,
    )
    .join('\n');
  return `<h2>${escapeHtml(title)}</h2>\n<table><thead><tr><th>${escapeHtml(first)}</th><th>${escapeHtml(second)}</th><th>Status</th><th>Scenarios run</th><th>Reason</th></tr></thead>\n<tbody>\n${body}\n</tbody></table>`;
}

/** The conformance summary as a small self-contained HTML page (`conformance-summary.html`). */
export function renderSummaryHtml(summary: ConformanceSummary): string {
  const { context: c, counts } = summary;
  const verdict = counts.failed === 0 && counts.passed > 0 ? 'PASSED' : 'FAILED';
  const facts = [
    ['Target', c.baseUrl],
    ['Profile', `${c.profile}${c.tags ? ` (tags ${c.tags})` : ''}`],
    ['Date', `${c.date.toISOString()} (${(c.durationMs / 1000).toFixed(1)} s)`],
    ['Destructive scenarios', c.allowDestructive ? 'run' : 'skipped (needs --allow-destructive)'],
    ['Minted-token scenarios', c.jwtSecretGiven ? 'run' : 'skipped (needs --jwt-secret)'],
    ['Run prefix', `${c.runPrefix}${summary.leftovers > 0 ? ` — ${summary.leftovers} cleanup delete(s) failed` : ''}`],
    ['Scenarios', `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.notSelected} not selected`],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance summary: ${verdict}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%;margin-bottom:2rem}
td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}
tr.passed td:nth-child(3){background:#d9f2d9}tr.failed td:nth-child(3){background:#f8d0d0}
tr.skipped td:nth-child(3){background:#fff2c0}tr.not-tested td:nth-child(3){background:#eee}
</style></head><body>
<h1>Conformance summary: ${verdict}</h1>
<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd>`).join('')}</dl>
${table('Seed rules (features/RULES.md)', 'Rule', 'What the seed says', summary.rules)}
${table('Operations (spec/openapi.yaml)', 'Operation', 'Method and path', summary.operations)}
</body></html>
`;
}
