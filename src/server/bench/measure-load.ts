import { Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import type { CoreResponse } from '../index.js';
import { readCpuMs } from './bench-processes.js';

/** One kind of request a load run repeats. */
export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** autocannon replaces every `[<id>]` in the body with a fresh unique id per request. */
  uniqueIds?: boolean;
  /** A new path per request (e.g. the next id to delete); default `path` every time. */
  nextPath?: () => string;
}

/** What one load run measured. */
export interface LoadFigure {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses per status code. */
  statuses: Record<string, number>;
  /** Responses with another status than the expected one, plus connection errors (timeouts included). */
  unexpected: number;
  /**
   * CPU time the server spent per request, in microseconds, when its process is known (Linux):
   * autocannon shares the two CPUs with the server, so req/s can be bounded by the client, while
   * this says what a request costs the server.
   */
  serverCpuUs?: number;
}

/** How a run loads the target. */
export interface LoadShape {
  connections: number;
  durationSec: number;
}

/** The value below which `share` of the sorted values lie. */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

/** Calls `send` one after the other while `more` says so, timing each call with sub-millisecond precision. */
async function timeOneByOne(send: () => Promise<number>, more: (calls: number, now: number) => boolean, expectStatus: number): Promise<LoadFigure> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  let now = started;
  while (more(latencies.length, now)) {
    const before = now;
    const status = await send();
    now = performance.now();
    latencies.push(now - before);
    statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
  }
  latencies.sort((a, b) => a - b);
  const requests = latencies.length;
  return {
    reqPerSec: requests / ((now - started) / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    requests,
    statuses,
    unexpected: requests - (statuses[String(expectStatus)] ?? 0),
  };
}

/**
 * Runs autocannon against `baseUrl` with one repeated request and reads the figures. Requests
 * per second are the completed requests over the run's duration; latencies are autocannon's
 * percentiles in milliseconds.
 */
export async function measureHttp(baseUrl: string, request: LoadRequest, shape: LoadShape, expectStatus: number, serverPid?: number): Promise<LoadFigure> {
  const { nextPath } = request;
  const cpuBefore = serverPid === undefined ? undefined : readCpuMs(serverPid);
  const result = await autocannon({
    url: baseUrl,
    connections: shape.connections,
    duration: shape.durationSec,
    idReplacement: request.uniqueIds ?? false,
    requests: [
      {
        method: request.method,
        path: request.path,
        headers: request.headers ?? {},
        ...(request.body === undefined ? {} : { body: request.body }),
        ...(nextPath ? { setupRequest: (req: autocannon.Request) => ({ ...req, path: nextPath() }) } : {}),
      },
    ],
  });
  const cpuAfter = serverPid === undefined ? undefined : readCpuMs(serverPid);
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  const expected = statuses[String(expectStatus)] ?? 0;
  return {
    reqPerSec: result.duration > 0 ? total / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: total,
    statuses,
    unexpected: total - expected + result.errors, // errors include timeouts
    ...(cpuBefore !== undefined && cpuAfter !== undefined && total > 0 ? { serverCpuUs: (1000 * (cpuAfter - cpuBefore)) / total } : {}),
  };
}

/**
 * One client sending `samples` requests one after the other over a kept-alive connection, timed
 * with sub-millisecond precision (autocannon's histogram counts whole milliseconds): the latency
 * one user sees, without queueing behind other connections.
 */
export async function measureSequential(baseUrl: string, req: LoadRequest, samples: number, expectStatus: number): Promise<LoadFigure> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(baseUrl);
  const body = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
  const headers = { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  const send = () =>
    new Promise<number>((resolve, reject) => {
      const r = httpRequest({ agent, host: url.hostname, port: url.port, method: req.method, path: req.path, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      r.on('error', reject);
      r.end(body);
    });
  try {
    return await timeOneByOne(send, (calls) => calls < samples, expectStatus);
  } finally {
    agent.destroy();
  }
}

/**
 * Calls `handle` one call after the other for `durationSec` seconds and measures it like a load
 * run: calls per second and the latency percentiles of single calls (no sockets involved).
 */
export async function measureInProcess(handle: () => Promise<CoreResponse>, durationSec: number, expectStatus: number): Promise<LoadFigure> {
  const cpuBefore = process.cpuUsage();
  const end = performance.now() + durationSec * 1000;
  const figure = await timeOneByOne(
    async () => (await handle()).status,
    (_, now) => now < end,
    expectStatus,
  );
  const cpu = process.cpuUsage(cpuBefore);
  return { ...figure, serverCpuUs: (cpu.user + cpu.system) / figure.requests };
}
