import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { ConformanceSummary } from './build-conformance-summary.js';
import { renderSummaryHtml } from './render-summary-html.js';
import { renderSummaryMarkdown } from './render-summary-markdown.js';
import { PACKAGE_ROOT } from './run-conformance.js';
import { loadServiceSections, SERVICE_DESCRIPTION_PATH } from './service-description.js';

/**
 * Writes `conformance-summary.md` and `conformance-summary.html` into the report directory; returns
 * their paths. The HTML links each § of the rules to the service description shipped with the kit.
 */
export async function writeConformanceSummary(reportDir: string, summary: ConformanceSummary): Promise<string[]> {
  await mkdir(reportDir, { recursive: true });
  const links = {
    serviceDescriptionHref: relative(reportDir, join(PACKAGE_ROOT, SERVICE_DESCRIPTION_PATH)).split('\\').join('/'),
    sections: loadServiceSections(PACKAGE_ROOT),
  };
  const files: Array<[string, string]> = [
    [join(reportDir, 'conformance-summary.md'), renderSummaryMarkdown(summary)],
    [join(reportDir, 'conformance-summary.html'), renderSummaryHtml(summary, links)],
  ];
  for (const [path, text] of files) await writeFile(path, text, 'utf8');
  return files.map(([path]) => path);
}
