import { GET_BY_ID, ratioTo, type BenchReport } from './bench-report.js';
import { summarizeGoals, type GoalRow } from './bench-summary.js';

const fixed = (value: number | undefined, digits = 2) => (value === undefined ? '–' : value.toFixed(digits));
const int = (value: number) => Math.round(value).toLocaleString('en');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function goalCell(row: GoalRow, value: number | undefined): string {
  if (value === undefined) return '–';
  const text = row.unit === '×' ? `${value.toFixed(2)} ×` : `${value.toFixed(row.unit === 'MB' ? 1 : 2)} ${row.unit}`;
  return `${text} ${row.met(value) ? '✓' : '✗'}`;
}

/** The machine and load line every table is read against. */
export function describeRun(report: BenchReport): string {
  const { machine: m, settings: s } = report;
  return [
    `${report.date} · ${m.cpuModel}, ${m.cpus} CPUs, ${m.memoryGiB} GiB, ${m.platform}, Node ${m.node}`,
    `· 1-minute load average ${m.loadAverage.start.toFixed(1)} at the start, ${m.loadAverage.end.toFixed(1)} at the end (other processes share the CPUs).`,
    `autocannon on loopback, ${s.connections} connections, ${s.durationSec} s per run after ${s.warmupSec} s of warm-up, ${s.rounds} round(s)${s.quick ? ' (--quick)' : ''};`,
    'every server runs in its own process; the reference server is `mgmt-kit serve --quiet` and every request carries a valid JWT.',
  ].join('\n');
}

/** `reports/bench.md`: goals, throughput with ratios, single-client latency, memory. */
export function renderBenchMarkdown(report: BenchReport): string {
  const rounds = Array.from({ length: report.settings.rounds }, (_, i) => `round ${i + 1}`);
  const lines = ['# mgmt-kit bench', '', describeRun(report), '', '## Goals', ''];
  lines.push(`| goal | wanted | ${rounds.join(' | ')} |`, `|---|---|${rounds.map(() => '---|').join('')}`);
  for (const row of summarizeGoals(report)) lines.push(`| ${row.goal} | ${row.wanted} | ${row.values.map((v) => goalCell(row, v)).join(' | ')} |`);
  lines.push(
    '',
    '## Throughput',
    '',
    '| target | operation | round | req/s | p50 ms | p99 ms | × ceiling | × Prism | server CPU µs/req | not as expected |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const row of report.throughput) {
    const { figure: f } = row;
    const toPrism = row.operation === GET_BY_ID && row.target !== 'Prism mock' ? ratioTo(report, row, 'Prism mock') : undefined;
    lines.push(
      `| ${row.target} | ${row.operation} | ${row.round} | ${int(f.reqPerSec)} | ${fixed(f.p50Ms)} | ${fixed(f.p99Ms)} | ${fixed(ratioTo(report, row, 'ceiling'))} | ${fixed(toPrism, 1)} | ${fixed(f.serverCpuUs, 1)} | ${f.unexpected} |`,
    );
  }
  lines.push(
    '',
    '"core in-process" is `core.handle` called one request after the other (what the msw handlers run), no sockets.',
    'autocannon (one thread) and the server share the two CPUs, so req/s of the fastest targets can be bounded by the client;',
    '"server CPU µs/req" (Linux: the server process\'s CPU time over the run / requests) says what a request costs the server itself.',
  );
  lines.push('', '## Single-client latency', '', '| request | round | p50 ms | p99 ms | req/s |', '|---|---|---|---|---|');
  for (const row of report.latency) {
    lines.push(
      `| ${row.what} | ${row.round === 0 ? 'memory server' : row.round} | ${fixed(row.figure.p50Ms)} | ${fixed(row.figure.p99Ms)} | ${int(row.figure.reqPerSec)} |`,
    );
  }
  if (report.memory) {
    const m = report.memory;
    lines.push(
      '',
      '## Memory',
      '',
      `| \`mgmt-kit serve --empty\` | RSS settled (${m.settleSec} s idle) | RSS 1 s after ready | peak RSS | start-up |`,
      '|---|---|---|---|---|',
    );
    lines.push(`| no records | ${mb(m.emptyRssBytes)} | ${mb(m.emptyRssAtReadyBytes)} | – | ${int(m.emptyStartMs)} ms |`);
    lines.push(
      `| ${m.events.toLocaleString('en')} events of ~200 bytes (--seed) | ${mb(m.loadedRssBytes)} | ${mb(m.loadedRssAtReadyBytes)} | ${m.loadedPeakRssBytes === undefined ? '–' : mb(m.loadedPeakRssBytes)} | ${int(m.startMs)} ms |`,
    );
    lines.push('', `Per-record overhead: ${int(m.perRecordBytes)} bytes per event ((settled loaded − settled empty) / events).`);
    lines.push(
      "Loading leaves garbage and a grown young generation that V8's memory reducer returns to the system after some idle seconds; the settled figure is what a running server holds.",
    );
  }
  lines.push('', `Run took ${report.durationSec.toFixed(0)} s.`, '');
  return lines.join('\n');
}
