import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchEvents } from './bench-data.js';
import type { LatencyRow, MemoryFigure } from './bench-report.js';
import { startReferenceProcess } from './bench-processes.js';
import { measureSequential } from './measure-sequential.js';
import { latencyProbes } from './reference-operations.js';
import { readPeakRss, readRss, type ChildServer } from './start-child-server.js';

/** RSS one second after ready, then sampled every second for the settle window; the last sample is the settled RSS. */
async function sampleRss(servers: ChildServer[], settleSec: number): Promise<{ atReady: number[]; settled: number[] }> {
  await sleep(1_000);
  const atReady = servers.map((s) => readRss(s.pid));
  let settled = atReady;
  for (let second = 1; second < settleSec; second += 1) {
    await sleep(1_000);
    settled = servers.map((s) => readRss(s.pid));
  }
  return { atReady, settled };
}

/**
 * The memory row: `mgmt-kit serve --empty` beside the same server with `events`
 * events of about 200 bytes loaded from a --seed file. Both stay idle for `settleSec` seconds:
 * loading leaves garbage and a grown young generation that V8's memory reducer hands back to the
 * system only after some idle seconds (about 15-25 s here), so RSS is read at ready and once
 * settled, plus the peak (VmHWM). Per-record overhead = (settled loaded − settled empty) / events.
 * Then single-client where.equals latencies over that many events.
 */
export async function measureMemory(
  events: number,
  options: { secret: string; token: string; dir: string; samples: number; settleSec: number },
): Promise<{ memory: MemoryFigure; latency: LatencyRow[] }> {
  const seedFile = join(options.dir, `events-${events}.json`);
  writeFileSync(seedFile, JSON.stringify({ event: benchEvents(events) }));
  const empty = await startReferenceProcess(options.secret, undefined, true);
  let loaded: ChildServer | undefined;
  try {
    loaded = await startReferenceProcess(options.secret, seedFile, true);
    const rss = await sampleRss([empty, loaded], options.settleSec);
    const latency: LatencyRow[] = [];
    for (const probe of latencyProbes(options.token, events)) {
      await measureSequential(loaded.url, probe.request, Math.min(5, options.samples), probe.expectStatus); // warm-up
      const figure = await measureSequential(loaded.url, probe.request, options.samples, probe.expectStatus);
      latency.push({ round: 0, what: probe.operation, records: events, figure });
    }
    const memory: MemoryFigure = {
      events,
      emptyRssBytes: rss.settled[0]!,
      loadedRssBytes: rss.settled[1]!,
      loadedRssAtReadyBytes: rss.atReady[1]!,
      emptyRssAtReadyBytes: rss.atReady[0]!,
      loadedPeakRssBytes: readPeakRss(loaded.pid),
      settleSec: options.settleSec,
      perRecordBytes: (rss.settled[1]! - rss.settled[0]!) / events,
      startMs: loaded.startMs,
      emptyStartMs: empty.startMs,
    };
    return { memory, latency };
  } finally {
    await empty.stop();
    await loaded?.stop();
  }
}
