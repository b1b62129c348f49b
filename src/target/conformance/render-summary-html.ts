import { renderCoverageHtml } from '../coverage/render-coverage.js';
import { escapeHtml } from '../../contract/escape-html.js';
import { renderAllowanceSectionHtml } from '../../contract/render-allowances.js';
import type { ConformanceSummary, SummaryRow } from './build-conformance-summary.js';
import { answerLine, firstScenarios, type CauseLine } from './group-causes.js';
import { CAUSE_TITLES, cleanUpLine, countsLine, entryOutcome, EXTENSIONS_TITLE } from './render-summary-markdown.js';
import { SERVICE_DESCRIPTION_PATH, type ServiceSection } from './service-description.js';

/** Where the rule column links to: the description file (relative to the report) and its sections. */
export interface SummaryHtmlLinks {
  serviceDescriptionHref: string;
  sections: Map<string, ServiceSection>;
}

/** Escapes the text and turns each `§4.1` into a link to that section of the description. */
function linkSections(text: string, links: SummaryHtmlLinks | undefined): string {
  const escaped = escapeHtml(text);
  if (!links) return escaped;
  return escaped.replace(/§(\d+(?:\.\d+)?)/g, (whole, number: string) => {
    const section = links.sections.get(number);
    return section ? `<a href="${escapeHtml(`${links.serviceDescriptionHref}#${section.anchor}`)}">${whole}</a>` : whole;
  });
}

function table(title: string, first: string, second: string, rows: SummaryRow[], links?: SummaryHtmlLinks): string {
  const body = rows
    .map(
      (r) =>
        `<tr class="${r.status.replace(/ /g, '-')}"><td><code>${escapeHtml(r.key)}</code></td><td>${linkSections(r.label, links)}</td>` +
        `<td>${r.status}</td><td>${r.ran}</td><td>${r.reasons.map((x) => `<div>${escapeHtml(x)}</div>`).join('')}</td></tr>`,
    )
    .join('\n');
  return `<h2>${escapeHtml(title)}</h2>\n<table><thead><tr><th>${escapeHtml(first)}</th><th>${escapeHtml(second)}</th><th>Status</th><th>Scenarios run</th><th>Reason</th></tr></thead>\n<tbody>\n${body}\n</tbody></table>`;
}

/** One table of causes: a row per check (or blocking cause) and observed value, with its scenarios and the answer that failed. */
function causeTable(id: string, title: string, causes: readonly CauseLine[]): string {
  if (causes.length === 0) return '';
  const rows = causes
    .map(
      (c) =>
        `<tr class="${c.known ? 'known-deviation' : 'failed'}"><td>${c.known ? `known: ${escapeHtml(c.reason ?? '')}` : 'new'}</td><td><code>${escapeHtml(c.check)}</code></td>` +
        `<td>${escapeHtml(c.expected)}</td><td>${escapeHtml(c.observed)}</td><td>${c.scenarios.length}: ${escapeHtml(firstScenarios(c.scenarios))}</td><td><code>${escapeHtml(answerLine(c.answer))}</code></td></tr>`,
    )
    .join('\n');
  return `<section id="${id}"><h2>${escapeHtml(title)} (${causes.length})</h2>\n<table><thead><tr><th></th><th>Check</th><th>${causes[0]?.blocked ? 'Setup step' : 'Expected'}</th><th>Observed</th><th>Scenarios</th><th>The answer that failed</th></tr></thead>\n<tbody>\n${rows}\n</tbody></table></section>`;
}

function baselineTable(summary: ConformanceSummary): string {
  if (!summary.baseline) return '';
  const rows = summary.baseline.comparison.entries
    .map(
      (e) =>
        `<tr id="deviation-${e.index + 1}" class="baseline"><td>${e.index + 1}</td><td><code>${escapeHtml(e.entry.check)}</code>${e.entry.blocked ? ' (blocked)' : ''}</td><td>${escapeHtml(e.entry.observed)}</td><td>${escapeHtml(e.entry.reason)}</td><td>${escapeHtml(entryOutcome(e))}</td></tr>`,
    )
    .join('\n');
  return `<h2>Known deviations (baseline <code>${escapeHtml(summary.baseline.file)}</code>)</h2>\n<table><thead><tr><th>#</th><th>Check</th><th>Observed</th><th>Reason it is accepted</th><th>This run</th></tr></thead>\n<tbody>\n${rows}\n</tbody></table>`;
}

/** The conformance summary as a small self-contained HTML page (`conformance-summary.html`). */
export function renderSummaryHtml(summary: ConformanceSummary, links?: SummaryHtmlLinks): string {
  const { context: c } = summary;
  const known = summary.causes.filter((k) => k.known).length + summary.blockedCauses.filter((k) => k.known).length;
  const title = `Conformance summary: ${summary.verdict}${known > 0 ? ` (${known} known deviation${known === 1 ? '' : 's'})` : ''}`;
  const facts = [
    ['Target', c.baseUrl],
    ['Profile', `${c.profile}${c.tags ? ` (tags ${c.tags})` : ''}`],
    ['Date', `${c.date.toISOString()} (${(c.durationMs / 1000).toFixed(1)} s)`],
    ['Destructive scenarios', c.allowDestructive ? 'run' : 'skipped (needs --allow-destructive)'],
    ['Minted-token scenarios', c.jwtSecretGiven ? 'run' : 'skipped (needs --jwt-secret)'],
    ['Run prefix', `${c.runPrefix}: ${cleanUpLine(summary).replace(/\*\*/g, '')}`],
    ['Exit code', String(summary.outcome.exitCode)],
    ['Scenarios', countsLine(summary)],
  ];
  const fresh = summary.newDeviations;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%;margin-bottom:2rem}
td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}pre{white-space:pre-wrap;margin:.3rem 0}
tr.passed td:nth-child(3){background:#d9f2d9}tr.failed td:nth-child(3){background:#f8d0d0}tr.known-deviation td:nth-child(3){background:#fde3c0}
tr.skipped td:nth-child(3){background:#fff2c0}tr.not-judged td:nth-child(3){background:#e4e0f5}tr.not-tested td:nth-child(3){background:#eee}
td.coverage-0:not(:empty){background:#d9f2d9}td.coverage-1:not(:empty){background:#f8d0d0}td.coverage-2:not(:empty){background:#fde3c0}
</style></head><body>
<h1>${escapeHtml(title)}</h1>
<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd>`).join('')}</dl>
${summary.outcome.reasons.length > 0 ? `<section id="verdict"><h2>Why ${escapeHtml(summary.verdict)}</h2><ul>${[...summary.outcome.reasons.map((r) => r.split('\n')[0] ?? ''), ...(summary.throttling ? [summary.throttling] : [])].map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul></section>` : ''}
${causeTable('failed-checks', CAUSE_TITLES.checks, summary.causes)}
${causeTable('blocked-scenarios', CAUSE_TITLES.blocked, summary.blockedCauses)}
${table(`Rules of the service description (${SERVICE_DESCRIPTION_PATH}; coverage in features/RULES.md)`, 'Rule', 'What the description says', summary.rules, links)}
${summary.extensions.length > 0 ? table(EXTENSIONS_TITLE, 'Rule', 'What the description says', summary.extensions, links) : ''}
${table('Operations (spec/openapi.yaml)', 'Operation', 'Method and path', summary.operations)}
${renderCoverageHtml(summary.coverage)}
${baselineTable(summary)}
${summary.leftovers.ids.length > 0 ? `<section id="records-left-behind"><h2>Records left behind</h2><ul>${summary.leftovers.ids.map((id) => `<li><code>${escapeHtml(id)}</code></li>`).join('')}</ul><p>Delete them with (TOKEN set to a token the target accepts):</p><pre>${escapeHtml(summary.leftovers.deleteCommands.join('\n'))}</pre></section>` : ''}
${fresh.length > 0 ? `<h2>${summary.baseline ? 'New deviations (not held by the baseline)' : 'Deviations'}, scenario by scenario (${fresh.length})</h2>\n<ul>${fresh.map((d) => `<li><strong>${escapeHtml(d.scenario)}</strong> — ${d.blocked ? 'blocked by ' : ''}<code>${escapeHtml(d.check)}</code><pre>${escapeHtml(d.message)}</pre></li>`).join('')}</ul>` : ''}
${renderAllowanceSectionHtml()}
</body></html>
`;
}
