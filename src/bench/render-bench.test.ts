import assert from 'node:assert/strict';
import { test } from 'node:test';
import { benchFixture } from './bench-fixture.js';
import { ratioTo } from './bench-report.js';
import { summarizeGoals } from './bench-summary.js';
import { renderBenchMarkdown } from './render-bench-markdown.js';
import { renderBenchSvg } from './render-bench-svg.js';

test('ratios compare a row with the ceiling and Prism of its own round', () => {
  const report = benchFixture();
  const round2 = report.throughput.find((r) => r.round === 2 && r.target === 'reference' && r.operation === 'GET by id')!;
  assert.equal(ratioTo(report, round2, 'ceiling'), 0.8);
  assert.equal(ratioTo(report, round2, 'Prism mock'), 24);
});

test('the goals table reads each goal per round and says whether it is met', () => {
  const goals = summarizeGoals(benchFixture());
  const byName = Object.fromEntries(goals.map((g) => [g.goal, g]));
  assert.deepEqual(byName['reference GET by id / ceiling']!.values, [0.8, 0.8]);
  assert.deepEqual(byName['reference POST / ceiling']!.values, [0.5, 0.3]);
  assert.deepEqual(
    byName['reference POST / ceiling']!.values.map((v) => byName['reference POST / ceiling']!.met(v!)),
    [true, false],
  );
  assert.deepEqual(byName['ceiling CPU / reference CPU per GET by id (server side)']!.values, [0.8, 0.8]);
  const memory = goals.find((g) => g.unit === 'MB')!;
  assert.deepEqual(memory.values, [120, undefined]);
});

test('bench.md has the machine, the goals, every throughput row and the memory row', () => {
  const md = renderBenchMarkdown(benchFixture());
  assert.match(md, /Test <CPU> & co, 2 CPUs/);
  assert.match(md, /\| reference GET by id \/ ceiling \| ≥ 0\.6 \(aim 0\.8\) \| 0\.80 × ✓ \| 0\.80 × ✓ \|/);
  assert.match(md, /\| reference POST \/ ceiling \| ≥ 0\.4 \| 0\.50 × ✓ \| 0\.30 × ✗ \|/);
  assert.equal((md.match(/^\| (ceiling|reference|core in-process|Prism mock) \|/gm) ?? []).length, 10);
  assert.match(md, /Per-record overhead: 400 bytes per event/);
});

test('bench.svg is one hand-written SVG with a bar per target and operation, text escaped', () => {
  const svg = renderBenchSvg(benchFixture());
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.equal((svg.match(/<rect x="300"/g) ?? []).length, 5, 'ceiling, reference GET and POST, core, Prism: one bar each');
  assert.match(svg, /reference · GET by id/);
  assert.match(svg, />28,000</, 'the mean of both rounds');
  assert.match(svg, /Test &lt;CPU&gt; &amp; co/);
  assert.doesNotMatch(svg, /<CPU>/);
});
