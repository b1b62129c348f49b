// `mgmt-kit fuzz` as a pipeline runs it: usage errors and an unreachable target exit 2, a clean
// run exits 0 and writes fuzz.md and the JUnit file.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = new URL('../../../bin/mgmt-kit.js', import.meta.url).pathname;

function runCli(args: string[]) {
  const env = { ...process.env, NODE_OPTIONS: '', BASE_URL: '', TOKEN: '', JWT_SECRET: '' };
  return spawnSync(process.execPath, [BIN, 'fuzz', ...args], { encoding: 'utf8', env, timeout: 120_000 });
}

describe('mgmt-kit fuzz', () => {
  const refused: Array<[string, string[], RegExp]> = [
    ['no target', [], /no target/],
    [
      'an unreadable --time-budget',
      ['--base-url', 'http://127.0.0.1:9', '--time-budget', 'soon'],
      /--time-budget <TIME>' argument 'soon' is invalid\. "soon" is not a duration: write e\.g\. 300ms, 2s/,
    ],
    ['a --base-url that is not a URL', ['--base-url', 'nowhere'], /--base-url <URL>' argument 'nowhere' is invalid\. Expected an http:\/\/ or https:\/\/ URL/],
    ['--seed, now --random-seed (seed names the start records of serve)', ['--self-test', '--seed', '9'], /unknown option '--seed'/],
    [
      'a check that does not exist, naming every check',
      ['--self-test', '--checks', 'server-error,no-such'],
      /--checks <LIST>' argument 'server-error,no-such' is invalid\. unknown check "no-such"; the checks are answered, server-error, .*, serial-order/,
    ],
  ];
  for (const [name, args, message] of refused) {
    it(`refuses ${name} with exit 2`, () => {
      const run = runCli(args);
      assert.equal(run.status, 2, run.stdout + run.stderr);
      assert.match(run.stderr + run.stdout, message);
    });
  }

  it('an unreachable target exits 2', () => {
    const run = runCli(['--base-url', 'http://127.0.0.1:9', '--token', 't', '--report-dir', mkdtempSync(join(tmpdir(), 'fuzz-cli-'))]);
    assert.equal(run.status, 2, run.stdout + run.stderr);
    assert.match(run.stdout, /URL: cannot reach the target: GET http:\/\/127\.0\.0\.1:9\/type\/network-link failed/);
  });

  it('--self-test: a clean run exits 0, prints the summary line and writes the reports', () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'fuzz-cli-'));
    const run = runCli(['--self-test', '--runs', '10', '--random-seed', '9', '--checks', 'server-error,model-status,model-records', '--report-dir', reportDir]);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /fuzz http:\/\/127\.0\.0\.1:\d+: 10 sequences, \d+ requests, 0 distinct failure\(s\), 0 shrink runs — [\d.]+ s, random seed 9/);
    const markdown = readFileSync(join(reportDir, 'fuzz.md'), 'utf8');
    assert.match(markdown, /No failure found\./);
    assert.match(markdown, /\| random seed \| 9 \(replay: `--random-seed 9`\) \|/);
    assert.match(markdown, /\| checks \| `server-error`, `model-status`, `model-records` \(docs\/fuzzing\.md, --checks\) \|/);
    assert.match(readFileSync(join(reportDir, 'fuzz-junit.xml'), 'utf8'), /<testsuite name="mgmt-kit fuzz [^"]+" tests="1" failures="0"/);
  });

  it('--time-budget takes the one duration grammar; a bare number exits 2 naming both spellings', () => {
    const run = runCli(['--self-test', '--time-budget', '90']);
    assert.equal(run.status, 2, run.stdout + run.stderr);
    assert.match(run.stderr, /--time-budget 90: give the unit — 90s for seconds, 90ms for milliseconds\./);
  });
});
