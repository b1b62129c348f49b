// The exit codes a pipeline relies on (docs/conformance-in-ci.md, "Exit codes"), with the real CLI against real
// servers: 0 passed, 1 scenarios failed, 2 usage or connection error — and the baseline
// workflow: --write-baseline, then --baseline holds a run to exactly those failures.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROKEN_VARIANTS } from '../../../test/self-check/broken-variants.js';
import { EXPECTED_FAILURES } from '../../../test/self-check/broken-variant-expectations.js';
import { startVariantServer, type VariantServer } from '../../../test/self-check/start-variant-server.js';
import { parseBaseline } from '../../conformance/baseline.js';

const BIN = new URL('../../../bin/mgmt-kit.js', import.meta.url).pathname;
const VARIANT = 'duplicate-id-created';
const EXPECTED = [...(EXPECTED_FAILURES[VARIANT] ?? [])].sort();

let faithful: VariantServer;
let broken: VariantServer;
const dir = mkdtempSync(join(tmpdir(), 'conformance-exit-'));

before(async () => {
  faithful = await startVariantServer();
  broken = await startVariantServer(BROKEN_VARIANTS.find((v) => v.name === VARIANT));
});
after(async () => {
  await Promise.all([faithful.close(), broken.close()]);
});

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI without blocking this process, which serves the targets. */
function runCli(args: string[]): Promise<CliRun> {
  const env = { ...process.env, NODE_OPTIONS: '', BASE_URL: '', TOKEN: '', JWT_SECRET: '', JWT_CLAIMS: '', AUTH_SCHEME: '' };
  const child = spawn(process.execPath, [BIN, 'conformance', ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const against = (server: VariantServer, reportDir: string, ...extra: string[]) => [
  '--base-url', server.url, '--jwt-secret', server.secret, '--report-dir', join(dir, reportDir), ...extra,
];

test('exit 0: every scenario passed', { timeout: 90_000 }, async () => {
  const run = await runCli(against(faithful, 'pass'));
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /: \d+ passed, 0 failed/);
});

test('exit 1: scenarios failed; --write-baseline writes exactly them and exits 0', { timeout: 90_000 }, async () => {
  const failing = await runCli(against(broken, 'fail'));
  assert.equal(failing.code, 1, failing.stdout + failing.stderr);
  assert.match(failing.stdout, new RegExp(`: \\d+ passed, ${EXPECTED.length} failed`));

  const file = join(dir, 'baseline.json');
  const writing = await runCli(against(broken, 'write', '--write-baseline', file));
  assert.equal(writing.code, 0, writing.stdout + writing.stderr);
  const written = parseBaseline(readFileSync(file, 'utf8'));
  assert.ok(written.ok);
  assert.deepEqual(written.baseline.expectedFailures.map((e) => e.scenario).sort(), EXPECTED);
  assert.ok(written.baseline.expectedFailures.every((e) => e.reason.startsWith('TODO: say why') && e.feature?.startsWith('features/')));
});

test('--baseline: exit 0 while exactly the listed scenarios fail, shown apart in the summary', { timeout: 90_000 }, async () => {
  const file = join(dir, 'known.json');
  writeFileSync(file, JSON.stringify({ expectedFailures: EXPECTED.map((scenario) => ({ scenario, reason: 'ticket MGMT-12: duplicates overwrite' })) }));
  const run = await runCli(against(broken, 'known', '--baseline', file));
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, new RegExp(`${EXPECTED.length} failed \\(${EXPECTED.length} in the baseline\\)`));
  assert.match(run.stdout, new RegExp(`${EXPECTED.length} of ${EXPECTED.length} known deviation\\(s\\) still fail as expected`));
  const markdown = readFileSync(join(dir, 'known', 'conformance-summary.md'), 'utf8');
  assert.match(markdown, /^# Conformance summary: PASSED \(6 known deviations\)/);
  assert.match(markdown, /## Known deviations \(baseline `.*known\.json`\)/);
  assert.match(markdown, /ticket MGMT-12: duplicates overwrite \| still fails, as the baseline expects/);
  assert.match(markdown, /⚠️ known deviation/);
  assert.doesNotMatch(markdown, /❌ failed|## New failures/);
  const html = readFileSync(join(dir, 'known', 'conformance-summary.html'), 'utf8');
  assert.match(html, /<h2>Known deviations/);
  assert.match(html, /<a href="[^"]*docs\/management-service\.md#41-common-pattern">§4\.1<\/a>/);
});

test('--baseline: exit 1 on a failure it does not list; a listed scenario that passes is reported', { timeout: 90_000 }, async () => {
  const file = join(dir, 'partial.json');
  const [dropped, ...kept] = EXPECTED;
  const entries = [...kept.map((scenario) => ({ scenario, reason: 'r' })), { scenario: 'Create an event with a new id', reason: 'was broken last month' }];
  writeFileSync(file, JSON.stringify({ expectedFailures: entries }));
  const run = await runCli(against(broken, 'partial', '--baseline', file));
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.ok(run.stdout.includes(`NEW failure (not in the baseline): ${dropped}`), run.stdout);
  assert.match(run.stdout, /now passes, remove it from the baseline: Create an event with a new id/);
  const markdown = readFileSync(join(dir, 'partial', 'conformance-summary.md'), 'utf8');
  assert.match(markdown, /## New failures \(not in the baseline\)/);
  assert.match(markdown, /passes now: remove it from the baseline/);
});

const preflight: Array<[string, { args: () => string[]; message: RegExp }]> = [
  ['an unreachable target', { args: () => ['--base-url', 'http://127.0.0.1:9', '--token', 't'], message: /^mgmt-kit conformance: cannot reach the target: GET http:\/\/127\.0\.0\.1:9\/type\/network-link failed \(connect ECONNREFUSED/ }],
  ['a refused token', { args: () => ['--base-url', faithful.url, '--token', 'not-a-jwt'], message: /^mgmt-kit conformance: the target refused the token: .* answered 401\. Check --token/ }],
  ['a bad baseline file', { args: () => ['--base-url', faithful.url, '--token', 't', '--baseline', join(dir, 'missing.json')], message: /--baseline .*missing\.json: cannot read it \(ENOENT\)/ }],
];

for (const [name, { args, message }] of preflight) {
  test(`exit 2 before any scenario: ${name}, in one line`, { timeout: 60_000 }, async () => {
    const reportDir = join(dir, `pre-${name.replace(/\W/g, '-')}`);
    const run = await runCli([...args(), '--report-dir', reportDir]);
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.match(run.stderr, message);
    assert.equal(run.stdout, '', 'no scenario output');
    assert.equal(existsSync(reportDir), false, 'no reports');
  });
}
