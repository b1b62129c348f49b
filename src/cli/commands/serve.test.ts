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

/** Sends the signal and resolves with the exit code once stdout and stderr are closed, so `output()` is complete. */
/** Sends the signal and resolves to the exit code; the signal's name when one ended the process instead (a crash says which). */
function stop(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | string | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('close', (code, killedBy) => resolve(code ?? killedBy));
    child.kill(signal);
  });
}

/** Polls the output until it matches (the log line is written after the response is sent). */
async function waitForOutput(output: () => string, pattern: RegExp, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(output())) {
    if (Date.now() > deadline) assert.fail(`no ${pattern} within ${timeoutMs} ms in:\n${output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('MGMT_KIT_PUBLIC_URL and MGMT_KIT_COMMAND (set by the container image): the banner names the server and the command as the host reaches them', {
  timeout: 60_000,
}, async () => {
  const env = { ...cleanEnv, MGMT_KIT_PUBLIC_URL: 'http://127.0.0.1:8080/', MGMT_KIT_COMMAND: 'podman run --rm mgmt-kit' };
  const { child, url, output } = await startServe(['--port', '0', '--admin'], env);
  const banner = output();
  assert.match(banner, new RegExp(`listening on ${url} \\(reached as http://127\\.0\\.0\\.1:8080\\)`));
  for (const line of ['spec:  http://127.0.0.1:8080/openapi.yaml', 'docs:  http://127.0.0.1:8080/docs', 'admin: page http://127.0.0.1:8080/__admin/'])
    assert.ok(banner.includes(line), `${line} in:\n${banner}`);
  assert.match(banner, /mint more with: podman run --rm mgmt-kit token --secret <secret> --expires 1h/);
  assert.match(banner, /try: +curl -H "Authorization: Bearer \S+" http:\/\/127\.0\.0\.1:8080\/type\/network-link/);
  assert.equal(await stop(child), 0, output());
});

test('serve --port 0 prints a real URL, spec and docs URLs and a working token; SIGTERM exits 0', { timeout: 60_000 }, async () => {
  const { child, url, token, output } = await startServe(['--port', '0']);
  assert.doesNotMatch(url, /:0$/);
  assert.match(output(), new RegExp(`${url}/openapi.yaml`));
  assert.match(output(), new RegExp(`${url}/openapi.json`));
  assert.match(output(), new RegExp(`${url}/docs`));
  assert.match(output(), /curl -H "Authorization: Bearer /);
  // The hint works in a clone, where only `npx mgmt-kit` finds the command.
  assert.match(output(), /mint more with: npx mgmt-kit token --secret <secret>/);
  // cleanEnv sets JWT_SECRET to '': an empty variable counts as unset, so a secret is generated.
  assert.match(output(), /generated secret for this run: [\w-]{20,}/);
  assert.ok(token);
  const ok = await fetch(`${url}/type/network-link`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(ok.status, 200);
  assert.deepEqual(
    ((await ok.json()) as Array<{ id: string }>).map((r) => r.id),
    ['p2p', 'slice'],
  );
  assert.equal((await fetch(`${url}/type/network-link`)).status, 401);
  await waitForOutput(output, /GET \/type\/network-link 200 [\d.]+ms/);
  await waitForOutput(output, /GET \/type\/network-link 401 [\d.]+ms/);
  assert.equal(await stop(child), 0);
});

// The server is stopped before the output is read, so a late log line cannot slip past the
// check; the row without --quiet shows the same check does see the line.
const logging: Array<[string, { args: string[]; logs: boolean }]> = [
  ['--quiet logs no requests', { args: ['--quiet'], logs: false }],
  ['without --quiet the complete output has the line', { args: [], logs: true }],
];

for (const [name, { args, logs }] of logging) {
  test(`serve ${name}; SIGINT exits 0`, { timeout: 60_000 }, async () => {
    const { child, url, token, output } = await startServe(['--port', '0', ...args]);
    assert.equal((await fetch(`${url}/event`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
    assert.equal(await stop(child, 'SIGINT'), 0);
    assert.equal(/GET \/event 200/.test(output()), logs, output());
    assert.equal(/SIGINT, closing/.test(output()), logs, output());
  });
}

const emptySecrets: Array<[string, string[]]> = [
  ["--jwt-secret ''", ['--jwt-secret', '']],
  ['--jwt-secret=', ['--jwt-secret=']],
];

for (const [name, args] of emptySecrets) {
  test(`serve refuses an empty secret (${name}) with exit 2 before listening`, () => {
    const result = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', ...args], { env: cleanEnv, encoding: 'utf8', timeout: 20_000 });
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /--jwt-secret <S>' argument '' is invalid\. It must not be empty/);
    assert.doesNotMatch(result.stdout + result.stderr, /listening on|DOMException/);
  });
}

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
  ['an unknown flag', ['--prot', '1'], /unknown option '--prot'/],
  ['a bad port', ['--port', 'x'], /--port <N>' argument 'x' is invalid\. Expected a whole number from 0 to 65535/],
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
  for (const flag of ['--port', '--host', '--jwt-secret', '--no-auth', '--seed', '--data', '--empty', '--body-limit', '--quiet', '--help']) {
    assert.match(result.stdout, new RegExp(flag));
  }
  // Commander wraps the help to the terminal (80 columns in a pipe): read it as one line.
  assert.match(
    result.stdout.replace(/\s+/g, ' '),
    /must not be empty \(an empty JWT_SECRET counts as unset; absent: a random one, with a token printed\) \(env: JWT_SECRET\)/,
  );
});
