import { cdata, escapeXml } from '../../contract/escape-html.js';

/** A suite's opening tag with the count `attribute` moved by `delta`. */
const bump = (attribute: string, delta: number) => (open: string) =>
  open.replace(new RegExp(`\\b${attribute}="(\\d+)"`), (_w, n: string) => `${attribute}="${Number(n) + delta}"`);

/** A check of the whole run that is not a scenario, as junit shows it: its name, and its failure when it failed. */
export interface RunCheck {
  name: string;
  failure?: { message: string; detail: string } | undefined;
}

/** One run check as a junit test case of the class `mgmt-kit run`. */
export function runCheckCase(check: RunCheck): string {
  return check.failure
    ? `  <testcase classname="mgmt-kit run" name="${escapeXml(check.name)}" time="0">\n    <failure type="run check" message="${escapeXml(check.failure.message)}">${cdata(check.failure.detail)}</failure>\n  </testcase>`
    : `  <testcase classname="mgmt-kit run" name="${escapeXml(check.name)}" time="0"/>`;
}

/**
 * A junit.xml with the run's own checks added as test cases of its suite, and the suite's
 * `tests` / `failures` counts to match: a run whose coverage gate failed, that left records behind
 * or whose target stopped answering is red in a CI's test widget too, with the reason, the same
 * verdict the summaries and the exit code give. (The fuzzer's junit; the conformance junit is
 * written whole from the run model, render-conformance-junit.ts.)
 */
export function addRunChecksToJunit(xml: string, checks: readonly RunCheck[]): string {
  if (checks.length === 0 || !/<\/testsuite>/.test(xml)) return xml;
  const cases = checks.map(runCheckCase).join('\n');
  const failed = checks.filter((c) => c.failure).length;
  const last = xml.lastIndexOf('</testsuite>');
  const withCases = `${xml.slice(0, last)}${cases}\n${xml.slice(last)}`;
  const counted = (open: string) => bump('failures', failed)(bump('tests', checks.length)(open));
  return withCases.replace(/<testsuites\b[^>]*>/, counted).replace(/<testsuite\b[^>]*>/, counted);
}
