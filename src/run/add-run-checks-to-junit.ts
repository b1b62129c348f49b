import { escapeXml } from '../contract/escape-html.js';

/** A check of the whole run that is not a scenario, as junit shows it: its name, and its failure when it failed. */
export interface RunCheck {
  name: string;
  failure?: { message: string; detail: string } | undefined;
}

/**
 * cucumber's junit.xml with the run's own checks added as test cases of its suite, and the
 * suite's `tests` / `failures` counts to match: a run whose coverage gate failed, that left
 * records behind or whose target stopped answering is red in a CI's test widget too, with the
 * reason, the same verdict the summaries and the exit code give.
 */
export function addRunChecksToJunit(xml: string, checks: readonly RunCheck[]): string {
  if (checks.length === 0 || !/<\/testsuite>/.test(xml)) return xml;
  const cases = checks
    .map((c) =>
      c.failure
        ? `  <testcase classname="mgmt-kit run" name="${escapeXml(c.name)}" time="0">\n    <failure type="run check" message="${escapeXml(c.failure.message)}"><![CDATA[${c.failure.detail.replace(/]]>/g, ']]]]><![CDATA[>')}]]></failure>\n  </testcase>`
        : `  <testcase classname="mgmt-kit run" name="${escapeXml(c.name)}" time="0"/>`,
    )
    .join('\n');
  const failed = checks.filter((c) => c.failure).length;
  const bump = (attribute: string, delta: number) => (text: string) =>
    text.replace(new RegExp(`\\b${attribute}="(\\d+)"`), (_w, n: string) => `${attribute}="${Number(n) + delta}"`);
  const last = xml.lastIndexOf('</testsuite>');
  const withCases = `${xml.slice(0, last)}${cases}\n${xml.slice(last)}`;
  const counted = (open: string) => bump('failures', failed)(bump('tests', checks.length)(open));
  return withCases.replace(/<testsuites\b[^>]*>/, counted).replace(/<testsuite\b[^>]*>/, counted);
}
