// Under --baseline, a listed failure is skipped in junit.xml (with the baseline's reason) and one
// line on the console; a failure the baseline does not list stays as cucumber wrote it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { foldKnownFailures } from './fold-known-failures.js';
import { markKnownDeviationsInJunit } from '../run/add-run-checks-to-junit.js';

const known = [
  { scenario: 'Two events created without an id get different ids', reason: 'MGMT-7: ids repeat until 4.2 & later' },
  { scenario: 'Creating agents under an id that already exists, named in the path, is refused', reason: 'MGMT-8' },
];

const JUNIT = `<?xml version="1.0"?>
<testsuite name="mgmt-kit conformance" time="1.2" tests="4" skipped="0" failures="3" errors="0" timestamp="2026-11-26T16:20:57.069Z">
  <testcase classname="Envelope and errors" name="Creating &lt;index> under an id that already exists, named in the path, is refused - #1.3: Creating agents under an id that already exists, named in the path, is refused" time="0.024">
    <failure type="Error" message="answered 201"><![CDATA[Error: answered 201]]></failure>
  </testcase>
  <testcase classname="Record ids" name="Two events created without an id get different ids" time="0.1">
    <failure type="Error" message="both creates without an id got the same id evt_generated"><![CDATA[Error: both creates without an id got the same id evt_generated
    at expectThat (steps.js:812:25)]]></failure>
    <system-out><![CDATA[When I create events without an id....passed]]></system-out>
  </testcase>
  <testcase classname="Record ids" name="Two agents created without an id get different ids" time="0.1">
    <failure type="Error" message="same id agt_generated"><![CDATA[Error: same id agt_generated]]></failure>
  </testcase>
  <testcase classname="Events" name="Create an event with a new id" time="0.1">
    <system-out><![CDATA[passed]]></system-out>
  </testcase>
</testsuite>
`;

test('junit.xml: a listed failure becomes skipped with the reason; the counts follow; an unlisted failure stays', () => {
  const xml = markKnownDeviationsInJunit(JUNIT, known);
  assert.match(xml, /<testsuite name="mgmt-kit conformance" time="1\.2" tests="4" skipped="2" failures="1" errors="0"/);
  const [outline, events, agents] = xml.split('<testcase').slice(1);
  assert.match(outline!, /<skipped message="known deviation \(baseline\): MGMT-8"\/>/, 'an example of an outline is found by its own name');
  assert.match(events!, /<skipped message="known deviation \(baseline\): MGMT-7: ids repeat until 4\.2 &amp; later"\/>/);
  assert.match(events!, /<system-err>both creates without an id got the same id evt_generated<\/system-err>/);
  assert.doesNotMatch(events!, /<failure/);
  assert.match(agents!, /<failure type="Error" message="same id agt_generated">/);
  assert.equal(markKnownDeviationsInJunit(JUNIT, []), JUNIT, 'no baseline entry: unchanged');
});

const CONSOLE = `.....F.F

Failures:

1) Scenario: Two events created without an id get different ids # features/record-ids.feature:17
   ✔ Before # steps.js:546
   ✖ And the two generated ids differ # steps.js:1496
       Error: both creates without an id got the same id evt_generated
       Attachment (application/vnd.mgmt-kit.call+json)

2) Scenario: Two agents created without an id get different ids # features/record-ids.feature:19
   ✖ And the two generated ids differ # steps.js:1496
       Error: same id agt_generated

323 scenarios (2 failed, 321 passed)
1098 steps (2 failed, 1096 passed)
`;

test('console: a listed failure is one line with its reason; the rest is printed as cucumber wrote it, whatever the chunking', () => {
  for (const size of [CONSOLE.length, 7, 1]) {
    let text = '';
    const out = new Writable({
      write: (chunk: Buffer, _e, done) => {
        text += chunk.toString();
        done();
      },
    });
    const sink = foldKnownFailures(out, known);
    for (let i = 0; i < CONSOLE.length; i += size) sink.write(CONSOLE.slice(i, i + size));
    sink.flush();
    assert.equal(
      text,
      CONSOLE.replace(
        /1\) Scenario: Two events[\s\S]*?\n\n2\)/,
        '1) known deviation (baseline): Two events created without an id get different ids — MGMT-7: ids repeat until 4.2 & later\n\n2)',
      ),
      `chunks of ${size}`,
    );
  }
});
