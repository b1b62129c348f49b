// mgmt-kit capture, end to end: a deployment (the reference server, and the independent server)
// is read into a start-record file with GETs only; a new server started from the file
// (serve --data, serve --seed, createHandlers({ seed })) holds every record as it was. Records
// the create schemas refuse are named one per line and left out, or kept with --keep-invalid
// (then serve --seed refuses the file, naming them).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { mintToken } from '../../src/contract/tokens/index.js';
import { createHandlers } from '../../src/server/msw/index.js';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { startIndependentServer, type IndependentServer } from '../independent-server/start-independent-server.js';
import { readEveryIndex } from '../support/read-every-index.js';
import { runCommand } from '../support/run-command.js';
import { startServe } from '../support/start-serve.js';
import { findFreePort } from '../support/start-cli-for-tests.js';
import { sendRaw } from '../support/test-server.js';

const BIN = fileURLToPath(new URL('../../bin/mgmt-kit.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'mgmt-kit-capture-'));
const secret = generateSecret();
const SEED = {
  event: [
    { id: 'e-1', kind: 'link-down', source: '10.0.0.1', severity: 'major' },
    { id: 'e-2', kind: 'link-up', source: '10.0.0.1' },
    { id: 'e-3', kind: 'link-down', source: '10.0.0.2', detail: { port: 7, tags: ['a', 'b'] } },
  ],
  'network-link-type': [{ id: 'mpls', name: 'MPLS', description: 'label switched' }],
  agent: [{ id: 'a-1', name: 'collector' }],
};
let origin: RunningReferenceServer;
let independent: IndependentServer;
/** Every method the reference deployment was sent. */
const methods = new Set<string>();

before(async () => {
  origin = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret }, seed: SEED, onRequest: (entry) => methods.add(entry.method) });
  independent = await startIndependentServer();
});
after(async () => {
  await Promise.all([origin.close(), independent.close()]);
});

const capture = (baseUrl: string, jwtSecret: string, out: string, ...more: string[]) =>
  runCommand('capture', ['--base-url', baseUrl, '--jwt-secret', jwtSecret, '--out', out, ...more]);
const fileOf = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, Array<{ id: string }>>;
const byId = (records: Array<{ id: string }>) => [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** Starts servers from a captured file and checks that each holds exactly what the deployment held. */
async function assertRestarts(file: string, held: Record<string, unknown[]>): Promise<void> {
  // --data: the file is the whole state (no preload): every index equal, record for record.
  const dataFile = join(work, `data-${Math.random().toString(36).slice(2)}.json`);
  copyFileSync(file, dataFile);
  const fromData = await startServe(['--port', '0', '--no-auth', '--data', dataFile]);
  try {
    assert.deepEqual(await readEveryIndex(fromData.url, 'unused'), held);
  } finally {
    await fromData.stop();
  }
  // --seed: on top of the preload; every captured record is served as captured.
  const fromSeed = await startServe(['--port', '0', '--no-auth', '--seed', file]);
  try {
    const served = await readEveryIndex(fromSeed.url, 'unused');
    for (const [index, records] of Object.entries(held)) {
      const ids = new Set((records as Array<{ id: string }>).map((r) => r.id));
      assert.deepEqual(
        (served as Record<string, Array<{ id: string }>>)[index]!.filter((r) => ids.has(r.id)),
        records,
        index,
      );
    }
  } finally {
    await fromSeed.stop();
  }
  // createHandlers({ seed }) without the preload: the same state.
  const handlers = createHandlers({ baseUrl: 'http://app.test', seed: fileOf(file), preload: false, auth: false });
  const state = handlers.state() as unknown as Record<string, Array<{ id: string }>>;
  assert.deepEqual(Object.fromEntries(Object.entries(state).map(([index, records]) => [index, byId(records)])), held);
}

test('capture from the reference server: GET only, and a server started from the file holds every record', async () => {
  const file = join(work, 'reference.json');
  methods.clear();
  const { code, err } = await capture(origin.url, secret, file);
  assert.equal(code, 0, err);
  assert.deepEqual([...methods], ['GET'], 'read-only: nothing but GET reached the deployment');
  assert.match(err, /^mgmt-kit capture: 3 events, 3 network link types, 1 agent from http:\/\/127\.0\.0\.1:\d+ → .*reference\.json\n$/);
  const held = await readEveryIndex(origin.url, await mintToken({ secret, expiresIn: '1h' }));
  assert.deepEqual(Object.fromEntries(Object.entries(fileOf(file)).map(([index, records]) => [index, byId(records)])), held);
  await assertRestarts(file, held);
});

test('capture from the independent server: its records (made through its API) survive the round trip', async () => {
  const token = await mintToken({ secret: independent.secret, expiresIn: '1h' });
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (const body of [
    { kind: 'link-down', source: 'r1' },
    { id: 'ind-e', kind: 'link-up' },
  ]) {
    assert.equal((await sendRaw(independent.url, 'POST', '/event', JSON.stringify(body), auth)).status, 201);
  }
  assert.equal((await sendRaw(independent.url, 'POST', '/catalog/agent', JSON.stringify({ id: 'ind-a', name: 'probe' }), auth)).status, 201);
  const file = join(work, 'independent.json');
  const { code, err } = await capture(independent.url, independent.secret, file);
  assert.equal(code, 0, `${err}\n${independent.log()}`);
  const held = await readEveryIndex(independent.url, token);
  assert.equal(held.event.length, 2);
  await assertRestarts(file, held);
});

test('--index and --where: only the named indices, only the matching records', async () => {
  const file = join(work, 'some.json');
  const { code, err } = await capture(origin.url, secret, file, '--index', 'event', '--where', 'kind=link-down');
  assert.equal(code, 0, err);
  assert.deepEqual(Object.keys(fileOf(file)), ['event']);
  assert.deepEqual(
    byId(fileOf(file)['event']!).map((r) => r.id),
    ['e-1', 'e-3'],
  );
  const bad = await capture(origin.url, secret, file, '--index', 'event,users');
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--index <LIST>' argument 'event,users' is invalid\. Name indices from event, network-link-type, agent/);
});

/** A looser deployment: it serves a network link type without a name and an id twice. */
async function startLooseDeployment(): Promise<{ url: string; server: Server }> {
  const lists: Record<string, unknown[]> = {
    '/event': [
      { id: 'ok', kind: 'link-down' },
      { id: 'ok', kind: 'link-up' },
    ],
    '/type/network-link': [{ id: 'p2p', name: 'P2P' }, { id: 'nameless' }],
    '/catalog/agent': [],
  };
  const server = createServer((req, res) => {
    const list = lists[req.url ?? ''];
    res
      .writeHead(list ? 200 : 404, { 'content-type': 'application/json' })
      .end(JSON.stringify(list ?? { status: 'Not Found', code: 404, error: true, message: 'no' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test('records the create schemas refuse: one line each, left out; --keep-invalid keeps them and serve --seed then names them', async () => {
  const loose = await startLooseDeployment();
  try {
    const file = join(work, 'loose.json');
    const left = await capture(loose.url, secret, file);
    assert.equal(left.code, 0, left.err);
    const lines = left.err.trimEnd().split('\n');
    assert.deepEqual(lines.slice(0, 2), ['left out: event "ok": the index lists this id twice', 'left out: network-link-type "nameless": {"name":"required"}']);
    assert.match(lines[2]!, /; 2 records left out \(the create schemas refuse them; --keep-invalid keeps them\)$/);
    assert.deepEqual(fileOf(file), { event: [{ id: 'ok', kind: 'link-down' }], 'network-link-type': [{ id: 'p2p', name: 'P2P' }], agent: [] });
    // serve --seed takes what is left: it starts (startServe waits for its banner).
    await (await startServe(['--port', '0', '--no-auth', '--seed', file])).stop();

    const kept = await capture(loose.url, secret, file, '--keep-invalid');
    assert.equal(kept.code, 0, kept.err);
    assert.match(kept.err, /^kept, though a seed refuses it: network-link-type "nameless": \{"name":"required"\}$/m);
    assert.equal(fileOf(file)['network-link-type']!.length, 2);
    const serve = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--no-auth', '--seed', file], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(serve.status, 2, serve.stderr);
    assert.match(serve.stderr, /network-link-type\[1\]: \{"name":"required"\}/);
  } finally {
    loose.server.close();
  }
});

test('the pre-flight of conformance: an unreachable deployment or a refused token is one line, exit 2, no file', async () => {
  const file = join(work, 'never.json');
  const gone = await capture(`http://127.0.0.1:${await findFreePort()}`, secret, file);
  assert.equal(gone.code, 2);
  assert.match(gone.err, /^mgmt-kit capture: URL: cannot reach the target: .* Nothing was captured\.\n$/);
  const refused = await capture(origin.url, 'another-secret-that-is-long-enough', file);
  assert.equal(refused.code, 2);
  assert.match(refused.err, /^mgmt-kit capture: token: .* Nothing was captured\.\n$/);
  assert.throws(() => readFileSync(file), /ENOENT/);
});
