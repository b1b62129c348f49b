import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ConformanceSummary } from './build-conformance-summary.js';
import { renderSummaryHtml } from './render-summary-html.js';
import { renderSummaryMarkdown } from './render-summary-markdown.js';
import { PACKAGE_ROOT } from './run-conformance.js';
import { loadServiceSections, SERVICE_DESCRIPTION_PATH } from './service-description.js';

/** `conformance-summary.json`: the summary as data, with the coverage tallies `mgmt-kit coverage` merges. */
function summaryJson(summary: ConformanceSummary): string {
  const { context, verdict, counts, rules, operations, failedScenarios, baseline, leftovers, coverage, tallies } = summary;
  const data = { tool: 'conformance', baseUrl: context.baseUrl, verdict, counts, context, rules, operations, failedScenarios, baseline, leftovers, coverage: { ...coverage, tallies } };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/**
 * Writes `conformance-summary.md`, `.html` and `.json` into the report directory, with a copy of
 * the service description beside them; returns their paths. The HTML links each § of the rules to
 * that copy, so the links work wherever the directory goes (an uploaded CI artifact), not only on
 * the machine whose node_modules held the kit.
 */
export async function writeConformanceSummary(reportDir: string, summary: ConformanceSummary): Promise<string[]> {
  await mkdir(reportDir, { recursive: true });
  const description = join(reportDir, basename(SERVICE_DESCRIPTION_PATH));
  await copyFile(join(PACKAGE_ROOT, SERVICE_DESCRIPTION_PATH), description);
  const links = { serviceDescriptionHref: basename(SERVICE_DESCRIPTION_PATH), sections: loadServiceSections(PACKAGE_ROOT) };
  const files: Array<[string, string]> = [
    [join(reportDir, 'conformance-summary.md'), renderSummaryMarkdown(summary)],
    [join(reportDir, 'conformance-summary.html'), renderSummaryHtml(summary, links)],
    [join(reportDir, 'conformance-summary.json'), summaryJson(summary)],
  ];
  for (const [path, text] of files) await writeFile(path, text, 'utf8');
  return [...files.map(([path]) => path), description];
}
