// `npm start &` / `npx mgmt-kit serve &` / `npx mgmt-kit mock &` followed by `kill $!` — what CI
// scripts do — must stop the server (and Prism) and free the port. `$!` is the npm process, so
// each case spawns npm and signals npm alone, then checks the port and that no process of the
// group is left.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '../../test/support/start-cli-for-tests.js';
import { PACKAGE_ROOT } from '../target/conformance/run-conformance.js';

const groups = new Set<number>();
after(() => {
  for (const group of groups) killGroup(group, 'SIGKILL'); // only if an assertion failed midway
});

function killGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // the group is gone
  }
}

function groupIsEmpty(group: number): boolean {
  try {
    process.kill(-group, 0);
    return false;
  } catch {
    return true;
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => socket.destroy() && resolve(true));
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms: number, output: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`${what} within ${ms} ms; output:\n${output()}`);
    await sleep(50);
  }
}

interface Way {
  /** The npm command line, as a user types it (the port is filled in). */
  argv: (port: number) => string[];
  /** The line that says the server holds the port. */
  ready: RegExp;
}

const ways: Array<[string, Way]> = [
  ['npm start', { argv: (port) => ['npm', 'start', '--', '--port', String(port), '--quiet'], ready: /listening on http:\/\/127\.0\.0\.1:(\d+)/ }],
  [
    'npx mgmt-kit serve',
    { argv: (port) => ['npx', 'mgmt-kit', 'serve', '--port', String(port), '--quiet'], ready: /listening on http:\/\/127\.0\.0\.1:(\d+)/ },
  ],
  ['npx mgmt-kit mock', { argv: (port) => ['npx', 'mgmt-kit', 'mock', '--port', String(port)], ready: /mock: ready on http:\/\/127\.0\.0\.1:(\d+)/ }],
  ['npm run mock', { argv: (port) => ['npm', 'run', 'mock', '--', '--port', String(port)], ready: /mock: ready on http:\/\/127\.0\.0\.1:(\d+)/ }],
];

for (const [name, way] of ways) {
  test(`${name} & … kill $! stops the server and frees the port`, { timeout: 90_000 }, async () => {
    const port = await findFreePort();
    const [bin, ...args] = way.argv(port);
    // npm_config_ignore_scripts: the first `npx mgmt-kit` of a clone would run its `prepare` (a whole
    // build, which npm test has just done) before starting the command.
    const env = { ...process.env, JWT_SECRET: '', PORT: '', NODE_OPTIONS: '', npm_config_ignore_scripts: 'true' };
    const npm: ChildProcess = spawn(bin!, args, { cwd: PACKAGE_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const group = npm.pid!;
    groups.add(group);
    let output = '';
    npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    await waitFor(
      'no ready line',
      () => way.ready.test(output),
      45_000,
      () => output,
    );
    assert.equal(Number(way.ready.exec(output)?.[1]), port);
    assert.ok(await portAnswers(port));

    npm.kill('SIGTERM'); // kill $!
    await npmExited;
    await waitFor(
      'the port still answers',
      async () => !(await portAnswers(port)),
      10_000,
      () => output,
    );
    await waitFor(
      'a process of the group is still running',
      () => groupIsEmpty(group),
      10_000,
      () => output,
    );
    groups.delete(group);
  });
}
