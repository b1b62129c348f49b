import { renderCoverageHtml } from '../coverage/render-coverage.js';
import { escapeHtml } from '../contract/escape-html.js';
import { renderAllowanceSectionHtml } from '../contract/render-allowances.js';
import type { ConformanceSummary, SummaryRow } from './build-conformance-summary.js';
import { BASELINE_OUTCOME_TEXT, cleanUpLine, EXTENSIONS_TITLE, listFailuresFirst } from './render-summary-markdown.js';
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
        `<tr class="${r.status.replace(' ', '-')}"><td><code>${escapeHtml(r.key)}</code></td><td>${linkSections(r.label, links)}</td>` +
        `<td>${r.status}</td><td>${r.ran}</td><td>${r.reasons.map((x) => `<div>${escapeHtml(x)}</div>`).join('')}</td></tr>`,
    )
    .join('\n');
  return `<h2>${escapeHtml(title)}</h2>\n<table><thead><tr><th>${escapeHtml(first)}</th><th>${escapeHtml(second)}</th><th>Status</th><th>Scenarios run</th><th>Reason</th></tr></thead>\n<tbody>\n${body}\n</tbody></table>`;
}

/**
 * The top of the page: new failures, then known deviations, each linked to its detail further
 * down (the page runs to thousands of pixels; a reader wants the reds first).
 */
function failuresFirst(summary: ConformanceSummary): string {
  const { newFailures, deviations } = listFailuresFirst(summary);
  const item = (href: string, name: string, note: string) => `<li><a href="#${href}">${escapeHtml(name)}</a> — ${escapeHtml(note.split('\n')[0] ?? '')}</li>`;
  const parts = [
    `<h3>New failures (${newFailures.length})</h3>`,
    newFailures.length > 0 ? `<ol>${newFailures.map((f, i) => item(`failure-${i + 1}`, f.name, f.error)).join('')}</ol>` : '<p>None.</p>',
  ];
  if (summary.baseline) {
    parts.push(`<h3>Known deviations (${deviations.length}, listed in the baseline)</h3>`);
    parts.push(deviations.length > 0 ? `<ol>${deviations.map((e) => item(`deviation-${e.i + 1}`, e.scenario, e.reason)).join('')}</ol>` : '<p>None.</p>');
  }
  return `<section id="failures-first"><h2>Failures first</h2>\n${parts.join('\n')}\n<p><a href="#coverage">Response coverage</a></p></section>`;
}

function baselineTable(summary: ConformanceSummary): string {
  if (!summary.baseline) return '';
  const rows = summary.baseline.comparison.entries
    .map(
      (e, i) =>
        `<tr id="deviation-${i + 1}" class="baseline ${e.outcome.replace(/ /g, '-')}"><td>${escapeHtml(e.scenario)}</td><td>${escapeHtml(e.reason)}</td><td>${escapeHtml(BASELINE_OUTCOME_TEXT[e.outcome])}${e.error ? `<pre>${escapeHtml(e.error)}</pre>` : ''}</td></tr>`,
    )
    .join('\n');
  return `<h2>Known deviations (baseline <code>${escapeHtml(summary.baseline.file)}</code>)</h2>\n<table><thead><tr><th>Scenario</th><th>Reason it is accepted</th><th>This run</th></tr></thead>\n<tbody>\n${rows}\n</tbody></table>`;
}

/** The conformance summary as a small self-contained HTML page (`conformance-summary.html`). */
export function renderSummaryHtml(summary: ConformanceSummary, links?: SummaryHtmlLinks): string {
  const { context: c, counts } = summary;
  const known = summary.failedScenarios.filter((f) => f.expected).length;
  const title = `Conformance summary: ${summary.verdict}${known > 0 ? ` (${known} known deviation${known === 1 ? '' : 's'})` : ''}`;
  const facts = [
    ['Target', c.baseUrl],
    ['Profile', `${c.profile}${c.tags ? ` (tags ${c.tags})` : ''}`],
    ['Date', `${c.date.toISOString()} (${(c.durationMs / 1000).toFixed(1)} s)`],
    ['Destructive scenarios', c.allowDestructive ? 'run' : 'skipped (needs --allow-destructive)'],
    ['Minted-token scenarios', c.jwtSecretGiven ? 'run' : 'skipped (needs --jwt-secret)'],
    ['Run prefix', `${c.runPrefix}: ${cleanUpLine(summary).replace(/\*\*/g, '')}`],
    ['Exit code', String(summary.outcome.exitCode)],
    [
      'Scenarios',
      `${counts.passed} passed, ${counts.failed} failed${known > 0 ? ` (${known} listed in the baseline)` : ''}, ${counts.skipped} skipped, ${counts.notSelected} not selected`,
    ],
  ];
  const newFailures = summary.failedScenarios.filter((f) => !f.expected);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%;margin-bottom:2rem}
td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}pre{white-space:pre-wrap;margin:.3rem 0}
tr.passed td:nth-child(3){background:#d9f2d9}tr.failed td:nth-child(3){background:#f8d0d0}tr.known-deviation td:nth-child(3){background:#fde3c0}
tr.skipped td:nth-child(3){background:#fff2c0}tr.not-tested td:nth-child(3){background:#eee}
td.coverage-0:not(:empty){background:#d9f2d9}td.coverage-1:not(:empty){background:#f8d0d0}td.coverage-2:not(:empty){background:#fde3c0}
</style></head><body>
<h1>${escapeHtml(title)}</h1>
<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd>`).join('')}</dl>
${summary.outcome.reasons.length > 0 ? `<section id="verdict"><h2>Why ${escapeHtml(summary.verdict)}</h2><ul>${[...summary.outcome.reasons.map((r) => r.split('\n')[0] ?? ''), ...(summary.throttling ? [summary.throttling] : [])].map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul></section>` : ''}
${failuresFirst(summary)}
${table(`Rules of the service description (${SERVICE_DESCRIPTION_PATH}; coverage in features/RULES.md)`, 'Rule', 'What the description says', summary.rules, links)}
${summary.extensions.length > 0 ? table(EXTENSIONS_TITLE, 'Rule', 'What the description says', summary.extensions, links) : ''}
${table('Operations (spec/openapi.yaml)', 'Operation', 'Method and path', summary.operations)}
${renderCoverageHtml(summary.coverage)}
${baselineTable(summary)}
${summary.leftovers.ids.length > 0 ? `<section id="records-left-behind"><h2>Records left behind</h2><ul>${summary.leftovers.ids.map((id) => `<li><code>${escapeHtml(id)}</code></li>`).join('')}</ul><p>Delete them with (TOKEN set to a token the target accepts):</p><pre>${escapeHtml(summary.leftovers.deleteCommands.join('\n'))}</pre></section>` : ''}
${newFailures.length > 0 ? `<h2>${summary.baseline ? 'New failures (not in the baseline)' : 'Failed scenarios'}</h2>\n<ul>${newFailures.map((f, i) => `<li id="failure-${i + 1}"><strong>${escapeHtml(f.name)}</strong><pre>${escapeHtml(f.error)}</pre></li>`).join('')}</ul>` : ''}
${renderAllowanceSectionHtml()}
</body></html>
`;
}
