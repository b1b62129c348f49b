import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FuzzReport } from './fuzz-report.js';
import { renderFuzzJunit } from './render-fuzz-junit.js';
import { renderFuzzMarkdown } from './render-fuzz-markdown.js';

/** Writes `fuzz.md` and `fuzz-junit.xml` into the report directory; resolves to their paths. */
export async function writeFuzzReports(reportDir: string, report: FuzzReport, token: string | undefined): Promise<string[]> {
  await mkdir(reportDir, { recursive: true });
  const markdown = join(reportDir, 'fuzz.md');
  const junit = join(reportDir, 'fuzz-junit.xml');
  await writeFile(markdown, renderFuzzMarkdown(report, token));
  await writeFile(junit, renderFuzzJunit(report));
  return [markdown, junit];
}
