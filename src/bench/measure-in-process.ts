import type { CoreResponse } from '../reference-server/index.js';
import type { LoadFigure } from './measure-http.js';

/** The value below which `share` of the sorted values lie. */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

/**
 * Calls `handle` one call after the other for `durationSec` seconds and measures it like a load
 * run: calls per second and the latency percentiles of single calls (no sockets involved).
 */
export async function measureInProcess(handle: () => Promise<CoreResponse>, durationSec: number, expectStatus: number): Promise<LoadFigure> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const end = started + durationSec * 1000;
  let now = started;
  while (now < end) {
    const before = now;
    const response = await handle();
    now = performance.now();
    latencies.push(now - before);
    statuses[String(response.status)] = (statuses[String(response.status)] ?? 0) + 1;
  }
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const requests = latencies.length;
  return {
    reqPerSec: requests / ((now - started) / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    requests,
    statuses,
    unexpected: requests - (statuses[String(expectStatus)] ?? 0),
    serverCpuUs: (cpu.user + cpu.system) / requests,
  };
}
