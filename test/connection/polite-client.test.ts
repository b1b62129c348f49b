// The kit is gentle with a target and talks to it one way: a server with a small accept queue
// (Python's http.server keeps 5) passes the biggest bursts of the suite; --rate holds in every
// second the target sees, across workers; a server that wants Content-Type: application/json on
// every request (§4.1) gets it on the final read too; a wrong path prefix stops every command at
// its pre-flight; and a signal npm delivers twice is handled once.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { startIndependentServer } from '../independent-server/start-independent-server.js';
import { busiestSecond } from '../support/busiest-second.js';
import { runCommand } from '../support/run-command.js';

const secret = generateSecret();
const work = mkdtempSync(join(tmpdir(), 'mgmt-kit-polite-'));
let target: RunningReferenceServer;
/** When each request reached the reference server (its handler started), by its clock. */
const arrivals: number[] = [];

before(async () => {
  // Logged when the answer is written: the request arrived its handling time earlier.
  target = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret }, onRequest: (e) => arrivals.push(performance.now() - e.durationMs) });
});
after(() => target.close());

test('a server that keeps 5 connection attempts in its accept queue: the scenarios with the biggest bursts pass, two workers sharing the cap', async () => {
  const server = await startIndependentServer([], { backlog: 5 });
  try {
    const tags = '@types or @query or @concurrency or @volume or @updates';
    const args = ['--base-url', server.url, '--jwt-secret', server.secret, '--allow-destructive', '--parallel', '2', '--tags', tags];
    const { code, out, err } = await runCommand('conformance', [...args, '--report-dir', join(work, 'backlog')]);
    assert.equal(code, 0, `${out}\n${err}\n${server.log()}`);
    assert.match(out, /Verdict: PASSED \(exit 0\)/);
  } finally {
    await server.close();
  }
});

test('--rate 20 with three workers: no second of the target holds more than 20 requests', async (t) => {
  const first = arrivals.length;
  // Bursts of four from each worker (a concurrent-updates scenario each) beside the plain event scenarios: about 300
  // requests, 15 s at the rate. Every @concurrency scenario would hold the test a minute for the same check.
  const tags = '@events or (@concurrency and @rule.4.1-update)';
  const args = ['--base-url', target.url, '--jwt-secret', secret, '--parallel', '3', '--rate', '20', '--tags', tags];
  const { code, out, err, ms } = await runCommand('conformance', [...args, '--report-dir', join(work, 'rate')]);
  assert.equal(code, 0, `${out}\n${err}`);
  const requests = arrivals.length - first;
  const busiest = busiestSecond(arrivals.slice(first));
  t.diagnostic(`worst one-second window: ${busiest} of --rate 20 (${requests} requests in ${ms} ms)`);
  assert.ok(requests > 100, `${requests} requests`);
  assert.ok(busiest <= 20, `${busiest} requests in the busiest second`);
});

test('a server that refuses any request without Content-Type: application/json passes, its clean-up read back (not RECORDS LEFT BEHIND)', async () => {
  const server = await startIndependentServer(['strict-ct']);
  try {
    const args = ['--base-url', server.url, '--jwt-secret', server.secret, '--tags', '@events or @media-type', '--report-dir', join(work, 'strict-ct')];
    const { code, out, err } = await runCommand('conformance', args);
    assert.equal(code, 0, `${out}\n${err}`);
    const summary = JSON.parse(readFileSync(join(work, 'strict-ct', 'conformance-summary.json'), 'utf8')) as { leftovers: { unverified: string[] } };
    assert.deepEqual(summary.leftovers.unverified, []);
  } finally {
    await server.close();
  }
});

test('a wrong path prefix stops conformance, fuzz and capture at the one pre-flight: the same line, exit 2', async () => {
  const wrong = `${target.url}/api`;
  const line = /URL: no index is served at this prefix: GET .*\/api\/type\/network-link answered 404 with the service's envelope/;
  const conformance = await runCommand('conformance', ['--base-url', wrong, '--jwt-secret', secret, '--report-dir', join(work, 'prefix-c')]);
  const fuzz = await runCommand('fuzz', ['--base-url', wrong, '--jwt-secret', secret, '--report-dir', join(work, 'prefix-f')]);
  const capture = await runCommand('capture', ['--base-url', wrong, '--jwt-secret', secret, '--out', join(work, 'never.json')]);
  for (const [name, run, text] of [
    ['conformance', conformance, conformance.err],
    ['fuzz', fuzz, fuzz.out],
    ['capture', capture, capture.err],
  ] as const) {
    assert.equal(run.code, 2, `${name}: ${run.out}\n${run.err}`);
    assert.match(text, line, name);
  }
});

test('SIGTERM delivered twice at once (npm forwards the one sent to the group): handled once, the read-back finishes', { timeout: 180_000 }, async () => {
  const reportDir = join(work, 'twice');
  const bin = new URL('../../bin/mgmt-kit.js', import.meta.url).pathname;
  const env = { ...process.env, NODE_OPTIONS: '', BASE_URL: '', TOKEN: '', JWT_SECRET: '' };
  const child = spawn(process.execPath, [bin, 'conformance', '--base-url', target.url, '--jwt-secret', secret, '--report-dir', reportDir], { env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let seen = 0;
  const count = () => {
    if (++seen !== 300) return;
    child.kill('SIGTERM');
    child.kill('SIGTERM');
  };
  target.server.on('request', count);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  target.server.off('request', count);
  assert.equal(code, 143, output.slice(-2000));
  const summary = JSON.parse(readFileSync(join(reportDir, 'conformance-summary.json'), 'utf8')) as { verdict: string; leftovers?: unknown };
  assert.equal(summary.verdict, 'INTERRUPTED');
  assert.ok(summary.leftovers, `the leftovers were read back: ${JSON.stringify(summary).slice(0, 500)}`);
  assert.doesNotMatch(output, /a second signal/);
});
