import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ConformanceSummary } from './build-conformance-summary.js';
import { renderDescriptionHtml } from './render-description-html.js';
import { renderSummaryHtml } from './render-summary-html.js';
import { renderSummaryMarkdown } from './render-summary-markdown.js';
import { PACKAGE_ROOT } from './run-conformance.js';
import { loadServiceSections, SERVICE_DESCRIPTION_PATH } from './service-description.js';

/** The service description's HTML copy beside the summary, which the § links open. */
export const DESCRIPTION_HTML = basename(SERVICE_DESCRIPTION_PATH).replace(/\.md$/, '.html');

/** Every file a conformance run writes into its report directory (cucumber's and the kit's). */
export const CONFORMANCE_REPORT_FILES = [
  'conformance-summary.md',
  'conformance-summary.html',
  'conformance-summary.json',
  'cucumber.html',
  'cucumber.json',
  'junit.xml',
  'messages.ndjson',
  basename(SERVICE_DESCRIPTION_PATH),
  DESCRIPTION_HTML,
] as const;

/**
 * Removes what an earlier run wrote into the report directory, before this run writes anything:
 * a run that stops early must not leave the previous run's verdict to be published as its own.
 * Only the run's own file names go; anything else in the directory stays.
 */
export async function removeEarlierReports(reportDir: string): Promise<void> {
  await Promise.all(CONFORMANCE_REPORT_FILES.map((name) => rm(join(reportDir, name), { force: true })));
}

/** `conformance-summary.json`: the summary as data — the deviations by cause, the rows, the baseline's entries — with the coverage tallies `mgmt-kit coverage` merges. */
export function renderSummaryJson(summary: ConformanceSummary): string {
  const { context, verdict, outcome, counts, causes, blockedCauses, rules, operations, newDeviations, baseline, leftovers, cleanupFound, coverage, tallies } =
    summary;
  const data = {
    tool: 'conformance',
    baseUrl: context.baseUrl,
    verdict,
    exitCode: outcome.exitCode,
    reasons: outcome.reasons,
    counts,
    context,
    causes,
    blockedCauses,
    rules,
    operations,
    newDeviations,
    baseline: baseline && {
      file: baseline.file,
      entries: baseline.comparison.entries.map((e) => ({ ...e.entry, index: e.index, thisRun: e.pairs })),
      held: baseline.comparison.held.length,
      unheld: baseline.comparison.unheld.length,
    },
    leftovers,
    cleanupFound,
    coverage: { ...coverage, tallies },
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/**
 * Writes `conformance-summary.md`, `.html` and `.json` into the report directory, with the service
 * description beside them as Markdown and as HTML; returns their paths. The HTML summary links
 * each § of the rules to the HTML copy, whose headings carry the ids the links name, so the links
 * open the right heading wherever the directory goes (an uploaded CI artifact, offline).
 */
export async function writeConformanceSummary(reportDir: string, summary: ConformanceSummary): Promise<string[]> {
  await mkdir(reportDir, { recursive: true });
  const markdown = await readFile(join(PACKAGE_ROOT, SERVICE_DESCRIPTION_PATH), 'utf8');
  const description = join(reportDir, basename(SERVICE_DESCRIPTION_PATH));
  const descriptionHtml = join(reportDir, DESCRIPTION_HTML);
  const links = { serviceDescriptionHref: DESCRIPTION_HTML, sections: loadServiceSections(PACKAGE_ROOT) };
  const files: Array<[string, string]> = [
    [join(reportDir, 'conformance-summary.md'), renderSummaryMarkdown(summary)],
    [join(reportDir, 'conformance-summary.html'), renderSummaryHtml(summary, links)],
    [join(reportDir, 'conformance-summary.json'), renderSummaryJson(summary)],
    [description, markdown],
    [descriptionHtml, renderDescriptionHtml(markdown, 'The management service (description)')],
  ];
  for (const [path, text] of files) await writeFile(path, text, 'utf8');
  return files.map(([path]) => path);
}
