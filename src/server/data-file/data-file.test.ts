import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DataFileError } from './data-file.js';
import { startReferenceServer, type ReferenceServerOptions } from '../start-reference-server.js';

const dir = mkdtempSync(join(tmpdir(), 'mgmt-kit-data-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const SEED = { event: [{ id: 'seeded', kind: 'a' }] };
const start = (file: string, over: ReferenceServerOptions = {}) =>
  startReferenceServer({ port: 0, auth: false, admin: true, seed: SEED, data: { file, writeDelayMs: 10 }, ...over });
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const send = (url: string, method: string, body?: unknown) =>
  fetch(url, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

test('an absent file is created with the preload and seed; changes, reset and PUT /__admin/state are written; a new start loads the file', async () => {
  const file = join(dir, 'cycle.json');
  // A delay far beyond the test: only close() can have written the changes.
  const first = await start(file, { data: { file, writeDelayMs: 60_000 } });
  assert.equal(first.data?.created, true);
  assert.deepEqual(readJson(file), first.core.state(), 'written before the server answers anything');
  assert.equal((await send(`${first.url}/event`, 'POST', { id: 'e1', kind: 'new' })).status, 201);
  assert.equal((await send(`${first.url}/type/network-link/slice`, 'DELETE')).status, 205);
  const before = first.core.state();
  await first.close();
  assert.deepEqual(readJson(file), before, 'close() writes the last changes');

  const second = await start(file);
  assert.equal(second.data?.created, false);
  assert.deepEqual(second.core.state(), before, 'the file wins over preload and seed');
  assert.equal((await send(`${second.url}/__admin/reset`, 'POST')).status, 200);
  await second.close();
  assert.deepEqual(readJson(file), { event: SEED.event, 'network-link-type': second.core.state()['network-link-type'], agent: [] });
  assert.deepEqual(
    (readJson(file) as { 'network-link-type': Array<{ id: string }> })['network-link-type'].map((r) => r.id),
    ['p2p', 'slice'],
  );

  const third = await start(file);
  const replaced = { event: [], 'network-link-type': [{ id: 'mesh', name: 'Mesh' }], agent: [{ id: 'a1' }] };
  assert.equal((await send(`${third.url}/__admin/state`, 'PUT', replaced)).status, 200);
  assert.equal((await send(`${third.url}/__admin/state`, 'PUT', { event: [{ id: 1 }] })).status, 400);
  await third.close();
  assert.deepEqual(readJson(file), replaced, 'the accepted state is written, the refused one changed nothing');
  assert.equal(third.data?.writes(), 1, 'one write for the one change');

  const fourth = await start(file);
  assert.deepEqual(fourth.core.replaceSeed({ agent: [{ id: 'from-new-seed' }] }), []); // what --watch does
  await fourth.close();
  assert.deepEqual((readJson(file) as { agent: unknown[] }).agent, [{ id: 'from-new-seed' }]);
});

test('a file that is not a valid state is a DataFileError naming the problem, and the file is left byte for byte', async () => {
  const cases: Array<[string, RegExp]> = [
    ['{"event": [', /data file .*bad\.json is not valid JSON/],
    ['', /is not valid JSON/],
    ['{"network-link-type": [{"id": "x"}]}', /network-link-type\[0\]: \{"name":"required"\}/],
    ['{"links": []}', /unknown index "links"/],
    ['[]', /must be a JSON object/],
    ['{"event": [{"id": "e"}, {"id": "e"}]}', /event\[1\]: duplicate id "e"/],
  ];
  const file = join(dir, 'bad.json');
  for (const [content, message] of cases) {
    writeFileSync(file, content);
    const stamp = statSync(file).mtimeMs;
    await assert.rejects(start(file), (error: unknown) => error instanceof DataFileError && message.test(error.message) && /left as it is/.test(error.message));
    assert.equal(readFileSync(file, 'utf8'), content);
    assert.equal(statSync(file).mtimeMs, stamp);
  }
});

test('a data file that cannot be created stops the start; one that cannot be written later is reported and close() rejects', async () => {
  await assert.rejects(
    start(join(dir, 'no-such-dir', 'db.json')),
    (error: unknown) => error instanceof DataFileError && /cannot create data file .*ENOENT/.test(error.message),
  );

  const gone = join(dir, 'gone');
  mkdirSync(gone);
  const errors: DataFileError[] = [];
  const server = await start(join(gone, 'db.json'), { data: { file: join(gone, 'db.json'), writeDelayMs: 10, onWriteError: (e) => errors.push(e) } });
  rmSync(gone, { recursive: true });
  assert.equal((await send(`${server.url}/event`, 'POST', { id: 'e1' })).status, 201, 'the server keeps answering');
  while (errors.length === 0) await new Promise((r) => setTimeout(r, 10));
  assert.match(errors[0]!.message, /cannot write data file .*gone\/db\.json: ENOENT/);
  await assert.rejects(server.close(), (error: unknown) => error instanceof DataFileError && /last changes could not be written .*ENOENT/.test(error.message));
});
