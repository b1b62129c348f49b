import { unacceptedFailures, type FuzzReport } from './fuzz-report.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these control characters, so the report drops them.
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!).replace(XML_FORBIDDEN, '');

/**
 * A JUnit file for CI widgets: one test case per distinct failure (failed, with expected and actual), and one passing case for the sequences that found
 * nothing new.
 */
export function renderFuzzJunit(report: FuzzReport): string {
  const seconds = (report.durationMs / 1000).toFixed(3);
  const failures = unacceptedFailures(report);
  const cases = failures.map(
    (f) =>
      `    <testcase classname="mgmt-kit.fuzz.${f.check}" name="${escapeXml(f.signature)}"><failure message="${escapeXml(f.title)}">${escapeXml(`check: ${f.check}, seen ${f.count} time(s)\nexpected: ${f.expected}\nactual: ${f.actual}`)}</failure></testcase>`,
  );
  // --baseline: a known deviation is skipped, with the baseline's reason, not failed.
  for (const { failure, reason } of report.baseline?.comparison.accepted ?? []) {
    cases.push(
      `    <testcase classname="mgmt-kit.fuzz.${failure.check}" name="${escapeXml(failure.signature)}"><skipped message="${escapeXml(`known deviation (--baseline): ${reason}`)}">${escapeXml(failure.title)}</skipped></testcase>`,
    );
  }
  const skipped = report.baseline?.comparison.accepted.length ?? 0;
  const groups = report.concurrency ? `, ${report.concurrency.groups} concurrent groups of ${report.concurrency.inFlight}` : '';
  cases.push(`    <testcase classname="mgmt-kit.fuzz" name="${report.sequences} sequences${groups}, random seed ${report.randomSeed}" time="${seconds}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${cases.length}" failures="${failures.length}" skipped="${skipped}" time="${seconds}">`,
    `  <testsuite name="mgmt-kit fuzz ${escapeXml(report.baseUrl)}" tests="${cases.length}" failures="${failures.length}" skipped="${skipped}" time="${seconds}" timestamp="${report.startedAt.toISOString()}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
