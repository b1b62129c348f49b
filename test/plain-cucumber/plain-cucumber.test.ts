// Plain `npx cucumber-js` as docs/conformance.md documents it: BASE_URL/TOKEN from the environment,
// ALLOW_DESTRUCTIVE=1 runs the @destructive scenarios, a skip says why once, `-p extended`
// writes the reports, and no BASE_URL is one line. Output is captured: CI counts cucumber's
// summary lines in the npm test log, and these runs are not part of that count.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { mintToken } from '../../src/contract/tokens/index.js';
import { PACKAGE_ROOT } from '../../src/target/conformance/run-conformance.js';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';

let server: RunningReferenceServer;
let secret: string;
let token: string;

before(async () => {
  secret = generateSecret();
  server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } });
  token = await mintToken({ secret, expiresIn: '1h' });
});
after(() => server.close());

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cucumber(args: string[], env: Record<string, string>): Promise<Run> {
  const clean: NodeJS.ProcessEnv = { ...process.env, BASE_URL: '', TOKEN: '', JWT_SECRET: '', ALLOW_DESTRUCTIVE: '', NODE_OPTIONS: '', ...env };
  for (const key of Object.keys(clean)) if (clean[key] === '') delete clean[key];
  const bin = join(PACKAGE_ROOT, 'node_modules/@cucumber/cucumber/bin/cucumber.js');
  const child = spawn(process.execPath, [bin, ...args], { cwd: PACKAGE_ROOT, env: clean });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

test('without BASE_URL: one line, exit 2, no scenario', { timeout: 60_000 }, async () => {
  const run = await cucumber([], {});
  assert.equal(run.code, 2, run.stdout + run.stderr);
  assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
  assert.match(run.stderr, /^No target: set BASE_URL/);
  assert.doesNotMatch(run.stdout, /scenarios?/);
});

test('ALLOW_DESTRUCTIVE=1 runs the @destructive scenarios of the default profile', { timeout: 60_000 }, async () => {
  const run = await cucumber(['--tags', '@destructive'], { BASE_URL: server.url, TOKEN: token, ALLOW_DESTRUCTIVE: '1' });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^3 scenarios \(3 passed\)$/m);
  assert.doesNotMatch(run.stderr, /@destructive scenarios are skipped/);
});

test('without ALLOW_DESTRUCTIVE they are skipped, and the run says why once', { timeout: 60_000 }, async () => {
  const run = await cucumber(['--tags', '@destructive or @needs-jwt-secret'], { BASE_URL: server.url, TOKEN: token });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^\d+ scenarios \((\d+) skipped\)$/m);
  assert.equal(run.stderr.match(/@destructive scenarios are skipped: set ALLOW_DESTRUCTIVE=1/g)?.length, 1, run.stderr);
  assert.equal(run.stderr.match(/@needs-jwt-secret scenarios are skipped: set JWT_SECRET/g)?.length, 1, run.stderr);
});

test("-p extended runs the @extension scenarios and writes the reports into reports/, junit.xml the kit's own", { timeout: 60_000 }, async () => {
  const startedAt = Date.now() - 1_000;
  const run = await cucumber(['-p', 'extended', '--tags', '@extension'], { BASE_URL: server.url, TOKEN: token, JWT_SECRET: secret });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^(\d+) scenarios \(\1 passed\)$/m);
  for (const name of ['junit.xml', 'cucumber.html', 'cucumber.json', 'messages.ndjson']) {
    assert.ok(statSync(join(PACKAGE_ROOT, 'reports', name)).mtimeMs >= startedAt, `reports/${name} was not rewritten`);
  }
  // The kit's formatter (src/target/conformance/kit-junit-formatter.ts) wrote junit.xml from the run
  // model: a test case per scenario by its stable id, and the run check a plain run has.
  const junit = readFileSync(join(PACKAGE_ROOT, 'reports', 'junit.xml'), 'utf8');
  const ran = Number(/^(\d+) scenarios/m.exec(run.stdout)?.[1]);
  assert.match(junit, new RegExp(`<testsuite name="mgmt-kit conformance" tests="${ran + 1}" failures="0" skipped="0" errors="0"`));
  assert.match(junit, /<testcase classname="batches\.feature" name="batches\.feature: [^"]+"/);
  assert.match(junit, /<testcase classname="mgmt-kit run" name="every selected scenario was judged \(none blocked in setup\)"/);
});

test("a failing plain run: junit.xml has a failure per failed check, named by the scenario's id", { timeout: 60_000 }, async () => {
  // A token the target refuses: every scenario that reads with it fails (as a thrown error until
  // the steps record checks: one failed check <first rule>/scenario each).
  const run = await cucumber(['--tags', '@events and @rule.4.1-create'], { BASE_URL: server.url, TOKEN: 'not-a-jwt' });
  assert.equal(run.code, 1, run.stdout + run.stderr);
  const junit = readFileSync(join(PACKAGE_ROOT, 'reports', 'junit.xml'), 'utf8');
  const failures = Number(/<testsuite [^>]*failures="(\d+)"/.exec(junit)?.[1]);
  assert.ok(failures > 0, junit.slice(0, 400));
  assert.match(junit, /<failure type="[\w.-]+\/[\w.-]+" message="[^"]+: expected [^"]+, observed [^"]*401/);
});
