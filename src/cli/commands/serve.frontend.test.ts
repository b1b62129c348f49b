// `mgmt-kit serve` with the frontend flags as a real process: --cors-origin, --admin,
// --delay, --seed with --watch, and the refusals (exit 2) of bad values.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startServe } from '../../../test/support/start-serve.js';

const BIN = new URL('../../../bin/mgmt-kit.js', import.meta.url).pathname;
const VITE = 'http://localhost:5173';

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`no ${what} within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('serve --cors-origin --admin --delay --seed --watch: banner, CORS, admin, faults, delay, reload', { timeout: 60_000 }, async () => {
  const seedFile = join(mkdtempSync(join(tmpdir(), 'mgmt-kit-watch-')), 'seed.json');
  writeFileSync(seedFile, JSON.stringify({ event: [{ id: 'e1', kind: 'up' }] }));
  const serve = await startServe(['--port', '0', '--cors-origin', `${VITE}/`, '--admin', '--delay', '150ms', '--seed', seedFile, '--watch']);
  const { url, token } = serve;
  const auth = { authorization: `Bearer ${token}`, origin: VITE };
  assert.match(serve.output(), new RegExp(`cors: +${VITE}\\n`));
  assert.match(serve.output(), /POST http:\/\/\S+\/__admin\/reset/);
  assert.match(serve.output(), /delay: 150ms before every answer/);

  const preflight = await fetch(`${url}/event`, { method: 'OPTIONS', headers: { origin: VITE, 'access-control-request-method': 'PUT' } });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), VITE);
  const started = performance.now();
  const read = await fetch(`${url}/event`, { headers: auth });
  assert.ok(performance.now() - started >= 145, 'the --delay applies');
  assert.equal(read.headers.get('access-control-allow-origin'), VITE);
  assert.deepEqual(await read.json(), [{ id: 'e1', kind: 'up' }]);
  const other = await fetch(`${url}/event`, { headers: { ...auth, origin: 'http://localhost:3000' } });
  assert.equal(other.headers.get('access-control-allow-origin'), null);

  const injected = await fetch(`${url}/event`, { headers: { ...auth, 'x-mgmt-kit-status': '500' } });
  assert.equal(injected.status, 500);
  assert.equal(injected.headers.get('access-control-allow-origin'), VITE, 'an injected error carries Allow-Origin too');
  await fetch(`${url}/event`, { method: 'DELETE', headers: auth });
  assert.equal((await fetch(`${url}/__admin/reset`, { method: 'POST' })).status, 200);
  const state = (await (await fetch(`${url}/__admin/state`)).json()) as Record<string, Array<{ id: string }>>;
  assert.deepEqual(state['event'], [{ id: 'e1', kind: 'up' }]);
  assert.deepEqual(
    state['network-link-type']?.map((r) => r.id),
    ['p2p', 'slice'],
  );
  assert.deepEqual(state['agent'], []);

  writeFileSync(seedFile, JSON.stringify({ event: [{ id: 'e2', kind: 'reloaded' }] }));
  await until(async () => JSON.stringify(await (await fetch(`${url}/event`, { headers: auth })).json()).includes('e2'), 'reload');
  assert.match(serve.output(), /--watch: \S+seed.json reloaded \(1 records\)/);
  assert.equal(await serve.stop(), 0);
});

test('serve without --admin: /__admin is 404, fault headers ignored; --cors=false sends no CORS header', { timeout: 60_000 }, async () => {
  const serve = await startServe(['--port', '0', '--no-auth', '--quiet', '--cors=false']);
  assert.match(serve.output(), /cors: +off/);
  assert.equal((await fetch(`${serve.url}/__admin/reset`, { method: 'POST' })).status, 404);
  const read = await fetch(`${serve.url}/type/network-link`, { headers: { origin: VITE, 'x-mgmt-kit-status': '500' } });
  assert.equal(read.status, 200);
  assert.equal(read.headers.get('access-control-allow-origin'), null);
  const preflight = await fetch(`${serve.url}/event`, { method: 'OPTIONS', headers: { origin: VITE, 'access-control-request-method': 'PUT' } });
  assert.equal(preflight.status, 405);
  assert.equal(await serve.stop(), 0);
});

const refusals: Array<[string, string[], RegExp]> = [
  ['a bad --delay', ['--delay', 'fast'], /--delay "fast" is not a duration/],
  ['a reversed --delay range', ['--delay', '800-100ms'], /lower bound is above/],
  ['a --cors-origin with a path', ['--cors-origin', 'http://localhost:5173/app'], /--cors-origin must be an origin/],
  ['--cors-origin with --cors=false', ['--cors=false', '--cors-origin', VITE], /--cors-origin needs CORS on/],
  ['--watch without --seed', ['--watch'], /--watch needs --seed FILE/],
  ['--journal-size without --admin', ['--journal-size', '10'], /--journal-size needs --admin/],
  ['--cors=maybe', ['--cors=maybe'], /--cors \[true\|false\]' argument 'maybe' is invalid\. Give the flag alone, =true or =false/],
];
for (const [name, args, message] of refusals) {
  test(`serve refuses ${name} with exit 2`, () => {
    const result = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
      env: { ...process.env, JWT_SECRET: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, message);
    assert.doesNotMatch(result.stdout, /listening on/);
  });
}

test('serve --help lists the frontend flags', () => {
  const result = spawnSync(process.execPath, [BIN, 'serve', '--help'], { encoding: 'utf8', timeout: 20_000 });
  // Commander wraps the help to the terminal (80 columns in a pipe): read it as one line.
  const help = result.stdout.replace(/\s+/g, ' ');
  for (const flag of [
    /--cors \[true\|false\] .*\(default: on, any origin\)/,
    /--cors-origin <ORIGIN> .*repeatable/,
    /--admin /,
    /--delay <TIME> /,
    /--watch /,
  ]) {
    assert.match(help, flag);
  }
});
