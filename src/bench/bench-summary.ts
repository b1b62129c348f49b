import { findRow, GET_BY_ID, ratioTo, type BenchReport, type ThroughputRow } from './bench-report.js';

/** One goal with the value of each round (undefined when it was not measured). */
export interface GoalRow {
  goal: string;
  wanted: string;
  values: Array<number | undefined>;
  unit: '×' | 'ms' | 'MB';
  met: (value: number) => boolean;
}

/** Mean requests per second of a target and operation over the rounds. */
export function meanReqPerSec(report: Pick<BenchReport, 'throughput'>, target: ThroughputRow['target'], operation: string): number {
  const rows = report.throughput.filter((r) => r.target === target && r.operation === operation);
  return rows.length === 0 ? 0 : rows.reduce((sum, r) => sum + r.figure.reqPerSec, 0) / rows.length;
}

/** The goals, per round, as the report's summary table shows them. */
export function summarizeGoals(report: BenchReport): GoalRow[] {
  const rounds = Array.from({ length: report.settings.rounds }, (_, i) => i + 1);
  const referenceRatio = (round: number, operation: string, base: 'ceiling' | 'Prism mock') => {
    const row = report.throughput.find((r) => r.round === round && r.target === 'reference' && r.operation === operation);
    return row ? ratioTo(report, row, base) : undefined;
  };
  const postOperation = report.throughput.find((r) => r.target === 'reference' && r.operation.startsWith('POST'))?.operation ?? 'POST';
  const whereProbe = (round: number) =>
    report.latency.find((l) => l.round === round && l.what.startsWith('GET where kind') && l.records === report.settings.whereEvents)?.figure.p50Ms;
  const memoryMb = report.memory ? report.memory.loadedRssBytes / 1e6 : undefined;
  return [
    {
      goal: 'reference GET by id / ceiling',
      wanted: '≥ 0.6 (aim 0.8)',
      unit: '×',
      values: rounds.map((r) => referenceRatio(r, GET_BY_ID, 'ceiling')),
      met: (v) => v >= 0.6,
    },
    {
      goal: 'ceiling CPU / reference CPU per GET by id (server side)',
      wanted: 'informative',
      unit: '×',
      values: rounds.map((r) => cpuRatio(report, r)),
      met: (v) => v >= 0.6,
    },
    {
      goal: 'reference GET by id / Prism mock',
      wanted: '≥ 10',
      unit: '×',
      values: rounds.map((r) => referenceRatio(r, GET_BY_ID, 'Prism mock')),
      met: (v) => v >= 10,
    },
    {
      goal: 'reference POST / ceiling',
      wanted: '≥ 0.4',
      unit: '×',
      values: rounds.map((r) => referenceRatio(r, postOperation, 'ceiling')),
      met: (v) => v >= 0.4,
    },
    {
      goal: `GET where.equals over ${report.settings.whereEvents.toLocaleString('en')} events, p50 (1 client)`,
      wanted: '< 5 ms',
      unit: 'ms',
      values: rounds.map(whereProbe),
      met: (v) => v < 5,
    },
    {
      goal: `settled RSS of mgmt-kit serve with ${report.memory?.events.toLocaleString('en') ?? '?'} events of ~200 bytes`,
      wanted: '< 150 MB (100 000 events)',
      unit: 'MB',
      values: rounds.map((r) => (r === 1 ? memoryMb : undefined)),
      met: (v) => v < 150,
    },
  ];
}

/** Server CPU per request of the ceiling divided by the reference's, for GET by id in a round. */
function cpuRatio(report: BenchReport, round: number): number | undefined {
  const ceiling = findRow(report, round, 'ceiling')?.serverCpuUs;
  const reference = findRow(report, round, 'reference')?.serverCpuUs;
  return ceiling === undefined || reference === undefined || reference === 0 ? undefined : ceiling / reference;
}
