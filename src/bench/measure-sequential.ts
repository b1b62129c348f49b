import { Agent, request } from 'node:http';
import type { LoadFigure, LoadRequest } from './measure-http.js';
import { percentile } from './measure-in-process.js';

function send(agent: Agent, url: URL, req: LoadRequest): Promise<number> {
  const body = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
  const headers = { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  return new Promise((resolve, reject) => {
    const r = request({ agent, host: url.hostname, port: url.port, method: req.method, path: req.path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    r.on('error', reject);
    r.end(body);
  });
}

/**
 * One client sending `samples` requests one after the other over a kept-alive connection, timed
 * with sub-millisecond precision (autocannon's histogram counts whole milliseconds): the latency
 * one user sees, without queueing behind other connections.
 */
export async function measureSequential(baseUrl: string, req: LoadRequest, samples: number, expectStatus: number): Promise<LoadFigure> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(baseUrl);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  try {
    for (let i = 0; i < samples; i += 1) {
      const before = performance.now();
      const status = await send(agent, url, req);
      latencies.push(performance.now() - before);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
    }
  } finally {
    agent.destroy();
  }
  const elapsedSec = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: samples / elapsedSec,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    requests: samples,
    statuses,
    unexpected: samples - (statuses[String(expectStatus)] ?? 0),
  };
}
