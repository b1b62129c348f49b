// Test helper (not a test): a small BenchReport with round numbers, for the renderer tests.
import type { BenchReport, ThroughputRow } from './bench-report.js';
import { benchSettings } from './bench-settings.js';
import type { LoadFigure } from './measure-http.js';

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
