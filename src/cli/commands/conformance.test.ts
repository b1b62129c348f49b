// `mgmt-kit conformance` as a CI pipeline runs it: bad flags are refused with exit 2 before any
// request (the pre-flight, exit 1 and the baseline are in conformance.exit-codes.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = new URL('../../../bin/mgmt-kit.js', import.meta.url).pathname;

function runCli(args: string[]) {
  const env = { ...process.env, NODE_OPTIONS: '', BASE_URL: '', TOKEN: '', JWT_SECRET: '', JWT_CLAIMS: '' };
  return spawnSync(process.execPath, [BIN, 'conformance', ...args], { encoding: 'utf8', env, timeout: 60_000 });
}

const files = mkdtempSync(join(tmpdir(), 'conformance-flags-'));
const OLD_BASELINE = join(files, 'old.json');
writeFileSync(OLD_BASELINE, JSON.stringify({ expectedFailures: [{ scenario: 'Create an event with a new id', reason: 'MGMT-1' }] }));
const NO_REASON = join(files, 'no-reason.json');
const entry = { check: '4.1-create/status', observed: '200', scenarios: ['event.feature: Create an event with a new id'] };
writeFileSync(NO_REASON, JSON.stringify({ format: 2, deviations: [{ ...entry, check: '4.1-create/other', reason: 'MGMT-1' }, entry] }));

const refused: Array<[string, { args: string[]; message: RegExp }]> = [
  ['no target', { args: [], message: /no target/ }],
  [
    'an empty --jwt-secret',
    { args: ['--base-url', 'http://127.0.0.1:9', '--jwt-secret', ''], message: /--jwt-secret <S>' argument '' is invalid\. It must not be empty/ },
  ],
  ['--jwt-claims that is not an object', { args: ['--base-url', 'http://127.0.0.1:9', '--jwt-claims', '[1]'], message: /--jwt-claims must be a JSON object/ }],
  [
    'an unknown profile',
    {
      args: ['--base-url', 'http://127.0.0.1:9', '--profile', 'strict'],
      message: /--profile <NAME>' argument 'strict' is invalid\. Allowed choices are core, extended/,
    },
  ],
  ['an unknown flag', { args: ['--base-url', 'http://127.0.0.1:9', '--bogus'], message: /unknown option '--bogus'/ }],
  [
    'a base URL that is not a URL',
    { args: ['--base-url', '127.0.0.1:8080'], message: /--base-url <URL>' argument '127\.0\.0\.1:8080' is invalid\. Expected an http:\/\/ or https:\/\/ URL/ },
  ],
  [
    'a file that is not a baseline',
    {
      args: ['--base-url', 'http://127.0.0.1:9', '--baseline', 'package.json'],
      message: /--baseline package\.json: expected an object with "format": 2 and a "deviations" list/,
    },
  ],
  [
    'a baseline of the old format (scenario names), saying how to rewrite it',
    {
      args: ['--base-url', 'http://127.0.0.1:9', '--baseline', OLD_BASELINE],
      message:
        /--baseline .*old\.json: this is a baseline of the old format \(scenario names under "expectedFailures"\).* with --write-baseline FILE, then give each entry its reason again/,
    },
  ],
  [
    'a baseline entry without a reason, naming the entry',
    {
      args: ['--base-url', 'http://127.0.0.1:9', '--baseline', NO_REASON],
      message: /--baseline .*no-reason\.json: deviations\[1\] \(4\.1-create\/status\): "reason" must say why the deviation is accepted/,
    },
  ],
];

for (const [name, { args, message }] of refused) {
  test(`conformance refuses ${name} with exit 2`, () => {
    const run = runCli(args);
    assert.equal(run.status, 2, run.stdout + run.stderr);
    assert.match(run.stderr, message);
  });
}
