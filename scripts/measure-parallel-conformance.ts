/**
 * The suite against a slow deployment, one after the other and with `--parallel N`:
 * the reference server behind a proxy that delays every answer (test/support/delaying-proxy.ts).
 * Prints and writes reports/conformance-parallel.md: both durations, the speed-up, whether the
 * results are the same and whether any record was left behind.
 *
 * npm run build && node scripts/run-ts.mjs scripts/measure-parallel-conformance.ts [--parallel 4] [--delay 25] [--profile core|extended]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { ConformanceProfile } from '../src/target/conformance/run-conformance.js';
import { plainConnection } from '../src/connection/connection-settings.js';
import { generateSecret, startReferenceServer } from '../src/server/index.js';
import { leftoverIds, scenarioOutcomes, storeFingerprint } from '../test/support/conformance-fingerprint.js';
import { startDelayingProxy } from '../test/support/delaying-proxy.js';

// The compiled runner (npm run build), as `mgmt-kit conformance` runs it: its workers load the
// step bundle of the build, not the .ts steps through tsx.
const { runConformance } = (await import(
  new URL('../dist/target/conformance/run-conformance.js', import.meta.url).href
)) as typeof import('../src/target/conformance/run-conformance.js');

const { values } = parseArgs({
  options: { parallel: { type: 'string', default: '4' }, delay: { type: 'string', default: '25' }, profile: { type: 'string', default: 'core' } },
});
const parallel = Number(values.parallel);
const delayMs = Number(values.delay);
const profile = values.profile as ConformanceProfile;

const secret = generateSecret();
const server = await startReferenceServer({ port: 0, auth: { secret } });
const proxy = await startDelayingProxy({ upstream: server.url, delayMs });
const before = storeFingerprint(server.core.store);
const runs: Array<{ workers: number; seconds: number; passed: number; failed: number; outcomes: string[]; leftovers: string[]; storeUnchanged: boolean }> = [];
let support: Awaited<ReturnType<typeof runConformance>>['support'] | undefined; // cucumber loads support code once per process
try {
  for (const workers of [0, parallel]) {
    const result = await runConformance({
      connection: plainConnection(proxy.url, { jwtSecret: secret }),
      profile,
      allowDestructive: true,
      progress: 'none',
      parallel: workers,
      support,
    });
    support = result.support;
    runs.push({
      workers,
      seconds: result.durationMs / 1000,
      passed: result.scenarios.filter((s) => s.status === 'passed').length,
      failed: result.scenarios.filter((s) => s.status === 'failed').length,
      outcomes: scenarioOutcomes(result.scenarios),
      leftovers: leftoverIds(server.core.store, result.runPrefix),
      storeUnchanged: storeFingerprint(server.core.store) === before,
    });
  }
} finally {
  await proxy.close();
  await server.close();
}
const [serial, par] = runs as [(typeof runs)[0], (typeof runs)[0]];
const same = JSON.stringify(serial.outcomes) === JSON.stringify(par.outcomes);
const lines = [
  `# Conformance suite against a target ${delayMs} ms away (profile ${profile})`,
  '',
  `${new Date().toISOString()} · ${cpus()[0]?.model.trim() ?? '?'}, ${cpus().length} CPUs, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)}`,
  '',
  '| run | scenarios passed / failed | duration | records left behind | store as before |',
  '|---|---|---|---|---|',
  ...runs.map(
    (r) =>
      `| ${r.workers === 0 ? 'serial' : `--parallel ${r.workers}`} | ${r.passed} / ${r.failed} | ${r.seconds.toFixed(1)} s | ${r.leftovers.length} | ${r.storeUnchanged ? 'yes' : 'no'} |`,
  ),
  '',
  `Speed-up: ${(serial.seconds / par.seconds).toFixed(2)} × · same result for every scenario: ${same ? 'yes' : 'no'}`,
  '',
];
process.stdout.write(lines.join('\n'));
mkdirSync('reports', { recursive: true });
writeFileSync('reports/conformance-parallel.md', lines.join('\n'));
writeFileSync('reports/conformance-parallel.json', `${JSON.stringify({ delayMs, profile, runs, same }, null, 2)}\n`);
process.exitCode = same && runs.every((r) => r.failed === 0 && r.leftovers.length === 0 && r.storeUnchanged) ? 0 : 1;
