import { cdata, escapeXml } from '../contract/escape-html.js';

/** A suite's opening tag with the count `attribute` moved by `delta`. */
const bump = (attribute: string, delta: number) => (open: string) =>
  open.replace(new RegExp(`\\b${attribute}="(\\d+)"`), (_w, n: string) => `${attribute}="${Number(n) + delta}"`);

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
        ? `  <testcase classname="mgmt-kit run" name="${escapeXml(c.name)}" time="0">\n    <failure type="run check" message="${escapeXml(c.failure.message)}">${cdata(c.failure.detail)}</failure>\n  </testcase>`
        : `  <testcase classname="mgmt-kit run" name="${escapeXml(c.name)}" time="0"/>`,
    )
    .join('\n');
  const failed = checks.filter((c) => c.failure).length;
  const last = xml.lastIndexOf('</testsuite>');
  const withCases = `${xml.slice(0, last)}${cases}\n${xml.slice(last)}`;
  const counted = (open: string) => bump('failures', failed)(bump('tests', checks.length)(open));
  return withCases.replace(/<testsuites\b[^>]*>/, counted).replace(/<testsuite\b[^>]*>/, counted);
}

const decodeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_whole, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name] ?? '');

/** The scenario a junit test case is: its name, or for an example of an outline what follows ` - #1.2: `. */
const scenarioOf = (junitName: string) => decodeXml(junitName).replace(/^.* - #\d+(?:\.\d+)*: /, '');

/**
 * cucumber's junit.xml with every failure the baseline lists turned into a skipped test case
 * carrying the baseline's reason, and the suite's `failures` / `skipped` counts to match: a run
 * that exits 0 under `--baseline` then shows no failure in a CI's test widget, and a failure the
 * baseline does not list still does.
 */
export function markKnownDeviationsInJunit(xml: string, known: ReadonlyArray<{ scenario: string; reason: string }>): string {
  const reasons = new Map(known.map((e) => [e.scenario, e.reason]));
  let marked = 0;
  const cases = xml.replace(/<testcase\b[^>]*\bname="([^"]*)"[^>]*>[\s\S]*?<\/testcase>/g, (testcase, name: string) => {
    const reason = reasons.get(scenarioOf(name));
    if (reason === undefined) return testcase;
    return testcase.replace(/<failure\b[^>]*?(?:\/>|>[\s\S]*?<\/failure>)/, (failure) => {
      marked++;
      const error = /\bmessage="([^"]*)"/.exec(failure)?.[1] ?? '';
      return `<skipped message="${escapeXml(`known deviation (baseline): ${reason}`)}"/>\n    <system-err>${error}</system-err>`;
    });
  });
  if (marked === 0) return xml;
  return cases.replace(/<testsuite\b[^>]*>/, (open) => bump('skipped', marked)(bump('failures', -marked)(open)));
}
