import type { Envelope } from '@cucumber/messages';
import { runConformance } from '../src/conformance/run-conformance.js';
import { generateSecret, startReferenceServer } from '../src/reference-server/index.js';
import { startDelayingProxy } from '../test/support/delaying-proxy.js';
const secret = generateSecret();
const server = await startReferenceServer({ port: 0, auth: { secret } });
const proxy = await startDelayingProxy({ upstream: server.url, delayMs: 25 });
const t0 = performance.now();
const ts = (t: { seconds: number; nanos: number }) => t.seconds * 1000 + t.nanos / 1e6;
let runStart = 0; const firstByWorker = new Map<string, number>(); let lastFinish = 0; const destr: number[] = [];
const testCasePickle = new Map<string, string>(); const pickleTags = new Map<string, string[]>(); const started = new Map<string, { t: number; pickle: string }>();
const on = (e: Envelope) => {
  if (e.testRunStarted) runStart = ts(e.testRunStarted.timestamp);
  if (e.pickle) pickleTags.set(e.pickle.id, e.pickle.tags.map((t) => t.name));
  if (e.testCase) testCasePickle.set(e.testCase.id, e.testCase.pickleId);
  if (e.testCaseStarted) { const w = e.testCaseStarted.workerId ?? '-'; const t = ts(e.testCaseStarted.timestamp); if (!firstByWorker.has(w)) firstByWorker.set(w, t - runStart); started.set(e.testCaseStarted.id, { t, pickle: testCasePickle.get(e.testCaseStarted.testCaseId)! }); }
  if (e.testCaseFinished) { const t = ts(e.testCaseFinished.timestamp); lastFinish = Math.max(lastFinish, t); const s = started.get(e.testCaseFinished.testCaseStartedId)!; if (pickleTags.get(s.pickle)?.includes('@destructive')) destr.push(t - s.t); }
};
const r = await runConformance({ baseUrl: proxy.url, jwtSecret: secret, profile: 'core', allowDestructive: true, progress: 'none', parallel: Number(process.argv[2] ?? 4), onEnvelope: on });
console.log(`total ${(performance.now() - t0).toFixed(0)} ms; run ${(lastFinish - runStart).toFixed(0)} ms; first test per worker`, [...firstByWorker].map(([w, t]) => `${w}:${t.toFixed(0)}`).join(' '), 'destructive ms', destr.map((d) => d.toFixed(0)).join(' '), 'proxied', proxy.answered, 'failed', r.scenarios.filter(s=>s.status==='failed').length);
await proxy.close(); await server.close();
