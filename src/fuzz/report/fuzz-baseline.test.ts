import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FuzzFailure } from '../run/fuzz-session.js';
import { buildFuzzBaseline, compareFuzzWithBaseline, findFuzzTodoReasons, formatFuzzBaseline, parseFuzzBaseline } from './fuzz-baseline.js';
import { renderFuzzJunit } from './render-fuzz-junit.js';
import { renderFuzzMarkdown } from './render-fuzz-markdown.js';
import type { FuzzReport } from './fuzz-report.js';

const failure = (signature: string, title = `${signature} on fz-0a1b2c-3-e0`): FuzzFailure => ({ signature, title, expected: 'e', actual: 'a', exchanges: [] });

describe('fuzz baseline', () => {
  it('reads a file of signatures with reasons, and refuses one without a reason, a signature twice or another shape', () => {
    const ok = parseFuzzBaseline(JSON.stringify({ knownDeviations: [{ signature: 'update:update:status', reason: 'ticket 7' }] }));
    assert.deepEqual(ok, { ok: true, baseline: { knownDeviations: [{ signature: 'update:update:status', reason: 'ticket 7' }] } });
    const refused: Array<[string, RegExp]> = [
      ['{', /not valid JSON/],
      ['{"expectedFailures": []}', /"knownDeviations" list/],
      ['{"knownDeviations": [{"signature": "a"}]}', /"reason" must say why/],
      ['{"knownDeviations": [{"reason": "r"}]}', /"signature" must be/],
      ['{"knownDeviations": [{"signature": "a", "reason": "r"}, {"signature": "a", "reason": "s"}]}', /listed twice/],
    ];
    for (const [text, message] of refused) {
      const parsed = parseFuzzBaseline(text);
      assert.equal(parsed.ok, false, text);
      if (!parsed.ok) assert.match(parsed.error, message);
    }
  });

  it('accepts the listed signatures, fails on the others, and names entries the run did not meet', () => {
    const baseline = {
      knownDeviations: [
        { signature: 'a:x:status', reason: 'known' },
        { signature: 'b:y:status', reason: 'gone?' },
      ],
    };
    const comparison = compareFuzzWithBaseline([failure('a:x:status'), failure('c:z:schema')], baseline);
    assert.deepEqual(
      comparison.accepted.map((a) => [a.failure.signature, a.reason]),
      [['a:x:status', 'known']],
    );
    assert.deepEqual(
      comparison.newFailures.map((f) => f.signature),
      ['c:z:schema'],
    );
    assert.deepEqual(
      comparison.notFound.map((e) => e.signature),
      ['b:y:status'],
    );
  });

  it('writes every signature once, keeps earlier reasons and entries, and a new reason says TODO without the run ids', () => {
    const previous = {
      knownDeviations: [
        { signature: 'a:x:status', reason: 'known' },
        { signature: 'old:y:status', reason: 'still there?' },
      ],
    };
    const baseline = buildFuzzBaseline([failure('a:x:status'), failure('c:z:schema'), failure('c:z:schema', 'another')], previous);
    assert.deepEqual(
      baseline.knownDeviations.map((e) => e.signature),
      ['a:x:status', 'c:z:schema', 'old:y:status'],
    );
    assert.equal(baseline.knownDeviations[0]!.reason, 'known');
    assert.match(baseline.knownDeviations[1]!.reason, /^TODO: say why this is accepted\. It failed with: c:z:schema on fz-…-3-e0$/);
    assert.deepEqual(findFuzzTodoReasons(baseline), ['c:z:schema']);
    const reread = parseFuzzBaseline(formatFuzzBaseline(baseline));
    assert.ok(reread.ok && reread.baseline.knownDeviations.length === 3);
  });

  it('the reports show accepted deviations apart: skipped in JUnit, their own section in fuzz.md, not counted as failures', () => {
    const failures = [failure('a:x:status'), failure('c:z:schema')];
    const report: FuzzReport = {
      baseUrl: 'http://t',
      randomSeed: 1,
      runPrefix: 'fz-0a1b2c-',
      startedAt: new Date(0),
      durationMs: 1,
      requests: 1,
      sequences: 1,
      shrinkRuns: 0,
      failures,
      cleanUp: { leftovers: [], unverified: [], unattributed: [], cutShort: false },
      stoppedBy: 'runs',
      authChecked: true,
      whereTrusted: [],
      refusedShapes: [],
      answers: {},
      coverage: [],
      baseline: {
        file: 'b.json',
        comparison: compareFuzzWithBaseline(failures, {
          knownDeviations: [
            { signature: 'a:x:status', reason: 'ticket 7' },
            { signature: 'gone:y:status', reason: 'fixed?' },
          ],
        }),
      },
    };
    const junit = renderFuzzJunit(report);
    assert.match(junit, /failures="1" skipped="1"/);
    assert.match(junit, /name="a:x:status"><skipped message="known deviation \(--baseline\): ticket 7">/);
    assert.match(junit, /name="c:z:schema"><failure /);
    const markdown = renderFuzzMarkdown(report, undefined);
    assert.match(markdown, /## Known deviations \(--baseline b\.json\)/);
    assert.match(markdown, /- `a:x:status` — accepted: ticket 7/);
    assert.match(markdown, /- `gone:y:status` — not found in this run/);
    assert.match(markdown, /## 1\. c:z:schema/);
    assert.doesNotMatch(markdown, /## \d+\. a:x:status/);
  });
});
