import { escapeHtml } from './escape-html.js';
import type { RunVerdict } from './run-verdict.js';

/** What the reports of a run that reached no verdict say: where it was pointed, the verdict (NOT RUN, INTERRUPTED) and why. */
export interface NotRunReport {
  baseUrl: string;
  date: Date;
  verdict: RunVerdict;
  /** The run prefix, when scenarios had started: records under it may be left. */
  runPrefix?: string | undefined;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function prefixNote(report: NotRunReport): string | undefined {
  return report.runPrefix === undefined
    ? undefined
    : `Records under the run prefix ${report.runPrefix} may be left on the target: the run ended before its clean-up was read back. Read each index (GET /event, /type/network-link, /catalog/agent) for ids starting with ${report.runPrefix}.`;
}

/** `conformance-summary.md` of a run without a verdict. */
export function renderNotRunMarkdown(report: NotRunReport): string {
  const note = prefixNote(report);
  return [
    `# Conformance summary: ${report.verdict.word}`,
    '',
    `- Target: ${report.baseUrl}`,
    `- Date: ${report.date.toISOString()}`,
    `- Exit code: ${report.verdict.exitCode}`,
    '',
    'No verdict on the target: the run did not run its scenarios to the end.',
    '',
    ...report.verdict.reasons.map((r) => `- ${r}`),
    ...(note ? ['', note] : []),
    '',
  ].join('\n');
}

/** `conformance-summary.html` of a run without a verdict. */
export function renderNotRunHtml(report: NotRunReport): string {
  const title = `Conformance summary: ${report.verdict.word}`;
  const note = prefixNote(report);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>
<h1>${escapeHtml(title)}</h1>
<dl><dt>Target</dt><dd>${escapeHtml(report.baseUrl)}</dd><dt>Date</dt><dd>${report.date.toISOString()}</dd><dt>Exit code</dt><dd>${report.verdict.exitCode}</dd></dl>
<p>No verdict on the target: the run did not run its scenarios to the end.</p>
<ul>${report.verdict.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>
${note ? `<p>${escapeHtml(note)}</p>` : ''}
</body></html>
`;
}

/** `junit.xml` of a run without a verdict: one failed test case carrying the reason, so a CI's test widget is not green. */
export function renderNotRunJunit(report: NotRunReport): string {
  const message = escapeXml(`${report.verdict.word}: ${report.verdict.reasons[0] ?? ''}`);
  return `<?xml version="1.0"?>
<testsuite name="mgmt-kit conformance" tests="1" skipped="0" failures="1" errors="0" timestamp="${report.date.toISOString()}">
  <testcase classname="mgmt-kit conformance" name="the run">
    <failure type="${report.verdict.word}" message="${message}"><![CDATA[${report.verdict.reasons.join('\n')}]]></failure>
  </testcase>
</testsuite>
`;
}
