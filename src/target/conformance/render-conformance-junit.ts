import { cdata, escapeXml } from '../../contract/escape-html.js';
import { runCheckCase, type RunCheck } from '../run/add-run-checks-to-junit.js';
import type { ScenarioResult } from './collect-scenario-results.js';
import { answerLine } from './group-causes.js';
import { deviationsOf, type Deviation } from './run-deviations.js';

/** What junit.xml is written from: the run model, the baseline's reasons, and the run's own checks. */
export interface JunitInputs {
  scenarios: readonly ScenarioResult[];
  /** The baseline's reason for a deviation it holds; undefined for a new one. */
  reasonOf: (d: Deviation) => string | undefined;
  runChecks: readonly RunCheck[];
  date?: Date | undefined;
}

export const JUNIT_SUITE = 'mgmt-kit conformance';

// XML 1.0 has no place for control characters other than tab and line ends (nor U+FFFE, U+FFFF), and a target's body may hold any.
const notXml = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffe || code === 0xffff;
const xmlText = (text: string) => Array.from(text, (ch) => (notXml(ch.codePointAt(0) ?? 0) ? '\uFFFD' : ch)).join('');
const attr = (text: string) => escapeXml(xmlText(text));

const said = (d: Deviation) => `${d.check}: expected ${d.expected}, observed ${d.observed}`;

/**
 * One <failure> for every new failed check of the scenario: junit readers (the Ant schema most CI
 * widgets follow) take one failure per test case, so the message names the first check and how
 * many more, and the text lists each with its message and the answer.
 */
function failure(checks: readonly Deviation[]): string {
  const [first] = checks;
  if (!first) return '';
  const more = checks.length > 1 ? ` (+${checks.length - 1} more failed check${checks.length > 2 ? 's' : ''})` : '';
  const detail = checks.map((d) => [said(d), `  ${d.message}`, ...(d.answer ? [`  answer: ${answerLine(d.answer, 400)}`] : [])].join('\n')).join('\n');
  return `    <failure type="${attr(first.check)}" message="${attr(`${said(first)}${more}`)}">${cdata(xmlText(detail))}</failure>`;
}

/** The test case of one scenario: one failure naming every new failed check, skipped with the cause when blocked, known deviations marked. */
function testCase(s: ScenarioResult, deviations: readonly Deviation[], reasonOf: JunitInputs['reasonOf']): { xml: string; failed: boolean; skipped: boolean } {
  const file = s.uri.slice(s.uri.lastIndexOf('/') + 1);
  const open = `  <testcase classname="${attr(file)}" name="${attr(s.id)}" time="0"`;
  const known = deviations.filter((d) => reasonOf(d) !== undefined);
  const fresh = deviations.filter((d) => reasonOf(d) === undefined);
  const newChecks = fresh.filter((d) => !d.blocked);
  const blocked = fresh.find((d) => d.blocked);
  const knownLines = known.map((d) => `known deviation (baseline): ${d.blocked ? 'blocked by ' : ''}${said(d)} — ${reasonOf(d)}`);
  // What lenient setup steps accepted on their way (a create answered 200, read back by id) is said, not hidden.
  const notes = [
    ...(blocked && newChecks.length === 0 ? [blocked.message, answerLine(blocked.answer, 400)].filter(Boolean) : []),
    ...knownLines,
    ...s.setup.map((n) => `setup: ${n.step}: ${n.saw}`),
    ...s.cleanupLeft.map((left) => `the clean-up still found ${left}`),
  ];
  const out = notes.length > 0 ? [`    <system-out>${cdata(xmlText(notes.join('\n')))}</system-out>`] : [];
  const whole = (...inner: string[]) => (inner.length > 0 ? [`${open}>`, ...inner, '  </testcase>'].join('\n') : `${open}/>`);
  if (newChecks.length > 0) return { xml: whole(failure(newChecks), ...out), failed: true, skipped: false };
  let skip: string | undefined;
  if (blocked) skip = `not judged: blocked by ${blocked.check} (${blocked.observed}) at "${blocked.expected}"`;
  else if (known.length > 0) skip = knownLines.join('; ');
  else if (s.status === 'skipped') skip = 'skipped at run time (a hook found a prerequisite missing)';
  if (skip === undefined) return { xml: whole(...out), failed: false, skipped: false };
  return { xml: whole(`    <skipped message="${attr(skip)}"/>`, ...out), failed: false, skipped: true };
}

/**
 * junit.xml, written by the kit from the run model (not cucumber's file rewritten): a test case per
 * scenario that was selected, named by its stable id; one failure listing every failed check the
 * baseline does not hold (id, expected, observed, the answer); a blocked scenario skipped with its cause; a
 * known deviation skipped (or, beside new failures, noted) with the baseline's reason; then the
 * run's own checks. The counts follow, so a CI's test widget says what the verdict says.
 */
export function renderConformanceJunit(inputs: JunitInputs): string {
  const all = deviationsOf(inputs.scenarios);
  const byScenario = new Map<string, Deviation[]>();
  for (const d of all) byScenario.set(d.scenario, [...(byScenario.get(d.scenario) ?? []), d]);
  const cases = inputs.scenarios.filter((s) => s.status !== 'not-selected').map((s) => testCase(s, byScenario.get(s.id) ?? [], inputs.reasonOf));
  const tests = cases.length + inputs.runChecks.length;
  const failures = cases.filter((c) => c.failed).length + inputs.runChecks.filter((c) => c.failure).length;
  const skipped = cases.filter((c) => c.skipped).length;
  const stamp = inputs.date ? ` timestamp="${inputs.date.toISOString()}"` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="${JUNIT_SUITE}" tests="${tests}" failures="${failures}" skipped="${skipped}" errors="0"${stamp}>`,
    ...cases.map((c) => c.xml),
    ...inputs.runChecks.map(runCheckCase),
    '</testsuite>',
    '',
  ].join('\n');
}
