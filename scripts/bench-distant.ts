/**
 * Time to a verdict against a distant deployment: the default core run (`mgmt-kit conformance
 * --allow-destructive` with a JWT secret, profile core, every other flag at its default) against
 * the independent implementation answering every request LATENCY_MS later, at 0, 20 and 100 ms.
 * The server counts the requests it received (it prints them when stopped): no proxy sits in
 * between, since on this machine a proxy's CPU would be taken from the run it measures. Prints one row per latency: requests, wall time, verdict; with `--report-dir DIR`
 * writes the same as DIR/bench-distant.md. One run, never a test.
 *
 * npm run build && npm run bench:distant [-- --latency 0,20,100] [-- --flags="--parallel 0"] [-- --report-dir docs/bench]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startIndependentServer } from '../test/independent-server/start-independent-server.js';

const { values } = parseArgs({
  options: { latency: { type: 'string', default: '0,20,100' }, flags: { type: 'string', default: '' }, 'report-dir': { type: 'string' } },
});
const latencies = values.latency.split(',').map(Number);
const extraFlags = values.flags.split(' ').filter(Boolean);
const bin = new URL('../bin/mgmt-kit.js', import.meta.url).pathname;

/** Runs the command to its end; resolves to its exit code, its last output line and its wall time. */
function runConformance(baseUrl: string, secret: string, reportDir: string): Promise<{ code: number; verdict: string; ms: number }> {
  const args = [bin, 'conformance', '--base-url', baseUrl, '--jwt-secret', secret, '--allow-destructive', '--report-dir', reportDir, ...extraFlags];
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const verdict = /^Verdict: .*$/m.exec(out)?.[0] ?? out.trim().split('\n').at(-1) ?? '';
      resolve({ code: code ?? -1, verdict, ms: performance.now() - started });
    }),
  );
}

const command = `npm run bench:distant${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const lines = [
  '# The default core run against a distant target, measured',
  '',
  `Written by \`${command}\` on ${new Date().toISOString().slice(0, 10)}.`,
  '',
  `${cpus().length} CPUs, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)} at the start${extraFlags.length > 0 ? `; extra flags: ${extraFlags.join(' ')}` : ''}.`,
  '',
  '| LATENCY_MS | requests | time | verdict |',
  '|---|---|---|---|',
];
process.stdout.write(`${lines.join('\n')}\n`);
for (const latencyMs of latencies) {
  const server = await startIndependentServer([], { latencyMs });
  const reportDir = mkdtempSync(join(tmpdir(), 'mgmt-kit-distant-'));
  try {
    const run = await runConformance(server.url, server.secret, reportDir);
    await server.close();
    const requests = /^requests received: (\d+)$/m.exec(server.log())?.[1] ?? '?';
    const row = `| ${latencyMs} | ${requests} | ${(run.ms / 1000).toFixed(1)} s | ${run.verdict.replace(/^Verdict: /, '')} |`;
    lines.push(row);
    process.stdout.write(`${row}\n`);
    if (run.code !== 0 || requests === '?') process.exitCode = 1;
  } finally {
    await server.close();
    rmSync(reportDir, { recursive: true, force: true });
  }
}
lines.push('', `Load average at the end: ${loadavg()[0]?.toFixed(1)}.`, '');
process.stdout.write(`${lines.at(-2)}\n`);
if (values['report-dir'] !== undefined) writeFileSync(join(values['report-dir'], 'bench-distant.md'), lines.join('\n'));
