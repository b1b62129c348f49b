import type { BenchReport, BenchTarget } from './bench-report.js';
import { meanReqPerSec } from './bench-summary.js';

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
