import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCoverageFile } from '../target/coverage/coverage-file.js';
import { renderCoverageHtml, renderCoverageMarkdown } from '../target/coverage/render-coverage.js';
import { buildResponseCoverage, checkMinCoverage, countAnswer, countFailedCheck, mergeTallies, type ResponseTally } from './response-coverage.js';

const operations = [
  { operationId: 'readEvents', method: 'GET', pathTemplate: '/event', statuses: [200, 204, 404, 500] },
  { operationId: 'createEvent', method: 'POST', pathTemplate: '/event', statuses: [201, 406, 500] },
];

test('each documented status is verified, seen but failed or never seen; other answers are undocumented', () => {
  const tallies: ResponseTally[] = [];
  countAnswer(tallies, 'readEvents', 200, false);
  countAnswer(tallies, 'readEvents', 200, true); // one failed check of 200 does not undo a check that held
  countAnswer(tallies, 'readEvents', 404, true);
  countAnswer(tallies, 'createEvent', 201, false);
  countAnswer(tallies, 'createEvent', 409, false);
  const coverage = buildResponseCoverage(operations, tallies);
  const cells = coverage.rows.map((r) => r.documented.map((d) => `${d.status}:${d.cell}`).join(' '));
  assert.deepEqual(cells, ['200:verified 204:never seen 404:seen-but-failed 500:never seen', '201:verified 406:never seen 500:never seen']);
  assert.deepEqual(coverage.rows[1]!.undocumented, [409], 'a status the spec does not document for the operation');
  assert.deepEqual([coverage.seen, coverage.documented, coverage.percent], [3, 7, 42.8], 'rounded down: 3/7 = 42.857…');
  assert.deepEqual(coverage.missing, ['readEvents 204', 'readEvents 500', 'createEvent 406', 'createEvent 500']);
});

test('tallies of several runs add up; a failed check is counted once per answer at most', () => {
  const fuzz: ResponseTally[] = [];
  countAnswer(fuzz, 'createEvent', 406, false);
  countFailedCheck(fuzz, 'createEvent', 406);
  countFailedCheck(fuzz, 'createEvent', 406);
  countFailedCheck(fuzz, 'readEvents', 200); // never counted as answered: nothing to mark
  assert.deepEqual(fuzz, [{ operation: 'createEvent', status: 406, seen: 1, failed: 1 }]);
  const conformance = [
    { operation: 'createEvent', status: 406, seen: 2, failed: 0 },
    { operation: 'readEvents', status: 200, seen: 1, failed: 0 },
  ];
  assert.deepEqual(mergeTallies(fuzz, conformance), [
    { operation: 'createEvent', status: 406, seen: 3, failed: 1 },
    { operation: 'readEvents', status: 200, seen: 1, failed: 0 },
  ]);
  const alone = buildResponseCoverage(operations, fuzz);
  assert.equal(alone.rows[1]!.documented.find((d) => d.status === 406)?.cell, 'seen-but-failed');
  const merged = buildResponseCoverage(operations, mergeTallies(fuzz, conformance));
  assert.equal(merged.rows[1]!.documented.find((d) => d.status === 406)?.cell, 'verified');
});

test('--min-coverage: below the figure fails with the pairs never seen; at or above it passes', () => {
  const coverage = buildResponseCoverage(operations, [{ operation: 'readEvents', status: 200, seen: 1, failed: 0 }]);
  assert.equal(coverage.percent, 14.2);
  assert.equal(checkMinCoverage(coverage, undefined), undefined);
  assert.equal(checkMinCoverage(coverage, 14), undefined);
  const shortfall = checkMinCoverage(coverage, 15) ?? '';
  assert.match(
    shortfall,
    /^response coverage 14\.2% \(1 of 7 documented responses seen\) is below --min-coverage 15; never seen:\n {2}readEvents: 204, 404, 500\n {2}createEvent: 201, 406, 500$/,
  );
});

test('the matrix renders as Markdown and HTML with one row per operation', () => {
  const coverage = buildResponseCoverage(operations, [
    { operation: 'readEvents', status: 200, seen: 1, failed: 0 },
    { operation: 'readEvents', status: 404, seen: 1, failed: 1 },
    { operation: 'readEvents', status: 418, seen: 1, failed: 0 },
  ]);
  const markdown = renderCoverageMarkdown(coverage).join('\n');
  assert.match(markdown, /^## Response coverage: 28\.5% \(2 of 7 documented responses seen\)/);
  assert.match(markdown, /\| readEvents \| GET \/event \| 200 \| 404 \| 418 \| 204, 500 \|/);
  assert.match(markdown, /\| createEvent \| POST \/event \| {2}\| {2}\| {2}\| 201, 406, 500 \|/);
  const html = renderCoverageHtml(coverage);
  assert.match(html, /<td class="coverage-1" title="❌ seen but failed">404<\/td>/);
  assert.match(html, /<td class="coverage-2" title="⚠️ undocumented but answered">418<\/td>/);
});

test('a summary file is read for its tool, target and tallies; anything else is refused in a few words', () => {
  const good = JSON.stringify({ tool: 'fuzz', baseUrl: 'http://t', coverage: { tallies: [{ operation: 'readEvents', status: 200, seen: 2, failed: 0 }] } });
  assert.deepEqual(parseCoverageFile(good), {
    ok: true,
    value: { tool: 'fuzz', baseUrl: 'http://t', tallies: [{ operation: 'readEvents', status: 200, seen: 2, failed: 0 }] },
  });
  const refused = (text: string) => {
    const parsed = parseCoverageFile(text);
    return parsed.ok ? 'accepted' : parsed.error;
  };
  assert.match(refused('{'), /^not valid JSON/);
  assert.match(refused('{"baseUrl":"http://t"}'), /"tool" is missing/);
  assert.match(refused('{"tool":"conformance"}'), /"baseUrl" is missing/);
  assert.match(
    refused('{"tool":"conformance","baseUrl":"x","coverage":{"tallies":[{"operation":"a","status":"200","seen":1,"failed":0}]}}'),
    /"coverage.tallies" is missing or malformed/,
  );
});
