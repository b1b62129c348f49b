// `mgmt-kit conformance` as a CI pipeline runs it: bad flags are refused with exit 2 before any
// request, and an unreachable target is a failed run (exit 1), never a pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = new URL('../../../bin/mgmt-kit.js', import.meta.url).pathname;

function runCli(args: string[]) {
  const env = { ...process.env, NODE_OPTIONS: '', BASE_URL: '', TOKEN: '', JWT_SECRET: '', JWT_CLAIMS: '' };
  return spawnSync(process.execPath, [BIN, 'conformance', ...args], { encoding: 'utf8', env, timeout: 60_000 });
}

const refused: Array<[string, { args: string[]; message: RegExp }]> = [
  ['no target', { args: [], message: /no target/ }],
  ['an empty --jwt-secret', { args: ['--base-url', 'http://127.0.0.1:9', '--jwt-secret', ''], message: /--jwt-secret must not be empty/ }],
  ['--jwt-claims that is not an object', { args: ['--base-url', 'http://127.0.0.1:9', '--jwt-claims', '[1]'], message: /--jwt-claims must be a JSON object/ }],
  ['an unknown profile', { args: ['--base-url', 'http://127.0.0.1:9', '--profile', 'strict'], message: /--profile must be core or extended/ }],
  ['an unknown flag', { args: ['--base-url', 'http://127.0.0.1:9', '--bogus'], message: /--bogus/ }],
];

for (const [name, { args, message }] of refused) {
  test(`conformance refuses ${name} with exit 2`, () => {
    const run = runCli(args);
    assert.equal(run.status, 2, run.stdout + run.stderr);
    assert.match(run.stderr, message);
  });
}

test('an unreachable target fails the run (exit 1) and still writes the summary', () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
  // Port 9 (discard) is closed on this machine: every call fails with ECONNREFUSED.
  const run = runCli(['--base-url', 'http://127.0.0.1:9', '--token', 't', '--tags', '@ids', '--report-dir', reportDir]);
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /Conformance of http:\/\/127\.0\.0\.1:9 \(profile core\): 0 passed, \d+ failed/);
  assert.match(run.stdout, /conformance-summary\.md/);
});
