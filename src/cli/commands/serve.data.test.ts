// `mgmt-kit serve --data FILE` as a real process: the state survives a restart, a kill -9 in the
// middle of a burst of writes leaves one complete earlier state, and a bad file is refused untouched.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const BIN = new URL('../../../bin/mgmt-kit.js', import.meta.url).pathname;
const env = { ...process.env, JWT_SECRET: '', PORT: '' };
const dir = mkdtempSync(join(tmpdir(), 'mgmt-kit-serve-data-'));
const children = new Set<ChildProcessWithoutNullStreams>();
after(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Served {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
}

/** `mgmt-kit serve --port 0 --no-auth --admin --quiet --data FILE …`, once its banner is printed. */
function serve(file: string, more: string[] = []): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--no-auth', '--admin', '--quiet', '--data', file, ...more], { env });
  children.add(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 30 s:\n${out}`)), 30_000);
    child.stdout.on('data', () => {
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (!url || !/admin: /.test(out)) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ child, url, output: () => out });
    });
    child.on('exit', (code) => reject(new Error(`exited ${code} before the banner:\n${out}`)));
  });
}

function stop(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('close', (code) => resolve(code));
    child.kill(signal);
  });
}

const send = (url: string, method: string, body?: unknown) =>
  fetch(url, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const readState = async (url: string): Promise<unknown> => (await fetch(`${url}/__admin/state`)).json();

test('serve --data: every change survives SIGTERM and a new start; reset goes back to preload + seed and is kept too', { timeout: 120_000 }, async () => {
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify({ event: [{ id: 'seeded', kind: 'link-down' }] }));
  const file = join(dir, 'restart.json');
  const first = await serve(file, ['--seed', seedFile]);
  assert.match(first.output(), /data: +\S+restart\.json \(created with the start records, 3 records/);
  assert.equal((await send(`${first.url}/event`, 'POST', [{ id: 'e1', kind: 'link-up' }, { kind: 'generated id' }])).status, 201);
  assert.equal((await send(`${first.url}/event/seeded`, 'PUT', { source: '10.0.0.1' })).status, 200);
  assert.equal((await send(`${first.url}/type/network-link/p2p`, 'DELETE')).status, 205);
  assert.equal((await send(`${first.url}/type/network-link`, 'POST', { id: 'mesh', name: 'Mesh' })).status, 201);
  assert.equal(
    (await send(`${first.url}/catalog/agent`, 'POST', { id: 'filebeat', parameters: [{ id: 'period', type: 'string', config: { schema: 'yaml' } }] })).status,
    201,
  );
  assert.equal((await send(`${first.url}/catalog/agent/filebeat`, 'PUT', { parameters: [{ id: 'period', type: 'integer' }] })).status, 200);
  const before = await readState(first.url);
  // Stopped at once: the last changes are still inside the write delay, so SIGTERM has to write them.
  assert.equal(await stop(first.child, 'SIGTERM'), 0, first.output());

  const second = await serve(file, ['--seed', seedFile]);
  assert.match(second.output(), /data: +\S+restart\.json \(loaded, 6 records/);
  assert.deepEqual(await readState(second.url), before);
  assert.equal((await send(`${second.url}/__admin/reset`, 'POST')).status, 200);
  const reset = await readState(second.url);
  assert.equal(await stop(second.child, 'SIGINT'), 0, second.output());

  const third = await serve(file);
  assert.deepEqual(await readState(third.url), reset);
  assert.deepEqual((reset as { event: unknown[] }).event, [{ id: 'seeded', kind: 'link-down' }]);
  assert.equal(await stop(third.child, 'SIGTERM'), 0);
});

test('serve --data: kill -9 while a write is in progress leaves one complete earlier state, which the next start loads', { timeout: 120_000 }, async () => {
  const file = join(dir, 'killed.json');
  // Large enough that each write takes a while: the kill is aimed into one.
  const stock = Array.from({ length: 30_000 }, (_, n) => ({ id: `stock-${n}`, kind: 'stock', message: `record ${n} of the stock `.repeat(4) }));
  writeFileSync(file, JSON.stringify({ event: stock }));
  const server = await serve(file);
  const firstInode = statSync(file).ino;
  let created = 0;
  let bursting = true;
  const burst = (async () => {
    // One create after the other: every state the server holds is the stock plus burst-0 … burst-(n-1).
    while (bursting) {
      const res = await send(`${server.url}/event`, 'POST', { id: `burst-${created}`, kind: 'burst' }).catch(() => undefined);
      if (res?.status !== 201) break;
      created += 1;
    }
  })();
  const deadline = Date.now() + 60_000;
  // A first write has replaced the file (new inode), then the next write is caught while its temporary file exists.
  while (statSync(file).ino === firstInode || !existsSync(`${file}.tmp`)) {
    assert.ok(Date.now() < deadline, `no write in progress seen within 60 s (${created} creates)`);
    await new Promise((r) => setTimeout(r, 1));
  }
  server.child.kill('SIGKILL');
  bursting = false;
  await burst;
  await stop(server.child, 'SIGKILL');

  const state = JSON.parse(readFileSync(file, 'utf8')) as { event: Array<{ id: string }>; 'network-link-type': unknown[]; agent: unknown[] };
  const ids = state.event.map((r) => r.id);
  const written = ids.length - stock.length;
  assert.ok(written >= 1 && written <= created, `${written} of ${created} creates in the file`);
  assert.deepEqual(ids, [...stock.map((r) => r.id), ...Array.from({ length: written }, (_, n) => `burst-${n}`)], 'the stock and a prefix of the creates');
  assert.deepEqual(state.agent, []);

  const again = await serve(file);
  assert.match(again.output(), new RegExp(`loaded, ${ids.length} records`));
  assert.deepEqual(await readState(again.url), state);
  assert.equal(await stop(again.child, 'SIGTERM'), 0);
});

test('serve --data refuses a file that is not a valid state with exit 2, names the problem and leaves the file byte for byte', () => {
  const file = join(dir, 'bad.json');
  const cases: Array<[string, RegExp]> = [
    ['{"event": [{"id": "e1", "kind": "a"}', /data file \S+bad\.json is not valid JSON/],
    ['{"event": [{"id": "e1"}], "network-link-type": [{"id": "mesh"}]}', /network-link-type\[0\]: \{"name":"required"\}/],
    ['{"events": []}', /unknown index "events"/],
  ];
  for (const [content, message] of cases) {
    writeFileSync(file, content);
    const { mtimeMs } = statSync(file);
    const result = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--data', file], { env, encoding: 'utf8', timeout: 30_000 });
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, message);
    assert.match(result.stderr, /left as it is/);
    assert.doesNotMatch(result.stdout, /listening on/);
    assert.equal(readFileSync(file, 'utf8'), content);
    assert.equal(statSync(file).mtimeMs, mtimeMs);
    assert.equal(existsSync(`${file}.tmp`), false);
  }
  const missingDir = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--data', join(dir, 'none', 'db.json')], {
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(missingDir.status, 2);
  assert.match(missingDir.stderr, /cannot create data file \S+db\.json: ENOENT/);
  const sameFile = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--seed', file, '--data', file, '--watch'], {
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(sameFile.status, 2);
  assert.match(sameFile.stderr, /--watch reloads the --seed file, which is also the --data file/);
});

test('serve --data: a write that fails is one line on stderr, the server keeps answering, and a failed last write is exit 1', { timeout: 60_000 }, async () => {
  const gone = join(dir, 'gone');
  mkdirSync(gone);
  const server = await serve(join(gone, 'db.json'));
  rmSync(gone, { recursive: true });
  assert.equal((await send(`${server.url}/event`, 'POST', { id: 'e1' })).status, 201);
  const deadline = Date.now() + 10_000;
  while (!/cannot write data file/.test(server.output())) {
    assert.ok(Date.now() < deadline, server.output());
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.match(server.output(), /cannot write data file \S+gone\/db\.json: ENOENT; the state is kept and written again on the next change/);
  assert.equal((await send(`${server.url}/event/e1`, 'GET')).status, 200);
  assert.equal(await stop(server.child, 'SIGTERM'), 1);
  assert.match(server.output(), /the last changes could not be written to data file \S+gone\/db\.json: ENOENT/);
});
