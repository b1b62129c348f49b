import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConformanceSummary } from './build-conformance-summary.js';
import { renderSummaryHtml } from './render-summary-html.js';
import { renderSummaryMarkdown } from './render-summary-markdown.js';

/** Writes `conformance-summary.md` and `conformance-summary.html` into the report directory; returns their paths. */
export async function writeConformanceSummary(reportDir: string, summary: ConformanceSummary): Promise<string[]> {
  await mkdir(reportDir, { recursive: true });
  const files: Array<[string, string]> = [
    [join(reportDir, 'conformance-summary.md'), renderSummaryMarkdown(summary)],
    [join(reportDir, 'conformance-summary.html'), renderSummaryHtml(summary)],
  ];
  for (const [path, text] of files) await writeFile(path, text, 'utf8');
  return files.map(([path]) => path);
}
