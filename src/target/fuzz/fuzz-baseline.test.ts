import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FuzzFailure } from '../../fuzz/run/fuzz-session.js';
import { buildFuzzBaseline, compareFuzzWithBaseline, findFuzzTodoReasons, formatFuzzBaseline, parseFuzzBaseline } from './fuzz-baseline.js';
import { renderFuzzJunit, renderFuzzMarkdown, type FuzzRunReport } from './fuzz-report.js';
import { fuzzReport } from '../../../test/support/fuzz-report.js';

import type { CheckId } from '../../fuzz/checks/check-table.js';

const failure = (signature: string, title = `${signature} on fz-0a1b2c-3-e0`): FuzzFailure => {
  const [operation = '', check] = signature.split(':');
  return { signature, operation, check: check as CheckId, title, expected: 'e', actual: 'a', exchanges: [], count: 1 };
};
const [A, B, C, OLD] = [
  'createEventById:documented-status:200',
  'deleteAgentById:model-envelope:205',
  'readEvents:response-schema:404',
  'updateEvent:model-status:406',
];

describe('fuzz baseline', () => {
  it('reads a file of signatures with reasons, and refuses one without a reason, a signature twice or another shape', () => {
    const ok = parseFuzzBaseline(JSON.stringify({ knownDeviations: [{ signature: A, reason: 'ticket 7' }] }));
    assert.deepEqual(ok, { ok: true, baseline: { knownDeviations: [{ signature: A, reason: 'ticket 7' }] } });
    const refused: Array<[string, RegExp]> = [
      ['{', /not valid JSON/],
      ['{"expectedFailures": []}', /"knownDeviations" list/],
      ['{"knownDeviations": [{"signature": "a"}]}', /"reason" must say why/],
      ['{"knownDeviations": [{"reason": "r"}]}', /"signature" must be/],
      [
        JSON.stringify({
          knownDeviations: [
            { signature: A, reason: 'r' },
            { signature: A, reason: 's' },
          ],
        }),
        /listed twice/,
      ],
      // Signatures of an earlier mgmt-kit named no operation: they cannot be mapped, the file must be written again.
      ['{"knownDeviations": [{"signature": "update:update:status", "reason": "r"}]}', /not a signature of this mgmt-kit .* --write-baseline FILE/],
      ['{"knownDeviations": [{"signature": "createEvent:no-such-check:200", "reason": "r"}]}', /not a signature/],
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
        { signature: A, reason: 'known' },
        { signature: B, reason: 'gone?' },
      ],
    };
    const comparison = compareFuzzWithBaseline([failure(A), failure(C)], baseline);
    assert.deepEqual(
      comparison.accepted.map((a) => [a.failure.signature, a.reason]),
      [[A, 'known']],
    );
    assert.deepEqual(
      comparison.newFailures.map((f) => f.signature),
      [C],
    );
    assert.deepEqual(
      comparison.notFound.map((e) => e.signature),
      [B],
    );
  });

  it('writes every signature once, keeps earlier reasons and entries, and a new reason says TODO without the run ids', () => {
    const previous = {
      knownDeviations: [
        { signature: A, reason: 'known' },
        { signature: OLD, reason: 'still there?' },
      ],
    };
    const baseline = buildFuzzBaseline([failure(A), failure(C), failure(C, 'another')], previous);
    assert.deepEqual(
      baseline.knownDeviations.map((e) => e.signature),
      [A, C, OLD],
    );
    assert.equal(baseline.knownDeviations[0]!.reason, 'known');
    assert.match(baseline.knownDeviations[1]!.reason, /^TODO: say why this is accepted\. It failed with: readEvents:response-schema:404 on fz-…-3-e0$/);
    assert.deepEqual(findFuzzTodoReasons(baseline), [C]);
    const reread = parseFuzzBaseline(formatFuzzBaseline(baseline));
    assert.ok(reread.ok && reread.baseline.knownDeviations.length === 3);
  });

  it('the reports show accepted deviations apart: skipped in JUnit, their own section in fuzz.md, not counted as failures', () => {
    const failures = [failure(A), failure(C)];
    const report: FuzzRunReport = {
      ...fuzzReport({ runPrefix: 'fz-0a1b2c-', baseUrl: 'http://t', stoppedBy: 'runs', failures }),
      baseline: {
        file: 'b.json',
        comparison: compareFuzzWithBaseline(failures, {
          knownDeviations: [
            { signature: A, reason: 'ticket 7' },
            { signature: B, reason: 'fixed?' },
          ],
        }),
      },
    };
    const junit = renderFuzzJunit(report);
    assert.match(junit, /failures="1" skipped="1"/);
    assert.match(
      junit,
      /classname="mgmt-kit.fuzz.documented-status" name="createEventById:documented-status:200"><skipped message="known deviation \(--baseline\): ticket 7">/,
    );
    assert.match(junit, /name="readEvents:response-schema:404"><failure message="[^"]*">check: response-schema, seen 1 time/);
    const markdown = renderFuzzMarkdown(report, undefined);
    assert.match(markdown, /## Known deviations \(--baseline b\.json\)/);
    assert.match(markdown, /- `createEventById:documented-status:200` — accepted: ticket 7/);
    assert.match(markdown, /- `deleteAgentById:model-envelope:205` — not found in this run/);
    assert.match(markdown, /\| `response-schema` \| 404 \| readEvents \(1\) \|/);
    assert.match(markdown, /## 1\. readEvents:response-schema:404/);
    assert.doesNotMatch(markdown, /## \d+\. createEventById/);
  });
});
