import autocannon from 'autocannon';

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
}

/** How a run loads the target: either for a duration or for a number of requests. */
export type LoadShape = { connections: number; durationSec: number } | { connections: number; amount: number };

/**
 * Runs autocannon against `baseUrl` with one repeated request and reads the figures. Requests
 * per second are the completed requests over the run's duration; latencies are autocannon's
 * percentiles in milliseconds.
 */
export async function measureHttp(baseUrl: string, request: LoadRequest, shape: LoadShape, expectStatus: number): Promise<LoadFigure> {
  const { nextPath } = request;
  const result = await autocannon({
    url: baseUrl,
    connections: shape.connections,
    ...('amount' in shape ? { amount: shape.amount } : { duration: shape.durationSec }),
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
  };
}
