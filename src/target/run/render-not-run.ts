import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cdata, escapeHtml, escapeXml } from '../../contract/escape-html.js';
import type { RunLeftovers } from './read-run-leftovers.js';
import type { RunVerdict } from './run-verdict.js';

/** What the reports of a run that reached no verdict say: where it was pointed, the verdict (NOT RUN, INTERRUPTED) and why. */
export interface NotRunReport {
  baseUrl: string;
  date: Date;
  verdict: RunVerdict;
  /** The run prefix, when scenarios had started: records under it may be left. */
  runPrefix?: string | undefined;
  /** What a read of every index after the run found under the prefix (an interrupted run reads it back too). */
  leftovers?: RunLeftovers | undefined;
  /** Why the leftovers were not read (a second signal, the read-back's deadline); with `runPrefix` and no `leftovers`. */
  leftoversUnread?: string | undefined;
  /** When the leftovers were read. */
  readAt?: Date | undefined;
}

const INDEX_PATHS = 'GET /event, /type/network-link, /catalog/agent';

/**
 * What the run left, as lines of text: the ids and their delete commands, the indices the
 * read-back could not read, or that the leftovers could not be read at all and how to find them.
 */
export function leftoverLines(report: NotRunReport): { text: string[]; commands: string[] } {
  const prefix = report.runPrefix;
  if (prefix === undefined) return { text: [], commands: [] };
  const left = report.leftovers;
  if (left === undefined) {
    const why = report.leftoversUnread ?? 'the run ended before its clean-up was read back';
    return {
      text: [
        `The records the run left could not be read (${why}): records under the run prefix ${prefix} may be left on the target. Read each index (${INDEX_PATHS}) for ids starting with ${prefix}.`,
      ],
      commands: [],
    };
  }
  const when = report.readAt ? ` at ${report.readAt.toISOString().slice(11, 19)} UTC` : '';
  const text = [
    left.ids.length > 0
      ? `Records of the run left on the target (${left.ids.length}, read back${when} after the run ended): ${left.ids.join(', ')}`
      : `The read-back${when} found no record under the run prefix ${prefix}${left.unverified.length > 0 ? ' in the indices it could read' : ''}.`,
    ...(left.unverified.length > 0
      ? [`The read-back could not read ${left.unverified.join(', ')}: records under ${prefix} may be left there (${INDEX_PATHS}).`]
      : []),
  ];
  return { text, commands: left.deleteCommands };
}

const DELETE_WITH = 'Delete them with (TOKEN set to a token the target accepts):';

/** What differs between the not-run reports of the two tools: their title, what they run, and their file names. */
const TOOLS = {
  conformance: {
    title: 'Conformance summary',
    runs: 'scenarios',
    files: ['conformance-summary.md', 'conformance-summary.html', 'conformance-summary.json', 'junit.xml'],
  },
  fuzz: { title: 'mgmt-kit fuzz', runs: 'sequences', files: ['fuzz.md', 'fuzz-junit.xml', 'fuzz-summary.json'] },
} as const;

type Tool = keyof typeof TOOLS;

function renderNotRunMarkdown(report: NotRunReport, tool: Tool): string {
  const left = leftoverLines(report);
  return [
    `# ${TOOLS[tool].title}: ${report.verdict.word}`,
    '',
    `- Target: ${report.baseUrl}`,
    `- Date: ${report.date.toISOString()}`,
    `- Exit code: ${report.verdict.exitCode}`,
    '',
    `No verdict on the target: the run did not run its ${TOOLS[tool].runs} to the end.`,
    '',
    ...report.verdict.reasons.map((r) => `- ${r}`),
    ...(left.text.length > 0 ? ['', '## Records left behind', '', ...left.text] : []),
    ...(left.commands.length > 0 ? ['', DELETE_WITH, '', '```sh', ...left.commands, '```'] : []),
    '',
  ].join('\n');
}

function renderNotRunHtml(report: NotRunReport): string {
  const title = `Conformance summary: ${report.verdict.word}`;
  const left = leftoverLines(report);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>
<h1>${escapeHtml(title)}</h1>
<dl><dt>Target</dt><dd>${escapeHtml(report.baseUrl)}</dd><dt>Date</dt><dd>${report.date.toISOString()}</dd><dt>Exit code</dt><dd>${report.verdict.exitCode}</dd></dl>
<p>No verdict on the target: the run did not run its scenarios to the end.</p>
<ul>${report.verdict.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>
${left.text.length > 0 ? `<section id="records-left-behind"><h2>Records left behind</h2>${left.text.map((t) => `<p>${escapeHtml(t)}</p>`).join('')}${left.commands.length > 0 ? `<p>${escapeHtml(DELETE_WITH)}</p><pre>${escapeHtml(left.commands.join('\n'))}</pre>` : ''}</section>` : ''}
</body></html>
`;
}

/** junit of a run without a verdict: one failed test case carrying the reason, so a CI's test widget is not green. */
function renderNotRunJunit(report: NotRunReport, tool: Tool): string {
  const suite = `mgmt-kit ${tool}`;
  const message = escapeXml(`${report.verdict.word}: ${report.verdict.reasons[0] ?? ''}`);
  const left = leftoverLines(report);
  const detail = [
    ...report.verdict.reasons,
    ...(left.text.length > 0 ? ['', ...left.text] : []),
    ...(left.commands.length > 0 ? ['', DELETE_WITH, ...left.commands] : []),
  ];
  return `<?xml version="1.0"?>
<testsuite name="${suite}" tests="1" skipped="0" failures="1" errors="0" timestamp="${report.date.toISOString()}">
  <testcase classname="${suite}" name="the run">
    <failure type="${report.verdict.word}" message="${message}">${cdata(detail.join('\n'))}</failure>
  </testcase>
</testsuite>
`;
}

/** The JSON summary of a run without a verdict: the verdict, and what the read-back found (or why there was none). */
function notRunJson(tool: Tool, report: NotRunReport): string {
  const { leftovers } = report;
  const data = {
    tool,
    baseUrl: report.baseUrl,
    verdict: report.verdict.word,
    exitCode: report.verdict.exitCode,
    reasons: report.verdict.reasons,
    date: report.date.toISOString(),
    runPrefix: report.runPrefix,
    ...(leftovers
      ? { leftovers: { ids: leftovers.ids, unverified: leftovers.unverified, deleteCommands: leftovers.deleteCommands, readAt: report.readAt?.toISOString() } }
      : {}),
    ...(report.leftoversUnread !== undefined ? { leftoversUnread: report.leftoversUnread } : {}),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/**
 * Writes the reports of a run that did not reach a verdict (stopped at pre-flight, selected
 * nothing, interrupted): the summaries and junit say so and why, so nothing in the directory reads
 * as a verdict on the target. Written at once, as a signal handler needs before the process
 * exits; returns their paths.
 */
export function writeNotRunReports(tool: Tool, reportDir: string, report: NotRunReport): string[] {
  const texts: Record<string, () => string> = {
    md: () => renderNotRunMarkdown(report, tool),
    html: () => renderNotRunHtml(report),
    json: () => notRunJson(tool, report),
    xml: () => renderNotRunJunit(report, tool),
  };
  mkdirSync(reportDir, { recursive: true });
  return TOOLS[tool].files.map((name) => {
    writeFileSync(join(reportDir, name), texts[name.slice(name.lastIndexOf('.') + 1)]!(), 'utf8');
    return join(reportDir, name);
  });
}
