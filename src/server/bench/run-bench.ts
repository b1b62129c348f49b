import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createReferenceCore } from '../index.js';
import { generateSecret, mintToken } from '../../contract/tokens/index.js';
import { benchEvents, benchSeed, latencyProbes, referenceOperations, type BenchOperation } from './bench-data.js';
import { readPeakRss, readRss, startCeilingProcess, startPrismProcess, startReferenceProcess, waitForAnswer, type ChildServer } from './bench-processes.js';
import { GET_BY_ID, type BenchReport, type BenchSettings, type LatencyRow, type MemoryFigure, type ThroughputRow } from './bench-report.js';
import { measureHttp, measureInProcess, measureSequential } from './measure-load.js';
import { renderBenchMarkdown, renderBenchSvg } from './render-bench.js';

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

/** Sequential latency probes against `url`, each after a short warm-up of `warmup` requests. */
async function probeLatency(url: string, token: string, events: number, samples: number, warmup: number, round: number): Promise<LatencyRow[]> {
  const latency: LatencyRow[] = [];
  for (const probe of latencyProbes(token, events)) {
    await measureSequential(url, probe.request, warmup, probe.expectStatus);
    const figure = await measureSequential(url, probe.request, samples, probe.expectStatus);
    latency.push({ round, what: probe.operation, records: events, figure });
  }
  return latency;
}

/**
 * The memory row: `mgmt-kit serve --empty` beside the same server with `events`
 * events of about 200 bytes loaded from a --seed file. Both stay idle for `settleSec` seconds:
 * loading leaves garbage and a grown young generation that V8's memory reducer hands back to the
 * system only after some idle seconds (about 15-25 s here), so RSS is read at ready and once
 * settled, plus the peak (VmHWM). Per-record overhead = (settled loaded − settled empty) / events.
 * Then single-client where.equals latencies over that many events.
 */
async function measureMemory(
  events: number,
  options: { secret: string; token: string; dir: string; samples: number; settleSec: number },
): Promise<{ memory: MemoryFigure; latency: LatencyRow[] }> {
  const seedFile = join(options.dir, `events-${events}.json`);
  writeFileSync(seedFile, JSON.stringify({ event: benchEvents(events) }));
  const empty = await startReferenceProcess(options.secret, undefined, true);
  let loaded: ChildServer | undefined;
  try {
    loaded = await startReferenceProcess(options.secret, seedFile, true);
    // RSS one second after ready, then every second for the settle window; the last sample is the settled RSS.
    await sleep(1_000);
    const atReady = [readRss(empty.pid), readRss(loaded.pid)];
    let settled = atReady;
    for (let second = 1; second < options.settleSec; second += 1) {
      await sleep(1_000);
      settled = [readRss(empty.pid), readRss(loaded.pid)];
    }
    const latency = await probeLatency(loaded.url, options.token, events, options.samples, Math.min(5, options.samples), 0);
    const memory: MemoryFigure = {
      events,
      emptyRssBytes: settled[0]!,
      loadedRssBytes: settled[1]!,
      loadedRssAtReadyBytes: atReady[1]!,
      emptyRssAtReadyBytes: atReady[0]!,
      loadedPeakRssBytes: readPeakRss(loaded.pid),
      settleSec: options.settleSec,
      perRecordBytes: (settled[1]! - settled[0]!) / events,
      startMs: loaded.startMs,
      emptyStartMs: empty.startMs,
    };
    return { memory, latency };
  } finally {
    await empty.stop();
    await loaded?.stop();
  }
}

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
  const auth = { authorization: `Bearer ${token}` };
  const dir = mkdtempSync(join(tmpdir(), 'mgmt-kit-bench-'));
  const throughput: ThroughputRow[] = [];
  const latency: LatencyRow[] = [];
  const load = { connections: settings.connections, durationSec: settings.durationSec };
  const warmup = { connections: settings.connections, durationSec: settings.warmupSec };
  const measure = async (round: number, target: ThroughputRow['target'], server: { url: string; pid?: number }, op: BenchOperation) => {
    await measureHttp(server.url, op.request, warmup, op.expectStatus);
    const figure = await measureHttp(server.url, op.request, load, op.expectStatus, server.pid);
    throughput.push({ round, target, operation: op.operation, figure });
    log(
      `  round ${round} ${target} ${op.operation}: ${Math.round(figure.reqPerSec)} req/s, p50 ${figure.p50Ms} ms${figure.unexpected ? `, ${figure.unexpected} unexpected` : ''}`,
    );
  };
  const byId: BenchOperation = { operation: GET_BY_ID, request: { method: 'GET', path: '/type/network-link/p2p', headers: auth }, expectStatus: 200 };

  /**
   * One round of the sequence, every HTTP target under the same load (connections, duration,
   * warm-up): the ceiling, a fresh reference server (six operations, then the single-client
   * probes), the core in-process, and Prism.
   */
  const runRound = async (round: number, ceiling: ChildServer, prism: ChildServer | undefined, seedFile: string) => {
    await measure(round, 'ceiling', ceiling, byId);
    const reference = await startReferenceProcess(secret, seedFile);
    try {
      log(`  round ${round} reference server ready in ${Math.round(reference.startMs)} ms`);
      const { whereEvents, latencySamples } = settings;
      latency.push(...(await probeLatency(reference.url, token, whereEvents, latencySamples, Math.min(20, latencySamples), round)));
      for (const op of referenceOperations(token, whereEvents, settings.listRecords)) {
        await measure(round, 'reference', reference, op);
      }
    } finally {
      await reference.stop();
    }
    const core = createReferenceCore({ auth: { secret } });
    const call = () => core.handle({ method: 'GET', path: '/type/network-link/p2p', headers: auth });
    await measureInProcess(call, settings.warmupSec, 200);
    const inProcess = await measureInProcess(call, settings.durationSec, 200);
    throughput.push({ round, target: 'core in-process', operation: GET_BY_ID, figure: inProcess });
    log(`  round ${round} core in-process: ${Math.round(inProcess.reqPerSec)} calls/s`);
    if (prism) await measure(round, 'Prism mock', { url: prism.url }, byId);
  };

  let prism: ChildServer | undefined;
  const ceiling = await startCeilingProcess();
  try {
    const seedFile = join(dir, 'reference-seed.json');
    const deleteStock = Math.ceil(DELETE_STOCK_PER_SEC * (settings.durationSec + settings.warmupSec));
    writeFileSync(seedFile, JSON.stringify(benchSeed({ listRecords: settings.listRecords, whereEvents: settings.whereEvents, deleteStock })));
    if (options.prism ?? true) {
      log('starting the Prism mock (it takes a few seconds to answer first)');
      prism = await startPrismProcess();
      await waitForAnswer(`${prism.url}/type/network-link/p2p`, auth, 60_000);
    }
    for (let round = 1; round <= settings.rounds; round += 1) {
      log(`round ${round} of ${settings.rounds}`);
      await runRound(round, ceiling, prism, seedFile);
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
