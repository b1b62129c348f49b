import type { BaselineEntry } from './baseline.js';
import { escapeXml } from '../contract/escape-html.js';

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
export function markKnownDeviationsInJunit(xml: string, known: readonly BaselineEntry[]): string {
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
  const count = (attribute: string, delta: number) => (text: string) =>
    text.replace(new RegExp(`\\b${attribute}="(\\d+)"`), (_whole, n: string) => `${attribute}="${Number(n) + delta}"`);
  return cases.replace(/<testsuite\b[^>]*>/, (open) => count('skipped', marked)(count('failures', -marked)(open)));
}
