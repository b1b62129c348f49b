import { GET_BY_ID, meanReqPerSec, ratioTo, summarizeGoals, type BenchReport, type BenchTarget, type GoalRow } from './bench-report.js';

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

const COLORS: Record<BenchTarget, string> = {
  ceiling: '#9e9e9e',
  reference: '#1565c0',
  'core in-process': '#2e7d32',
  'Prism mock': '#ef6c00',
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `reports/bench.svg`: one horizontal bar per target and operation, the mean requests per second
 * over the rounds, on a log scale (powers of ten marked) with the value written beside each bar. Hand-written SVG,
 * no chart library.
 */
export function renderBenchSvg(report: BenchReport): string {
  const seen = new Set<string>();
  const bars: Array<{ label: string; target: BenchTarget; value: number }> = [];
  for (const row of report.throughput) {
    const key = `${row.target}\u0000${row.operation}`;
    if (seen.has(key)) continue;
    seen.add(key);
    bars.push({ label: `${row.target} · ${row.operation}`, target: row.target, value: meanReqPerSec(report, row.target, row.operation) });
  }
  const labelWidth = 300;
  const barArea = 400;
  const rowHeight = 24;
  const top = 48;
  const width = labelWidth + barArea + 110;
  const height = top + bars.length * rowHeight + 44;
  // Log scale: the values span from the Prism mock (about 10^3) to the core in-process (about 10^6).
  const low = Math.floor(Math.log10(Math.max(1, Math.min(...bars.map((b) => b.value)))));
  const high = Math.max(low + 1, Math.ceil(Math.log10(Math.max(10, ...bars.map((b) => b.value)))));
  const xOf = (value: number) => labelWidth + (barArea * (Math.log10(Math.max(value, 10 ** low)) - low)) / (high - low);
  const { machine: m, settings: s } = report;
  const title = `mgmt-kit bench: requests per second (mean of ${s.rounds} round${s.rounds === 1 ? '' : 's'}, log scale)`;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${title}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="10" y="20" font-size="15" font-weight="bold">${title}</text>`,
    `<text x="10" y="37" fill="#555">${escapeXml(`${m.cpuModel}, ${m.cpus} CPUs, Node ${m.node}, autocannon ${s.connections} connections × ${s.durationSec} s, loopback, ${report.date.slice(0, 10)}`)}</text>`,
  ];
  const axisY = top + bars.length * rowHeight + 4;
  for (let power = low; power <= high; power += 1) {
    const x = xOf(10 ** power).toFixed(1);
    parts.push(
      `<line x1="${x}" y1="${top}" x2="${x}" y2="${axisY}" stroke="#ddd"/>`,
      `<text x="${x}" y="${axisY + 13}" text-anchor="middle" fill="#555">${(10 ** power).toLocaleString('en')}</text>`,
    );
  }
  bars.forEach((bar, i) => {
    const y = top + i * rowHeight;
    const w = Math.max(1, xOf(bar.value) - labelWidth);
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end">${escapeXml(bar.label)}</text>`,
      `<rect x="${labelWidth}" y="${y + 3}" width="${w.toFixed(1)}" height="${rowHeight - 8}" fill="${COLORS[bar.target]}"/>`,
      `<text x="${(labelWidth + w + 6).toFixed(1)}" y="${y + 15}">${Math.round(bar.value).toLocaleString('en')}</text>`,
    );
  });
  parts.push(
    `<text x="10" y="${height - 8}" fill="#555">grey: bare node:http ceiling · blue: reference server · green: core.handle in-process · orange: Prism mock</text>`,
    '</svg>',
    '',
  );
  return parts.join('\n');
}
