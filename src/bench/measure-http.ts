import autocannon from 'autocannon';
import { readCpuMs } from './start-child-server.js';

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
