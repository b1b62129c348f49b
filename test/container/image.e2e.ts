// npm run test:container (a run of its own in .ci/run; not in npm test: it installs podman and
// builds an image, minutes on 2 cores). Builds the Containerfile as a user would, from the three
// packed tarballs, on a base image made from this machine's Node (no container registry is
// reachable here), then runs it:
// - the image holds the packed kit (no scripts in its manifest, no TypeScript tools) and runs as
//   the non-root user node;
// - `serve` (the default command) answers from the host through a port published on loopback;
// - `conformance` in the container, against a reference server on the host (host network,
//   loopback only), passes and writes its reports into the mounted folder.
// Prints the image size, the build times and the start time to the first answer.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packPackages, REPO } from '../../scripts/packages/pack-packages.js';
import { mintToken } from '../../src/tokens/index.js';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../src/reference-server/index.js';
import { buildLocalNodeBase } from './local-node-base.js';
import { ensurePodman, podman, podmanResult, ULIMITS } from './podman.js';

const SLOW = { timeout: 45 * 60_000 };
const IMAGE = 'localhost/mgmt-kit:container-test';
const BASE = `localhost/mgmt-kit-node-base:${process.version}`;
const work = mkdtempSync(join(tmpdir(), 'mgmt-kit-container-'));
const log = (line: string) => console.log(`# ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
let kitVersion = '';

/** A TCP port free on loopback a moment ago. */
async function freePort(): Promise<number> {
  const server = await startReferenceServer({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(server.url).port);
  await server.close();
  return port;
}

/** Runs podman asynchronously (a test waits on a container while the host serves it). */
function podmanAsync(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn('podman', ['--storage-driver', 'vfs', '--cgroup-manager', 'cgroupfs', '--runtime', 'runc', ...args]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

before(() => {
  ensurePodman(log);
  const context = join(work, 'context');
  mkdirSync(context);
  for (const file of ['Containerfile', '.containerignore']) copyFileSync(join(REPO, file), join(context, file));
  const packed = packPackages(join(context, 'packed'));
  kitVersion = packed.kit.manifest.version;
  let started = Date.now();
  if (podmanResult(['image', 'exists', BASE]).status !== 0) {
    buildLocalNodeBase(BASE);
    log(`base image ${BASE} (this machine's Node and its libraries) built in ${seconds(Date.now() - started)}`);
  } else log(`base image ${BASE} reused`);
  started = Date.now();
  // --network host: npm install reaches the registry the way npm on this machine does.
  podman(
    [
      'build',
      '--layers=false',
      '--network',
      'host',
      ...ULIMITS,
      '--build-arg',
      `NODE_IMAGE=${BASE}`,
      '-t',
      IMAGE,
      '-f',
      join(context, 'Containerfile'),
      context,
    ],
    { timeoutMs: 40 * 60_000 },
  );
  const size = Number(podman(['image', 'inspect', IMAGE, '--format', '{{.Size}}']).trim());
  const baseSize = Number(podman(['image', 'inspect', BASE, '--format', '{{.Size}}']).trim());
  log(
    `image built in ${seconds(Date.now() - started)}: ${(size / 1e6).toFixed(0)} MB (the base ${(baseSize / 1e6).toFixed(0)} MB, the kit installed on it ${((size - baseSize) / 1e6).toFixed(0)} MB)`,
  );
});

after(() => {
  podmanResult(['rmi', '-f', IMAGE]);
  rmSync(work, { recursive: true, force: true });
});

/** `podman run --rm IMAGE <args>` with the limits this machine needs; its stdout. */
function runImage(args: string[], options: string[] = []): string {
  return podman(['run', '--rm', ...ULIMITS, ...options, IMAGE, ...args], { timeoutMs: 600_000 });
}

describe('the image', SLOW, () => {
  // One container for these checks: with the vfs storage driver every container copies the image.
  it('runs the packed kit as the non-root user node (no scripts in its manifest, no TypeScript tools), and any mgmt-kit command line', () => {
    assert.equal(podman(['image', 'inspect', IMAGE, '--format', '{{.Config.User}}']).trim(), 'node');
    const probe = `const m = require('/opt/mgmt-kit/node_modules/mgmt-kit/package.json'); const fs = require('fs');
const version = require('child_process').execFileSync('mgmt-kit', ['--version'], { encoding: 'utf8' }).trim();
console.log(JSON.stringify({ uid: process.getuid(), cwd: process.cwd(), scripts: m.scripts ?? null, bin: m.bin, version, tools: ['typescript', 'tsx', 'esbuild'].filter((t) => fs.existsSync('/opt/mgmt-kit/node_modules/' + t)) }));`;
    const seen = JSON.parse(runImage(['-e', probe], ['--entrypoint', 'node'])) as Record<string, unknown>;
    assert.deepEqual(seen, { uid: 1000, cwd: '/work', scripts: null, bin: { 'mgmt-kit': 'bin/mgmt-kit.js' }, version: kitVersion, tools: [] });
  });

  it('serves by default: the host reaches it through a port published on loopback, with a token for its JWT_SECRET', async () => {
    const port = await freePort();
    const secret = 'container-test-secret';
    const name = `mgmt-kit-serve-${process.pid}`;
    // Created first, then started: the start time is the container's, not the copy of its file system.
    podman(['create', '--name', name, ...ULIMITS, '-p', `127.0.0.1:${port}:8080`, '-e', `JWT_SECRET=${secret}`, IMAGE], { timeoutMs: 600_000 });
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
      const token = await mintToken({ secret, expiresIn: '1h' });
      const links = await fetch(`http://127.0.0.1:${port}/type/network-link`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(links.status, 200);
      assert.deepEqual(((await links.json()) as Array<{ id: string }>).map((link) => link.id).sort(), ['p2p', 'slice']);
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
      const run = await podmanAsync([
        'run',
        '--rm',
        ...ULIMITS,
        '--network',
        'host',
        '-v',
        `${reports}:/work/reports`,
        '-e',
        `BASE_URL=${server.url}`,
        '-e',
        `JWT_SECRET=${secret}`,
        IMAGE,
        'conformance',
        '--report-dir',
        'reports',
      ]);
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
