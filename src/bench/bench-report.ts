import type { BenchSettings } from './bench-settings.js';
import type { LoadFigure } from './measure-http.js';

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
export function findRow(report: Pick<BenchReport, 'throughput'>, round: number, target: BenchTarget, operation = GET_BY_ID): LoadFigure | undefined {
  return report.throughput.find((r) => r.round === round && r.target === target && r.operation === operation)?.figure;
}

/** Requests per second of a row divided by those of the same round's ceiling (or Prism) GET by id. */
export function ratioTo(report: Pick<BenchReport, 'throughput'>, row: ThroughputRow, base: BenchTarget): number | undefined {
  const reference = findRow(report, row.round, base);
  if (!reference || reference.reqPerSec === 0) return undefined;
  return row.figure.reqPerSec / reference.reqPerSec;
}
