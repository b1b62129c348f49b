import type { LoadFigure } from './measure-load.js';

/** How long and how hard `mgmt-kit bench` measures; every HTTP target gets the same load. */
export interface BenchSettings {
  /** Concurrent connections autocannon keeps open against every target. */
  connections: number;
  /** Seconds of each measured run (every target, every round). */
  durationSec: number;
  /** Seconds of load before each measured run, not counted (JIT and connection warm-up). */
  warmupSec: number;
  /** How often the whole sequence runs, so the noise between rounds is visible. */
  rounds: number;
  /** Records in the read-all index (the preloaded p2p and slice plus generated link types). */
  listRecords: number;
  /** Events the where.equals reads scan. */
  whereEvents: number;
  /** Events loaded for the memory row (100 000 of about 200 bytes). */
  memoryEvents: number;
  /** Idle seconds before the memory row reads the settled RSS (V8 returns a load's garbage after 15-25 s). */
  memorySettleSec: number;
  /** Sequential requests of each single-client latency probe. */
  latencySamples: number;
  quick: boolean;
}

/**
 * The settings of a full run, or of `--quick` (CI checks that the benchmark runs and writes its
 * files: one short round, a smaller memory load).
 */
export function benchSettings(quick: boolean): BenchSettings {
  if (quick) {
    return {
      connections: 8,
      durationSec: 1,
      warmupSec: 0.2,
      rounds: 1,
      listRecords: 100,
      whereEvents: 10_000,
      memoryEvents: 10_000,
      memorySettleSec: 3,
      latencySamples: 20,
      quick,
    };
  }
  return {
    connections: 32,
    durationSec: 5,
    warmupSec: 1,
    rounds: 2,
    listRecords: 100,
    whereEvents: 10_000,
    memoryEvents: 100_000,
    memorySettleSec: 40,
    latencySamples: 200,
    quick,
  };
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

/** Requests per second of a row divided by those of the same round's ceiling (or Prism) GET by id. */
export function ratioTo(report: Pick<BenchReport, 'throughput'>, row: ThroughputRow, base: BenchTarget): number | undefined {
  const reference = findRow(report, row.round, base);
  if (!reference || reference.reqPerSec === 0) return undefined;
  return row.figure.reqPerSec / reference.reqPerSec;
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
