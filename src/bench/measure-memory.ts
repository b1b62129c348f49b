import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchEvents } from './bench-data.js';
import type { LatencyRow, MemoryFigure } from './bench-report.js';
import { startReferenceProcess } from './bench-processes.js';
import { measureSequential } from './measure-sequential.js';
import { latencyProbes } from './reference-operations.js';
import { readRss } from './start-child-server.js';

/** Time for the servers to settle after start before their RSS is read. */
const SETTLE_MS = 1_000;

/**
 * The memory row of issue 12: RSS of `mgmt-kit serve --empty` against the same server with
 * `events` events of about 200 bytes loaded from a --seed file, the per-record overhead, the
 * start-up time, and single-client where.equals latencies over that many events.
 */
export async function measureMemory(
  events: number,
  secret: string,
  token: string,
  dir: string,
  samples: number,
): Promise<{ memory: MemoryFigure; latency: LatencyRow[] }> {
  const seedFile = join(dir, `events-${events}.json`);
  writeFileSync(seedFile, JSON.stringify({ event: benchEvents(events) }));
  const empty = await startReferenceProcess(secret, undefined, true);
  await sleep(SETTLE_MS);
  const emptyRssBytes = readRss(empty.pid);
  await empty.stop();
  const loaded = await startReferenceProcess(secret, seedFile, true);
  try {
    await sleep(SETTLE_MS);
    const loadedRssBytes = readRss(loaded.pid);
    const latency: LatencyRow[] = [];
    for (const probe of latencyProbes(token, events)) {
      await measureSequential(loaded.url, probe.request, Math.min(20, samples), probe.expectStatus); // warm-up
      const figure = await measureSequential(loaded.url, probe.request, samples, probe.expectStatus);
      latency.push({ round: 0, what: probe.operation, records: events, figure });
    }
    const memory = {
      events,
      emptyRssBytes,
      loadedRssBytes,
      perRecordBytes: (loadedRssBytes - emptyRssBytes) / events,
      startMs: loaded.startMs,
      emptyStartMs: empty.startMs,
    };
    return { memory, latency };
  } finally {
    await loaded.stop();
  }
}
