// npm run test:container (a run of its own in .ci/run; not in npm test: it installs podman and
// builds an image, minutes on 2 cores). Follows docs/container.md as a user would:
// - the machine's podman is used first (as on a machine whose podman served other work before),
//   then the documented command `npm run image` builds the image offline — its base made from
//   this machine's Node — with podman pointed at storage of the test's own
//   (test-podman-storage.ts), so no state of the machine's podman can break it;
// - the image holds the packed kit (no scripts in its manifest, no TypeScript tools) and runs as
//   the non-root user node;
// - the documented serve line answers from the host through a port published on loopback, and
//   the lines its banner prints (the URL, the token command) work from the host as printed;
// - `conformance` in the container, against a reference server on the host (host network,
//   loopback only), passes and writes its reports into the mounted folder.
// Prints the image size, the build time and the start time to the first answer.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../../scripts/packages/pack-packages.js';
import { ensurePodman, podman, podmanResult } from '../../scripts/image/podman.js';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { testPodmanEnvironment } from './test-podman-storage.js';

const SLOW = { timeout: 45 * 60_000 };
/** Kept between runs, so the base made from this machine's Node is built once. */
const STORAGE = process.env['MGMT_KIT_CONTAINER_TEST_STORAGE'] ?? '/var/tmp/mgmt-kit-container-test';
const work = mkdtempSync(join(tmpdir(), 'mgmt-kit-container-'));
const log = (line: string) => console.log(`# ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kitVersion = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

/** A TCP port free on loopback a moment ago. */
async function freePort(): Promise<number> {
  const server = await startReferenceServer({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(server.url).port);
  await server.close();
  return port;
}

/** Runs a command line asynchronously (a test waits on a container while the host serves it). */
function runAsync(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

before(() => {
  ensurePodman(log);
  // The machine's own podman, as it is configured: used before the test, as a user's would be.
  const used = podmanResult(['images', '--format', '{{.Repository}}']);
  log(`the machine's podman (its own storage) answered podman images with exit ${used.status}`);
  Object.assign(process.env, testPodmanEnvironment(STORAGE));
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'image'], { cwd: REPO, encoding: 'utf8', timeout: 40 * 60_000, maxBuffer: 64 * 1024 * 1024 });
  const output = `${build.stdout}${build.stderr}`;
  assert.equal(build.status, 0, output.slice(-6000));
  for (const line of output.split('\n').filter((l) => l.startsWith('mgmt-kit image: '))) log(line);
  log(`npm run image: ${seconds(Date.now() - started)} in all`);
  assert.match(output, new RegExp(`built localhost/mgmt-kit:latest and localhost/mgmt-kit:${kitVersion.replaceAll('.', '\\.')}`));
  // Earlier runs' images lose their tag to this one: dropped, so the test's storage does not grow.
  podmanResult(['image', 'prune', '-f']);
});

after(() => rmSync(work, { recursive: true, force: true }));

describe('the image, built by npm run image', SLOW, () => {
  // One container for these checks: with the vfs storage driver every container copies the image.
  it('runs the packed kit as the non-root user node (no scripts in its manifest, no TypeScript tools), and any mgmt-kit command line', () => {
    assert.equal(podman(['image', 'inspect', 'mgmt-kit', '--format', '{{.Config.User}}']).trim(), 'node');
    const probe = `const m = require('/opt/mgmt-kit/node_modules/mgmt-kit/package.json'); const fs = require('fs');
const version = require('child_process').execFileSync('mgmt-kit', ['--version'], { encoding: 'utf8' }).trim();
console.log(JSON.stringify({ uid: process.getuid(), cwd: process.cwd(), scripts: m.scripts ?? null, bin: m.bin, version, tools: ['typescript', 'tsx', 'esbuild'].filter((t) => fs.existsSync('/opt/mgmt-kit/node_modules/' + t)) }));`;
    const seen = JSON.parse(podman(['run', '--rm', '--entrypoint', 'node', 'mgmt-kit', '-e', probe], { timeoutMs: 600_000 })) as Record<string, unknown>;
    assert.deepEqual(seen, { uid: 1000, cwd: '/work', scripts: null, bin: { 'mgmt-kit': 'bin/mgmt-kit.js' }, version: kitVersion, tools: [] });
  });

  it('serves by default, as documented: the host reaches it on a loopback port, and the lines its banner prints work from the host', async () => {
    const port = await freePort();
    const secret = 'container-test-secret';
    const name = `mgmt-kit-serve-${process.pid}`;
    // The documented line, its port changed (and told to the banner, as docs/container.md says for another port).
    // Created first, then started: the start time is the container's, not the copy of its file system.
    podman(
      [
        'create',
        '--name',
        name,
        '-p',
        `127.0.0.1:${port}:8080`,
        '-e',
        `JWT_SECRET=${secret}`,
        '-e',
        `MGMT_KIT_PUBLIC_URL=http://127.0.0.1:${port}`,
        'mgmt-kit',
      ],
      {
        timeoutMs: 600_000,
      },
    );
    try {
      const started = Date.now();
      podman(['start', name]);
      let firstAnswer: Response | undefined;
      while (Date.now() - started < 120_000 && firstAnswer === undefined) {
        firstAnswer = await fetch(`http://127.0.0.1:${port}/openapi.json`).catch(() => undefined);
        if (firstAnswer === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      log(`serve in the container: first answer ${seconds(Date.now() - started)} after podman start`);
      assert.equal(firstAnswer?.status, 200, podman(['logs', name]));
      const banner = podman(['logs', name]);
      assert.match(banner, new RegExp(`listening on http://0\\.0\\.0\\.0:8080 \\(reached as http://127\\.0\\.0\\.1:${port}\\)`), banner);
      assert.doesNotMatch(banner, /npx mgmt-kit|http:\/\/0\.0\.0\.0:8080\/(docs|openapi)/, banner);
      // The curl line as printed: its token and URL.
      const tryLine = /try: +curl -H "Authorization: Bearer (\S+)" (\S+)/.exec(banner);
      assert.ok(tryLine, banner);
      const links = await fetch(tryLine[2]!, { headers: { authorization: `Bearer ${tryLine[1]}` } });
      assert.equal(links.status, 200);
      assert.deepEqual(((await links.json()) as Array<{ id: string }>).map((link) => link.id).sort(), ['p2p', 'slice']);
      // The token command as printed, run on the host with the secret in place of <secret>.
      const mint = /mint more with: (.+) --secret <secret> --expires 1h\)/.exec(banner);
      assert.ok(mint, banner);
      const [command, ...args] = `${mint[1]} --secret ${secret} --expires 1h`.split(' ');
      assert.equal(command, 'podman');
      const token = podman(args, { timeoutMs: 600_000 }).trim();
      const minted = await fetch(`http://127.0.0.1:${port}/type/network-link`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(minted.status, 200, `the token of "${mint[1]} token …" is accepted`);
      assert.equal((await fetch(`http://127.0.0.1:${port}/type/network-link`)).status, 401, 'auth is on');
    } finally {
      podmanResult(['rm', '-f', name]);
    }
  });

  it('runs conformance against a server on the host and writes the reports into the mounted folder', async () => {
    const secret = generateSecret();
    const server: RunningReferenceServer = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } });
    const reports = join(work, 'reports');
    mkdirSync(reports);
    chmodSync(reports, 0o777); // the container's user (uid 1000) writes into it
    try {
      const args = ['run', '--rm', '--network', 'host', '-v', `${reports}:/work/reports`, '-e', `BASE_URL=${server.url}`, '-e', `JWT_SECRET=${secret}`];
      const run = await runAsync('podman', [...args, 'mgmt-kit', 'conformance', '--report-dir', 'reports']);
      const summary = /(\d+) passed, (\d+) failed/.exec(run.output);
      log(`conformance in the container against the host: ${summary?.[0] ?? 'no summary'}`);
      assert.equal(run.code, 0, run.output.slice(-3000));
      assert.ok(summary && Number(summary[1]) > 100 && summary[2] === '0', run.output.slice(-3000));
    } finally {
      await server.close();
    }
    for (const file of ['conformance-summary.md', 'junit.xml', 'cucumber.html']) {
      assert.ok(existsSync(join(reports, file)), `${file} in the mounted folder`);
      assert.equal(statSync(join(reports, file)).uid, 1000, `${file} written by the container's user`);
    }
    assert.match(readFileSync(join(reports, 'conformance-summary.md'), 'utf8'), /^# Conformance summary: PASSED/);
  });
});
