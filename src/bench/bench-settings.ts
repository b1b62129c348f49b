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
