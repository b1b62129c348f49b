import assert from 'node:assert/strict';
import { test } from 'node:test';
import { benchSettings, ratioTo, summarizeGoals, type BenchReport, type ThroughputRow } from './bench-report.js';
import type { LoadFigure } from './measure-load.js';
import { renderBenchMarkdown, renderBenchSvg } from './render-bench.js';

const figure = (reqPerSec: number, serverCpuUs?: number): LoadFigure => ({
  reqPerSec,
  p50Ms: 1,
  p99Ms: 2,
  requests: reqPerSec,
  statuses: { '200': reqPerSec },
  unexpected: 0,
  ...(serverCpuUs === undefined ? {} : { serverCpuUs }),
});

/** Two rounds: ceiling 40 000 / 30 000, reference GET by id 32 000 / 24 000, POST 20 000 / 9 000, Prism 1 000. */
export function benchFixture(): BenchReport {
  const rows: ThroughputRow[] = [];
  for (const [round, ceiling, byId, post] of [
    [1, 40_000, 32_000, 20_000],
    [2, 30_000, 24_000, 9_000],
  ] as const) {
    rows.push({ round, target: 'ceiling', operation: 'GET by id', figure: figure(ceiling, 10) });
    rows.push({ round, target: 'reference', operation: 'GET by id', figure: figure(byId, 12.5) });
    rows.push({ round, target: 'reference', operation: 'POST unique ids', figure: figure(post) });
    rows.push({ round, target: 'core in-process', operation: 'GET by id', figure: figure(500_000) });
    rows.push({ round, target: 'Prism mock', operation: 'GET by id', figure: figure(1_000) });
  }
  return {
    date: '2026-01-01T00:00:00.000Z',
    machine: { cpuModel: 'Test <CPU> & co', cpus: 2, memoryGiB: 4, platform: 'linux', node: 'v20.20.2', loadAverage: { start: 1, end: 2 } },
    settings: { ...benchSettings(false) },
    throughput: rows,
    latency: [{ round: 1, what: 'GET where kind, select id, over 10,000', records: 10_000, figure: { ...figure(500), p50Ms: 1.5 } }],
    memory: {
      events: 100_000,
      emptyRssBytes: 80e6,
      loadedRssBytes: 120e6,
      emptyRssAtReadyBytes: 90e6,
      loadedRssAtReadyBytes: 180e6,
      loadedPeakRssBytes: 190e6,
      settleSec: 40,
      perRecordBytes: 400,
      startMs: 1000,
      emptyStartMs: 500,
    },
    durationSec: 200,
  };
}

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
