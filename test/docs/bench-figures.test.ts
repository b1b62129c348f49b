// The performance figures the docs show come from a run, not from a hand: docs/bench/ holds what
// `npx mgmt-kit bench --report-dir docs/bench` wrote, and its Markdown and chart are exactly what
// the bench renders from the JSON beside them (an edit by hand to either fails here).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { renderBenchMarkdown, renderBenchSvg } from '../../src/server/bench/render-bench.js';
import type { BenchReport } from '../../src/server/bench/bench-report.js';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

test('docs/bench/bench.md and bench.svg are the bench run of docs/bench/bench.json, rendered', () => {
  const report = JSON.parse(read('docs/bench/bench.json')) as BenchReport;
  assert.equal(read('docs/bench/bench.md'), renderBenchMarkdown(report));
  assert.equal(read('docs/bench/bench.svg'), renderBenchSvg(report));
});

test('the --data figures are a file bench:data wrote', () => {
  assert.match(
    read('docs/bench/bench-data.md'),
    /^# mgmt-kit serve --data, measured\n\nWritten by `npm run bench:data -- --report-dir docs\/bench` on \d{4}-\d{2}-\d{2}\.\n/,
  );
  assert.match(read('docs/bench/bench-data.md'), /\| with --data \| [\d ]+ \|/);
});

test('the start-up figures are a file bench:startup wrote: every way a user starts mgmt-kit, beside the floors', () => {
  const report = read('docs/bench/bench-startup.md');
  assert.match(
    report,
    /^# mgmt-kit serve start-up, measured\n\nWritten by `npm run bench:startup -- --runs \d+ --report-dir docs\/bench` on \d{4}-\d{2}-\d{2}\.\n/,
  );
  const cell = '(?:\\d+ ms|–)';
  for (const way of [
    'node bin/mgmt-kit.js \\(the clone\\)',
    'npx mgmt-kit \\(the clone\\)',
    'node_modules/.bin/mgmt-kit \\(an install\\)',
    'npx mgmt-kit \\(an install\\)',
    'podman run mgmt-kit \\(the image\\)',
    'plain Node: [^|]+',
    "npm's own start: npx --version",
  ])
    assert.match(report, new RegExp(`^\\| ${way} \\| ${cell} \\| ${cell} \\| \\d+ ms \\| ${cell} \\| [^|]+ \\|$`, 'm'), way);
});

test('the distant-target figures are a file bench:distant wrote: requests, time and verdict at each latency', () => {
  const report = read('docs/bench/bench-distant.md');
  assert.match(
    report,
    /^# The default core run against a distant target, measured\n\nWritten by `npm run bench:distant -- [^`]*--report-dir docs\/bench[^`]*` on \d{4}-\d{2}-\d{2}\.\n/,
  );
  for (const latency of [0, 20, 100]) assert.match(report, new RegExp(`^\\| ${latency} \\| \\d+ \\| [\\d.]+ s \\| [A-Z -]+ \\(exit \\d+\\)`, 'm'));
});

test('docs/performance.md quotes no measured figure: it links the generated reports', () => {
  const page = read('docs/performance.md');
  for (const link of ['bench/bench.md', 'bench/bench.svg', 'bench/bench-data.md', 'bench/bench-startup.md', 'bench/bench-distant.md'])
    assert.ok(page.includes(`(${link})`), `docs/performance.md links ${link}`);
  assert.doesNotMatch(page, /\d[\d ]* req\/s|\d+(\.\d+)? (ms|µs|MB)\b/, 'a figure written by hand in docs/performance.md');
});
