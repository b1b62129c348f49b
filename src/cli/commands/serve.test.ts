// `mgmt-kit serve` as a real process: the printed URL and token work, flags apply, SIGTERM exits 0.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const BIN = new URL('../../../bin/mgmt-kit.js', import.meta.url).pathname;
const cleanEnv = { ...process.env, JWT_SECRET: '', PORT: '' };

interface Started {
  child: ChildProcessWithoutNullStreams;
  url: string;
  token: string | undefined;
  output: () => string;
}

const children = new Set<ChildProcessWithoutNullStreams>();
// A failed assertion must not leave a server process behind.
after(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Spawns `mgmt-kit serve …` and waits for the banner. */
function startServe(args: string[], env: NodeJS.ProcessEnv = cleanEnv): Promise<Started> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { env });
  children.add(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 20 s:\n${out}`)), 20_000);
    const check = (): void => {
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (!url || !/docs: /.test(out) || (!/auth: +off/.test(out) && !/try: /.test(out))) return;
      clearTimeout(timer);
      resolve({ child, url, token: /token: (\S+)/.exec(out)?.[1], output: () => out });
    };
    child.stdout.on('data', check);
    child.on('exit', (code) => reject(new Error(`exited ${code} before the banner:\n${out}`)));
  });
}

function stop(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

test('serve --port 0 prints a real URL, spec and docs URLs and a working token; SIGTERM exits 0', { timeout: 60_000 }, async () => {
  const { child, url, token, output } = await startServe(['--port', '0']);
  assert.doesNotMatch(url, /:0$/);
  assert.match(output(), new RegExp(`${url}/openapi.yaml`));
  assert.match(output(), new RegExp(`${url}/openapi.json`));
  assert.match(output(), new RegExp(`${url}/docs`));
  assert.match(output(), /curl -H "Authorization: Bearer /);
  assert.ok(token);
  const ok = await fetch(`${url}/type/network-link`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(ok.status, 200);
  assert.deepEqual(((await ok.json()) as Array<{ id: string }>).map((r) => r.id), ['p2p', 'slice']);
  assert.equal((await fetch(`${url}/type/network-link`)).status, 401);
  await new Promise((r) => setTimeout(r, 100));
  assert.match(output(), /GET \/type\/network-link 200 [\d.]+ms/, 'one log line per request');
  assert.equal(await stop(child), 0);
});

test('serve --quiet logs no requests; SIGINT exits 0', { timeout: 60_000 }, async () => {
  const { child, url, token, output } = await startServe(['--port', '0', '--quiet']);
  await fetch(`${url}/event`, { headers: { authorization: `Bearer ${token}` } });
  await new Promise((r) => setTimeout(r, 100));
  assert.doesNotMatch(output(), /GET \/event/);
  assert.equal(await stop(child, 'SIGINT'), 0);
});

test('token --secret s mints a JWT that serve --jwt-secret s accepts; JWT_SECRET works too', { timeout: 60_000 }, async () => {
  const { child, url } = await startServe(['--port', '0', '--quiet', '--jwt-secret', 's']);
  const minted = spawnSync(process.execPath, [BIN, 'token', '--secret', 's'], { env: cleanEnv, encoding: 'utf8' });
  assert.equal(minted.status, 0, minted.stderr);
  const token = minted.stdout.trim();
  assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
  assert.equal((await fetch(`${url}/event`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
  const other = spawnSync(process.execPath, [BIN, 'token', '--secret', 'not-s'], { env: cleanEnv, encoding: 'utf8' }).stdout.trim();
  assert.equal((await fetch(`${url}/event`, { headers: { authorization: `Bearer ${other}` } })).status, 401);
  const fromEnv = spawnSync(process.execPath, [BIN, 'token'], { env: { ...cleanEnv, JWT_SECRET: 's' }, encoding: 'utf8' }).stdout.trim();
  assert.equal((await fetch(`${url}/event`, { headers: { authorization: `Bearer ${fromEnv}` } })).status, 200);
  assert.equal(await stop(child), 0);
});

test('serve --no-auth --empty --seed FILE --body-limit', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mgmt-kit-seed-'));
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify({ event: [{ id: 'e1', kind: 'up' }], agent: [{ id: 'a1' }] }));
  const { child, url, output } = await startServe(['--port', '0', '--quiet', '--no-auth', '--empty', '--seed', seedFile, '--body-limit', '100']);
  assert.match(output(), /auth: +off/);
  assert.deepEqual(await (await fetch(`${url}/type/network-link`)).json(), []);
  assert.deepEqual(await (await fetch(`${url}/event`)).json(), [{ id: 'e1', kind: 'up' }]);
  const big = await fetch(`${url}/event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(200) }) });
  assert.equal(big.status, 413);
  assert.equal(await stop(child), 0);
});

const refusals: Array<[string, string[], RegExp]> = [
  ['an unknown flag', ['--prot', '1'], /unknown option --prot/],
  ['a bad port', ['--port', 'x'], /--port must be a whole number/],
  ['a missing seed file', ['--seed', '/nonexistent/seed.json'], /cannot read seed file .*ENOENT/],
];

for (const [name, args, message] of refusals) {
  test(`serve refuses ${name} with exit 2`, () => {
    const result = spawnSync(process.execPath, [BIN, 'serve', ...args], { env: cleanEnv, encoding: 'utf8', timeout: 20_000 });
    assert.equal(result.status, 2);
    assert.match(result.stderr, message);
  });
}

test('serve refuses an invalid seed file with exit 2 and says what is wrong', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mgmt-kit-seed-'));
  const cases: Array<[string, RegExp]> = [
    ['{"event": [', /not valid JSON/],
    ['{"network-link-type": [{"id": "x"}]}', /network-link-type\[0\]: \{"name":"required"\}/],
    ['{"links": []}', /unknown index "links"/],
  ];
  for (const [content, message] of cases) {
    const file = join(dir, 'seed.json');
    writeFileSync(file, content);
    const result = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--seed', file], { env: cleanEnv, encoding: 'utf8', timeout: 20_000 });
    assert.equal(result.status, 2, content);
    assert.match(result.stderr, message);
  }
});

test('serve --help documents every flag', () => {
  const result = spawnSync(process.execPath, [BIN, 'serve', '--help'], { env: cleanEnv, encoding: 'utf8', timeout: 20_000 });
  assert.equal(result.status, 0);
  for (const flag of ['--port', '--host', '--jwt-secret', '--no-auth', '--seed', '--empty', '--body-limit', '--quiet', '--help']) {
    assert.match(result.stdout, new RegExp(flag));
  }
});
