import type { LoadFigure } from './measure-load.js';

/** A full run of `mgmt-kit bench`; every HTTP target gets the same load. */
const FULL_RUN = {
  /** Concurrent connections autocannon keeps open against every target. */
  connections: 32,
  /** Seconds of each measured run (every target, every round). */
  durationSec: 5,
  /** Seconds of load before each measured run, not counted (JIT and connection warm-up). */
  warmupSec: 1,
  /** How often the whole sequence runs, so the noise between rounds is visible. */
  rounds: 2,
  /** Records in the read-all index (the preloaded p2p and slice plus generated link types). */
  listRecords: 100,
  /** Events the where.equals reads scan. */
  whereEvents: 10_000,
  /** Events loaded for the memory row (100 000 of about 200 bytes). */
  memoryEvents: 100_000,
  /** Idle seconds before the memory row reads the settled RSS (V8 returns a load's garbage after 15-25 s). */
  memorySettleSec: 40,
  /** Sequential requests of each single-client latency probe. */
  latencySamples: 200,
  quick: false,
};

/** How long and how hard `mgmt-kit bench` measures. */
export type BenchSettings = typeof FULL_RUN;

/**
 * The settings of a full run, or of `--quick` (CI checks that the benchmark runs and writes its
 * files: one short round, a smaller memory load).
 */
export function benchSettings(quick: boolean): BenchSettings {
  if (!quick) return { ...FULL_RUN };
  return { ...FULL_RUN, connections: 8, durationSec: 1, warmupSec: 0.2, rounds: 1, memoryEvents: 10_000, memorySettleSec: 3, latencySamples: 20, quick };
}

/** What a throughput row measured. */
export type BenchTarget = 'ceiling' | 'reference' | 'core in-process' | 'Prism mock';

/** One load run of one target and operation in one round. */
export interface ThroughputRow {
  round: number;
  target: BenchTarget;
  operation: string;
  figure: LoadFigure;
}

/** A single-client latency probe (1 connection, requests one after the other). */
export interface LatencyRow {
  round: number;
  what: string;
  records: number;
  figure: LoadFigure;
}

/** The reference server with many events loaded, against the same server empty. */
export interface MemoryFigure {
  events: number;
  /** Settled RSS (after `settleSec` idle seconds) of the empty and the loaded server. */
  emptyRssBytes: number;
  loadedRssBytes: number;
  /** RSS one second after ready. */
  emptyRssAtReadyBytes: number;
  loadedRssAtReadyBytes: number;
  /** Highest RSS of the loaded server (Linux VmHWM): the load itself. */
  loadedPeakRssBytes: number | undefined;
  settleSec: number;
  /** (settled loaded − settled empty) / events. */
  perRecordBytes: number;
  /** From spawn to listening, seed file read and checked. */
  startMs: number;
  emptyStartMs: number;
}

/** Where the benchmark ran. */
export interface MachineInfo {
  cpuModel: string;
  cpus: number;
  memoryGiB: number;
  platform: string;
  node: string;
  /** 1-minute load average at the start and the end: other processes share the CPUs. */
  loadAverage: { start: number; end: number };
}

/** Everything `mgmt-kit bench` measured, as written to reports/bench.json. */
export interface BenchReport {
  date: string;
  machine: MachineInfo;
  settings: BenchSettings;
  throughput: ThroughputRow[];
  latency: LatencyRow[];
  memory: MemoryFigure | undefined;
  durationSec: number;
}

/** The operation name of the reference's GET by id, the one compared with the ceiling and Prism. */
export const GET_BY_ID = 'GET by id';

/** The figure of a target and operation in a round, if it was measured. */
function findRow(report: Pick<BenchReport, 'throughput'>, round: number, target: BenchTarget, operation = GET_BY_ID): LoadFigure | undefined {
  return report.throughput.find((r) => r.round === round && r.target === target && r.operation === operation)?.figure;
}

/** `a / b`, undefined when either is missing or `b` is 0. */
const quotient = (a: number | undefined, b: number | undefined) => (a === undefined || !b ? undefined : a / b);

/** Requests per second of a row divided by those of the same round's ceiling (or Prism) GET by id. */
export function ratioTo(report: Pick<BenchReport, 'throughput'>, row: ThroughputRow, base: BenchTarget): number | undefined {
  return quotient(row.figure.reqPerSec, findRow(report, row.round, base)?.reqPerSec);
}

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
  const perRound = (value: (round: number) => number | undefined) => rounds.map(value);
  const referenceRatio = (operation: string, base: 'ceiling' | 'Prism mock') =>
    perRound((r) => quotient(findRow(report, r, 'reference', operation)?.reqPerSec, findRow(report, r, base)?.reqPerSec));
  const postOperation = report.throughput.find((r) => r.target === 'reference' && r.operation.startsWith('POST'))?.operation ?? 'POST';
  const whereProbe = (round: number) =>
    report.latency.find((l) => l.round === round && l.what.startsWith('GET where kind') && l.records === report.settings.whereEvents)?.figure.p50Ms;
  const memoryMb = report.memory ? report.memory.loadedRssBytes / 1e6 : undefined;
  // Server CPU per request of the ceiling divided by the reference's, for GET by id.
  const cpuRatio = (r: number) => quotient(findRow(report, r, 'ceiling')?.serverCpuUs, findRow(report, r, 'reference')?.serverCpuUs);
  const goal = (goal: string, wanted: string, unit: GoalRow['unit'], values: GoalRow['values'], met: GoalRow['met']): GoalRow => ({
    goal,
    wanted,
    unit,
    values,
    met,
  });
  const { whereEvents } = report.settings;
  return [
    goal('reference GET by id / ceiling', '≥ 0.6 (aim 0.8)', '×', referenceRatio(GET_BY_ID, 'ceiling'), (v) => v >= 0.6),
    goal('ceiling CPU / reference CPU per GET by id (server side)', 'informative', '×', perRound(cpuRatio), (v) => v >= 0.6),
    goal('reference GET by id / Prism mock', '≥ 10', '×', referenceRatio(GET_BY_ID, 'Prism mock'), (v) => v >= 10),
    goal('reference POST / ceiling', '≥ 0.4', '×', referenceRatio(postOperation, 'ceiling'), (v) => v >= 0.4),
    goal(`GET where.equals over ${whereEvents.toLocaleString('en')} events, p50 (1 client)`, '< 5 ms', 'ms', perRound(whereProbe), (v) => v < 5),
    goal(
      `settled RSS of mgmt-kit serve with ${report.memory?.events.toLocaleString('en') ?? '?'} events of ~200 bytes`,
      '< 150 MB (100 000 events)',
      'MB',
      perRound((r) => (r === 1 ? memoryMb : undefined)),
      (v) => v < 150,
    ),
  ];
}
