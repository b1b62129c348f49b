import { createReferenceCore } from '../reference-server/index.js';
import type { BenchSettings } from './bench-settings.js';
import { GET_BY_ID, type LatencyRow, type ThroughputRow } from './bench-report.js';
import { startReferenceProcess } from './bench-processes.js';
import { measureHttp, type LoadRequest } from './measure-http.js';
import { measureInProcess } from './measure-in-process.js';
import { measureSequential } from './measure-sequential.js';
import { latencyProbes, referenceOperations } from './reference-operations.js';

/** What one round needs: the running ceiling and Prism, the token and the reference seed. */
export interface RoundContext {
  round: number;
  settings: BenchSettings;
  ceilingUrl: string;
  ceilingPid: number;
  prismUrl: string | undefined;
  secret: string;
  token: string;
  seedFile: string;
  log: (line: string) => void;
}

/**
 * One round of the sequence, every HTTP target under the same load (connections, duration,
 * warm-up): the ceiling, a fresh reference server (six operations, then the single-client
 * probes), the core in-process, and Prism.
 */
export async function runBenchRound(context: RoundContext): Promise<{ throughput: ThroughputRow[]; latency: LatencyRow[] }> {
  const { round, settings, token, log } = context;
  const throughput: ThroughputRow[] = [];
  const load = { connections: settings.connections, durationSec: settings.durationSec };
  const warmup = { connections: settings.connections, durationSec: settings.warmupSec };
  const measure = async (target: ThroughputRow['target'], operation: string, url: string, request: LoadRequest, status: number, pid?: number) => {
    await measureHttp(url, request, warmup, status);
    const figure = await measureHttp(url, request, load, status, pid);
    throughput.push({ round, target, operation, figure });
    log(
      `  round ${round} ${target} ${operation}: ${Math.round(figure.reqPerSec)} req/s, p50 ${figure.p50Ms} ms${figure.unexpected ? `, ${figure.unexpected} unexpected` : ''}`,
    );
  };
  const auth = { authorization: `Bearer ${token}` };
  const byId: LoadRequest = { method: 'GET', path: '/type/network-link/p2p', headers: auth };

  await measure('ceiling', GET_BY_ID, context.ceilingUrl, byId, 200, context.ceilingPid);

  const latency: LatencyRow[] = [];
  const reference = await startReferenceProcess(context.secret, context.seedFile);
  try {
    log(`  round ${round} reference server ready in ${Math.round(reference.startMs)} ms`);
    for (const probe of latencyProbes(token, settings.whereEvents)) {
      await measureSequential(reference.url, probe.request, Math.min(20, settings.latencySamples), probe.expectStatus); // warm-up
      const figure = await measureSequential(reference.url, probe.request, settings.latencySamples, probe.expectStatus);
      latency.push({ round, what: probe.operation, records: settings.whereEvents, figure });
    }
    for (const op of referenceOperations(token, settings.whereEvents, settings.listRecords)) {
      await measure('reference', op.operation, reference.url, op.request, op.expectStatus, reference.pid);
    }
  } finally {
    await reference.stop();
  }

  const core = createReferenceCore({ auth: { secret: context.secret } });
  const call = () => core.handle({ method: 'GET', path: '/type/network-link/p2p', headers: auth });
  await measureInProcess(call, settings.warmupSec, 200);
  const inProcess = await measureInProcess(call, settings.durationSec, 200);
  throughput.push({ round, target: 'core in-process', operation: GET_BY_ID, figure: inProcess });
  log(`  round ${round} core in-process: ${Math.round(inProcess.reqPerSec)} calls/s`);

  if (context.prismUrl) await measure('Prism mock', GET_BY_ID, context.prismUrl, byId, 200);
  return { throughput, latency };
}
