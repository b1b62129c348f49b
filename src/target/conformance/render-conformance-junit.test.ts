import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ScenarioCheck, ScenarioResult } from './collect-scenario-results.js';
import { renderConformanceJunit } from './render-conformance-junit.js';
import type { Deviation } from './run-deviations.js';

const scenario = (id: string, status: ScenarioResult['status'], extra: Partial<ScenarioResult> = {}): ScenarioResult => ({
  id,
  name: id,
  uri: 'features/event.feature',
  tags: [],
  status,
  calls: [],
  checks: [],
  setup: [],
  cleanupLeft: [],
  ...extra,
});
const failed = (id: string, observed: string): ScenarioCheck => ({
  id,
  passed: false,
  expected: '201',
  observed,
  message: `${id}: expected 201, observed ${observed}`,
  answer: { operation: 'createEvent', status: Number(observed) || 406, body: '[{"code": 201, "x": "\u0001<&>"}]' },
});

const run: ScenarioResult[] = [
  scenario('event.feature: Passes', 'passed', { checks: [{ ...failed('a/b', ''), passed: true }] }),
  scenario('event.feature: Passes leniently', 'passed', {
    setup: [{ step: 'an event exists', saw: 'create answered 200 (the description: 201); read back by id' }],
  }),
  scenario('event.feature: Two new [events]', 'failed', { checks: [failed('4.1-create/status', '200'), failed('4.1-envelope/envelope-shape', 'an object')] }),
  scenario('event.feature: Known only', 'failed', { checks: [failed('4.1-create/status', '200')] }),
  scenario('event.feature: Known and new', 'failed', { checks: [failed('4.1-create/status', '200'), failed('7-nothing-to-do/unchanged', 'created')] }),
  scenario('event.feature: Blocked', 'blocked', { blocked: { step: 'an event exists', id: 'setup/create', observed: '406', message: 'create answered 406' } }),
  scenario('event.feature: Skipped', 'skipped'),
  scenario('event.feature: Not selected', 'not-selected'),
];
const known = (d: Deviation) => (d.check === '4.1-create/status' && d.scenario !== 'event.feature: Two new [events]' ? 'MGMT-7' : undefined);

function cases(xml: string): Record<string, string> {
  return Object.fromEntries(
    [...xml.matchAll(/<testcase classname="[^"]*" name="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)].map((m) => [m[1]!, m[2] ?? '']),
  );
}

test('junit from the run model: a test case per selected scenario by its stable id, a failure per new failed check', () => {
  const xml = renderConformanceJunit({
    scenarios: run,
    reasonOf: known,
    runChecks: [{ name: 'clean-up' }, { name: 'gate', failure: { message: 'low', detail: 'low' } }],
  });
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuite name="mgmt-kit conformance" tests="9" failures="3" skipped="3" errors="0">/);
  const c = cases(xml);
  assert.deepEqual(Object.keys(c), [
    'event.feature: Passes',
    'event.feature: Passes leniently',
    'event.feature: Two new [events]',
    'event.feature: Known only',
    'event.feature: Known and new',
    'event.feature: Blocked',
    'event.feature: Skipped',
    'clean-up',
    'gate',
  ]);
  assert.equal(c['event.feature: Passes'], '');
  assert.match(
    c['event.feature: Passes leniently']!,
    /^\s*<system-out><!\[CDATA\[setup: an event exists: create answered 200 \(the description: 201\); read back by id\]\]><\/system-out>\s*$/,
  );
  const two = c['event.feature: Two new [events]']!;
  assert.equal(two.match(/<failure /g)?.length, 1, 'one failure per test case, as junit readers take it');
  assert.match(
    two,
    /<failure type="4\.1-create\/status" message="4\.1-create\/status: expected 201, observed 200 \(\+1 more failed check\)"><!\[CDATA\[4\.1-create\/status: expected 201, observed 200\n {2}[^\n]*\n {2}answer: createEvent 200 \[\{"code": 201, "x": "\uFFFD<&>"\}\]\n4\.1-envelope\/envelope-shape: expected [^\n]*, observed an object\n/,
  );
  assert.match(
    c['event.feature: Known only']!,
    /^\s*<skipped message="known deviation \(baseline\): 4\.1-create\/status: expected 201, observed 200 — MGMT-7"\/>\n/,
  );
  assert.doesNotMatch(c['event.feature: Known only']!, /<failure/);
  const mixed = c['event.feature: Known and new']!;
  assert.match(mixed, /<failure type="7-nothing-to-do\/unchanged"/);
  assert.doesNotMatch(mixed, /<failure type="4\.1-create/);
  assert.match(mixed, /<system-out><!\[CDATA\[known deviation \(baseline\): 4\.1-create\/status: expected 201, observed 200 — MGMT-7\]\]><\/system-out>/);
  assert.match(c['event.feature: Blocked']!, /<skipped message="not judged: blocked by setup\/create \(406\) at &quot;an event exists&quot;"\/>/);
  assert.match(c['event.feature: Skipped']!, /<skipped message="skipped at run time/);
  assert.match(c['gate']!, /<failure type="run check" message="low">/);
});

test('without a baseline every deviation is a failure; a blocked scenario the baseline holds is skipped as known', () => {
  const xml = renderConformanceJunit({ scenarios: run, reasonOf: () => undefined, runChecks: [] });
  assert.match(xml, /tests="7" failures="3" skipped="2"/);
  const heldBlock = renderConformanceJunit({ scenarios: run.filter((r) => r.status === 'blocked'), reasonOf: () => 'MGMT-9', runChecks: [] });
  assert.match(heldBlock, /<skipped message="known deviation \(baseline\): blocked by setup\/create: expected an event exists, observed 406 — MGMT-9"\/>/);
});
