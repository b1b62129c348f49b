import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { generateSecret, mintToken } from '../tokens/index.js';
import { benchSeed } from './bench-data.js';
import type { BenchReport, LatencyRow, ThroughputRow } from './bench-report.js';
import type { BenchSettings } from './bench-settings.js';
import { startCeilingProcess, startPrismProcess } from './bench-processes.js';
import type { ChildServer } from './start-child-server.js';
import { measureMemory } from './measure-memory.js';
import { renderBenchMarkdown } from './render-bench-markdown.js';
import { renderBenchSvg } from './render-bench-svg.js';
import { runBenchRound } from './run-bench-round.js';
import { waitForAnswer } from './wait-for-answer.js';

/** Options of {@link runBench}. */
export interface BenchRunOptions {
  settings: BenchSettings;
  /** Where bench.md, bench.json and bench.svg go (created when missing). */
  reportDir: string;
  /** Measure the Prism mock too (default true; it needs a few seconds to answer first). */
  prism?: boolean;
  log?: (line: string) => void;
}

/** Deletes per second the stock must allow for: far more than autocannon reaches on loopback. */
const DELETE_STOCK_PER_SEC = 60_000;

/**
 * `mgmt-kit bench` (`npm run bench`): the sequence, `settings.rounds` times, then the
 * memory row; writes `bench.md`, `bench.json` and `bench.svg` into `reportDir`.
 */
export async function runBench(options: BenchRunOptions): Promise<{ report: BenchReport; files: string[] }> {
  const { settings } = options;
  const log = options.log ?? (() => {});
  const started = performance.now();
  const loadStart = loadavg()[0] ?? 0;
  const secret = generateSecret();
  const token = await mintToken({ secret, expiresIn: '6h' });
  const dir = mkdtempSync(join(tmpdir(), 'mgmt-kit-bench-'));
  const throughput: ThroughputRow[] = [];
  const latency: LatencyRow[] = [];
  let prism: ChildServer | undefined;
  const ceiling = await startCeilingProcess();
  try {
    const seedFile = join(dir, 'reference-seed.json');
    const deleteStock = Math.ceil(DELETE_STOCK_PER_SEC * (settings.durationSec + settings.warmupSec));
    writeFileSync(seedFile, JSON.stringify(benchSeed({ listRecords: settings.listRecords, whereEvents: settings.whereEvents, deleteStock })));
    if (options.prism ?? true) {
      log('starting the Prism mock (it takes a few seconds to answer first)');
      prism = await startPrismProcess();
      await waitForAnswer(`${prism.url}/type/network-link/p2p`, { authorization: `Bearer ${token}` }, 60_000);
    }
    for (let round = 1; round <= settings.rounds; round += 1) {
      log(`round ${round} of ${settings.rounds}`);
      const result = await runBenchRound({
        round,
        settings,
        ceilingUrl: ceiling.url,
        ceilingPid: ceiling.pid,
        prismUrl: prism?.url,
        secret,
        token,
        seedFile,
        log,
      });
      throughput.push(...result.throughput);
      latency.push(...result.latency);
    }
  } finally {
    await ceiling.stop();
    await prism?.stop();
  }
  log(`memory: ${settings.memoryEvents} events`);
  let memory;
  try {
    // Few probes: a scan of 100 000 records takes a while, and the figure is a median.
    const samples = Math.min(30, settings.latencySamples);
    const measured = await measureMemory(settings.memoryEvents, { secret, token, dir, samples, settleSec: settings.memorySettleSec });
    memory = measured.memory;
    latency.push(...measured.latency);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const cpu = cpus();
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: {
      cpuModel: cpu[0]?.model.trim() ?? 'unknown',
      cpus: cpu.length,
      memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
      platform: platform(),
      node: process.version,
      loadAverage: { start: loadStart, end: loadavg()[0] ?? 0 },
    },
    settings,
    throughput,
    latency,
    memory,
    durationSec: (performance.now() - started) / 1000,
  };
  mkdirSync(options.reportDir, { recursive: true });
  const files = [join(options.reportDir, 'bench.md'), join(options.reportDir, 'bench.json'), join(options.reportDir, 'bench.svg')];
  writeFileSync(files[0]!, renderBenchMarkdown(report));
  writeFileSync(files[1]!, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(files[2]!, renderBenchSvg(report));
  return { report, files };
}
