// How a run that does not finish ends, with the real CLI against the reference server: `fuzz`
// against a target that dies mid-run ends with one line and exit 4 (no failure, no repro made of
// the refused connections; a failure found before stays), and an interrupted `conformance` or
// `fuzz` (SIGINT, exit 130) reads back what it left and lists exactly what the target holds, with a
// delete command each — or, after a second signal, says it could not read them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../server/index.js';
import { INDEX_NAMES } from '../../server/core/index.js';

const BIN = new URL('../../../bin/mgmt-kit.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'honest-ends-'));
const secret = generateSecret();

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Runs the CLI without blocking this process, which serves the target. `signalWhen` sees the
 * output so far and returns the signals to send (once, in order), or nothing yet; `interruptAt`
 * sends them when the server has answered that many requests.
 */
function runCli(
  args: string[],
  signalWhen?: (stdout: string, stderr: string) => NodeJS.Signals[] | undefined,
  interruptAt?: { server: RunningReferenceServer; requests: number; signals: NodeJS.Signals[] },
): Promise<Run> {
  const env = { ...process.env, NODE_OPTIONS: '', BASE_URL: '', TOKEN: '', JWT_SECRET: '', JWT_CLAIMS: '', AUTH_SCHEME: '' };
  const started = Date.now();
  const child = spawn(process.execPath, [BIN, ...args], { env });
  let stdout = '';
  let stderr = '';
  let signalled = false;
  const look = () => {
    if (signalled || !signalWhen) return;
    const signals = signalWhen(stdout, stderr);
    if (!signals) return;
    signalled = true;
    for (const signal of signals) child.kill(signal);
  };
  if (interruptAt) {
    // The console's progress comes in whole lines (the dots of a run only at its end): the
    // target's count of requests says when the run is under way.
    let seen = 0;
    const count = () => {
      if (++seen !== interruptAt.requests || signalled) return;
      signalled = true;
      for (const signal of interruptAt.signals) child.kill(signal);
    };
    interruptAt.server.server.on('request', count);
    child.on('close', () => interruptAt.server.server.off('request', count));
  }
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    look();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
    look();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started })));
}

async function addFault(server: RunningReferenceServer, rule: Record<string, unknown>): Promise<void> {
  const added = await fetch(`${server.url}/__admin/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) });
  assert.equal(added.status, 201, await added.text());
}

/** The records the target holds that carry the run prefix (as the id, or as any top-level string: the fuzzer's marker), as `<index> <id>`. */
function heldUnder(server: RunningReferenceServer, prefix: string): string[] {
  return INDEX_NAMES.flatMap((name) =>
    server.core.store[name]
      .list()
      .filter((r) => Object.values(r).some((v) => typeof v === 'string' && v.startsWith(prefix)))
      .map((r) => `${name} ${r.id}`),
  ).sort();
}

/** A reference server that stops listening, and drops every open connection, at its `after`-th request. */
async function doomedServer(after: number): Promise<RunningReferenceServer> {
  const server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret }, admin: true });
  let requests = 0;
  server.server.on('request', (request: { url?: string }) => {
    if (request.url?.startsWith('/__admin')) return;
    if (++requests === after) {
      server.server.close();
      server.server.closeAllConnections();
    }
  });
  return server;
}

interface FuzzSummary {
  verdict: string;
  exitCode: number;
  stoppedBy: string;
  runPrefix: string;
  targetStopped?: { afterRequests: number; line: string };
  failures: Array<{ signature: string; title: string }>;
  cleanUp: { leftovers: string[]; unverified: string[]; deleteCommands: string[]; triedAfterStop?: boolean };
}

const fuzzArgs = (server: RunningReferenceServer, reportDir: string) => [
  'fuzz',
  '--base-url',
  server.url,
  '--jwt-secret',
  secret,
  '--runs',
  '100000',
  '--time-budget',
  '90s',
  '--random-seed',
  '5',
  '--report-dir',
  reportDir,
];

test('fuzz against a target that dies mid-run: one line, exit 4, reports saying it did not finish; the failure found before stays, none is made of the refused connections', {
  timeout: 180_000,
}, async () => {
  const server = await doomedServer(900);
  // A broken update (every PUT of an event answers 500): a failure the fuzzer finds early.
  await addFault(server, { method: 'PUT', pathPattern: '^/event', status: 500 });
  const reportDir = join(dir, 'fuzz-dead');
  const run = await runCli(fuzzArgs(server, reportDir));
  const all = run.stdout + run.stderr;
  assert.equal(run.code, 4, all.slice(-3000));
  assert.ok(run.ms < 60_000, `the run ends at the stop, not at its 90 s budget (${run.ms} ms)`);
  const stopLines = all.split('\n').filter((l) => /^mgmt-kit fuzz: the target stopped answering at \d\d:\d\d:\d\d UTC, after \d+ requests: /.test(l));
  assert.equal(stopLines.length, 1, all.slice(-3000));
  assert.doesNotMatch(all, /^FAILURE .*(ECONNREFUSED|ECONNRESET|socket hang up|no answer)/m, 'no failure made of the stop');
  assert.match(all, /^FAILURE .*500/m, 'the failure found before the stop is still reported');
  assert.match(all, /^Verdict: TARGET STOPPED \(exit 4\)$/m);
  const summary = JSON.parse(readFileSync(join(reportDir, 'fuzz-summary.json'), 'utf8')) as FuzzSummary;
  assert.deepEqual([summary.verdict, summary.exitCode, summary.stoppedBy], ['TARGET STOPPED', 4, 'target-stopped']);
  assert.ok(summary.targetStopped && summary.targetStopped.afterRequests > 0);
  assert.ok(summary.failures.length > 0 && summary.failures.every((f) => !f.signature.includes('no-answer')), JSON.stringify(summary.failures));
  // The clean-up was tried once more after the stop, found the target still gone, and says so.
  assert.equal(summary.cleanUp.triedAfterStop, true);
  assert.deepEqual([...summary.cleanUp.unverified].sort(), [...INDEX_NAMES].sort());
  const markdown = readFileSync(join(reportDir, 'fuzz.md'), 'utf8');
  assert.match(markdown, /^\*\*Verdict: TARGET STOPPED\*\* \(exit 4\) — the target stopped answering at /m);
  assert.match(markdown, /\| stopped by \| the run did not finish: the target stopped answering/);
  assert.match(markdown, /the clean-up was tried afterwards, once, on a connection of its own, and got no answer either/);
  assert.doesNotMatch(markdown, /ECONNREFUSED[^\n]*\n[^\n]*```sh/, 'no repro of a refused connection');
  assert.match(readFileSync(join(reportDir, 'fuzz-junit.xml'), 'utf8'), /name="the run: TARGET STOPPED"/);
});

test('fuzz interrupted by SIGINT: deletes and reads back what the run left, lists exactly what the target holds with a delete command each, exit 130', {
  timeout: 180_000,
}, async () => {
  const server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret }, admin: true });
  try {
    // Deletes of the run's records are dropped: some are left, and the reports must name them.
    await addFault(server, { method: 'DELETE', pathPattern: '/fz-', status: 'drop' });
    const reportDir = join(dir, 'fuzz-interrupted');
    const run = await runCli(fuzzArgs(server, reportDir), (stdout) => (/ {2}… [1-9]\d* sequences/.test(stdout) ? ['SIGINT'] : undefined));
    assert.equal(run.code, 130, (run.stdout + run.stderr).slice(-3000));
    assert.match(run.stdout, /^mgmt-kit fuzz: interrupted by SIGINT: deleting the run's records and reading back what is left under fz-[0-9a-f]{6}- /m);
    assert.match(run.stdout, /^Verdict: INTERRUPTED \(exit 130\)$/m);
    const summary = JSON.parse(readFileSync(join(reportDir, 'fuzz-summary.json'), 'utf8')) as FuzzSummary;
    assert.deepEqual([summary.verdict, summary.exitCode, summary.stoppedBy], ['INTERRUPTED', 130, 'interrupted']);
    const held = heldUnder(server, summary.runPrefix);
    assert.ok(held.length > 0, 'the dropped deletes left records');
    assert.deepEqual([...summary.cleanUp.leftovers].sort(), held, 'the reports name exactly what the target holds');
    assert.equal(summary.cleanUp.deleteCommands.length, held.length);
    const markdown = readFileSync(join(reportDir, 'fuzz.md'), 'utf8');
    assert.match(markdown, /^\*\*Verdict: INTERRUPTED\*\* \(exit 130\)/m);
    for (const command of summary.cleanUp.deleteCommands) assert.ok(markdown.includes(command), command);
    assert.match(
      summary.cleanUp.deleteCommands[0]!,
      /^curl -X DELETE -H "Authorization: Bearer \$TOKEN" 'http:\/\/127\.0\.0\.1:\d+\/(event|type\/network-link|catalog\/agent)\/[^']+'$/,
    );
    assert.match(readFileSync(join(reportDir, 'fuzz-junit.xml'), 'utf8'), /name="the run: INTERRUPTED"/);
  } finally {
    await server.close();
  }
});

test('conformance interrupted by SIGINT: reads back what the run left, lists exactly what the target holds with a delete command each, exit 130', {
  timeout: 180_000,
}, async () => {
  const server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret }, admin: true });
  try {
    await addFault(server, { method: 'DELETE', pathPattern: '/mk-', status: 'drop' });
    const reportDir = join(dir, 'conformance-interrupted');
    // 600 requests in: records of several scenarios are left (their deletes were dropped).
    const run = await runCli(['conformance', '--base-url', server.url, '--jwt-secret', secret, '--report-dir', reportDir], undefined, {
      server,
      requests: 600,
      signals: ['SIGINT'],
    });
    assert.equal(run.code, 130, (run.stdout + run.stderr).slice(-3000));
    assert.match(run.stderr, /interrupted by SIGINT: reading back what the run left under mk-[0-9a-f]{6}- \(at most 10 s; a second SIGINT ends it at once\)/);
    assert.doesNotMatch(run.stdout, /\d+ scenarios \(/, "the scenarios cut short by the interrupt are not counted as cucumber's run");
    const summary = JSON.parse(readFileSync(join(reportDir, 'conformance-summary.json'), 'utf8')) as {
      verdict: string;
      exitCode: number;
      runPrefix: string;
      leftovers: { ids: string[]; deleteCommands: string[] };
    };
    assert.deepEqual([summary.verdict, summary.exitCode], ['INTERRUPTED', 130]);
    assert.ok(summary.leftovers, `the leftovers were read back: ${JSON.stringify(summary)}`);
    const held = heldUnder(server, summary.runPrefix);
    assert.ok(held.length > 0, 'the dropped deletes left records');
    assert.deepEqual([...summary.leftovers.ids].sort(), held, 'the reports name exactly what the target holds');
    const markdown = readFileSync(join(reportDir, 'conformance-summary.md'), 'utf8');
    assert.match(markdown, /^# Conformance summary: INTERRUPTED\n/);
    for (const command of summary.leftovers.deleteCommands) assert.ok(markdown.includes(command), command);
    const id = held[0]!.split(' ')[1]!;
    for (const name of ['conformance-summary.html', 'junit.xml']) assert.ok(readFileSync(join(reportDir, name), 'utf8').includes(id), `${name} names ${id}`);
    assert.match(run.stderr, /Delete them with \(TOKEN set to a token the target accepts\):\n {2}curl -X DELETE /);
    // The printed commands work: nothing of the run is left once they ran.
    const { mintToken } = await import('../../contract/tokens/index.js');
    await fetch(`${server.url}/__admin/faults`, { method: 'DELETE' });
    const token = await mintToken({ secret, expiresIn: '1h' });
    for (const command of summary.leftovers.deleteCommands) {
      const url = /'(http[^']+)'$/.exec(command)![1]!;
      assert.equal((await fetch(url, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status, 205);
    }
    assert.deepEqual(heldUnder(server, summary.runPrefix), []);
  } finally {
    await server.close();
  }
});

test('a second signal ends the read-back at once: the reports say the leftovers could not be read, and why', { timeout: 180_000 }, async () => {
  const server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret }, admin: true });
  try {
    for (const command of ['conformance', 'fuzz'] as const) {
      const reportDir = join(dir, `${command}-twice`);
      const args =
        command === 'fuzz' ? fuzzArgs(server, reportDir) : ['conformance', '--base-url', server.url, '--jwt-secret', secret, '--report-dir', reportDir];
      const run = await runCli(args, undefined, { server, requests: 400, signals: ['SIGINT', 'SIGTERM'] });
      // Both signals are pending at once: whichever the process handles first is the one it exits by.
      assert.ok(run.code === 130 || run.code === 143, `${command}: exit ${run.code} ${(run.stdout + run.stderr).slice(-2000)}`);
      const name = command === 'fuzz' ? 'fuzz.md' : 'conformance-summary.md';
      const markdown = readFileSync(join(reportDir, name), 'utf8');
      assert.match(markdown, /: INTERRUPTED\n/, `${command}: ${markdown}`);
      assert.match(
        markdown,
        /The records the run left could not be read \(a second signal \((SIGTERM|SIGINT)\) came before the (read-back|clean-up and read-back) finished\): records under the run prefix (mk|fz)-[0-9a-f]{6}- may be left on the target/,
        `${command}: ${markdown}`,
      );
    }
  } finally {
    await server.close();
  }
});
