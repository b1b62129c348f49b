// The request journal, the fault rules and the admin page over real HTTP (node:http, fetch):
// what a frontend's end-to-end test asserts on, a dropped connection and a time-out as the app
// sees them, the token never in clear, and none of it without --admin.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { generateSecret, mintToken } from './core/index.js';
import type { JournalEntry } from './controls/index.js';
import { startReferenceServer, type RunningReferenceServer } from './start-reference-server.js';

let admin: RunningReferenceServer;
let plain: RunningReferenceServer;
let token: string;
before(async () => {
  const secret = generateSecret();
  token = await mintToken({ secret, expiresIn: '1h' });
  admin = await startReferenceServer({ port: 0, admin: true, auth: { secret }, journalSize: 50 });
  plain = await startReferenceServer({ port: 0, auth: false });
});
after(async () => Promise.all([admin.close(), plain.close()]));

const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${admin.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const adminCall = (method: string, path: string, body?: unknown) =>
  fetch(`${admin.url}/__admin${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
const journal = async (query = '') => (await (await adminCall('GET', `/requests${query}`)).json()) as JournalEntry[];

test('the journal lists what the app sent and what it got, newest last; the token is masked; admin, docs and spec calls are not in it', async () => {
  await adminCall('POST', '/reset');
  await api('POST', '/event', { id: 'e1', kind: 'link-up' });
  await api('DELETE', '/event/e1');
  await api('GET', '/event?q=%7B%7D');
  await fetch(`${admin.url}/openapi.json`);
  await fetch(`${admin.url}/event`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'DELETE' } });
  const entries = await journal();
  assert.deepEqual(
    entries.map((e) => [e.method, e.path, e.status]),
    [
      ['POST', '/event', 201],
      ['DELETE', '/event/e1', 205],
      ['GET', '/event', 200],
    ],
  );
  assert.deepEqual(entries[0]?.envelope, [{ status: 'Created', code: 201, error: false, message: 'Record with id=e1 created', id: 'e1' }]);
  assert.equal(entries[0]?.body, '{"id":"e1","kind":"link-up"}');
  assert.deepEqual([entries[2]?.query, entries[2]?.items, entries[2]?.records], ['q=%7B%7D', 0, true]);
  assert.equal(entries[0]?.headers['authorization'], `Bearer ***** (${token.length} characters)`);
  assert.equal(JSON.stringify(entries).includes(token), false);
  assert.deepEqual(
    (await journal('?method=DELETE&path=/event/e1')).map((e) => e.status),
    [205],
  );
  assert.equal((await adminCall('GET', '/requests?pathPattern=(')).status, 400);
  assert.equal((await adminCall('DELETE', '/requests')).status, 200);
  assert.deepEqual(await journal(), []);
});

test('fault rules from outside: 503 twice then normal; a bad rule is a 400 and changes nothing; reset clears them', async () => {
  await adminCall('POST', '/reset');
  const added = await adminCall('POST', '/faults', { method: 'POST', path: '/event', status: 503, times: 2 });
  assert.equal(added.status, 201);
  const statuses = [];
  for (const id of ['a', 'b', 'c']) statuses.push((await api('POST', '/event', { id, kind: 'k' })).status);
  assert.deepEqual(statuses, [503, 503, 201]);
  const failed = await api('POST', '/event', { id: 'x', kind: 'k' }, { 'x-mgmt-kit-status': '429' });
  assert.deepEqual([failed.status, failed.headers.get('retry-after'), failed.headers.get('x-mgmt-kit-injected')], [429, '1', 'x-mgmt-kit-status']);
  const rulesBefore = await (await adminCall('GET', '/faults')).json();
  assert.deepEqual(rulesBefore, [{ id: 'f1', method: 'POST', path: '/event', status: 503, times: 2, remaining: 0, fired: 2 }]);
  for (const bad of [
    { path: '/event', status: 999 },
    { pathPattern: '*', status: 500 },
    { path: '/event', delay: 'x' },
  ]) {
    const refused = await adminCall('POST', '/faults', bad);
    assert.equal(refused.status, 400, JSON.stringify(bad));
    assert.equal(((await refused.json()) as Array<{ error: boolean }>)[0]?.error, true);
  }
  assert.deepEqual(await (await adminCall('GET', '/faults')).json(), rulesBefore, 'nothing changed');
  assert.deepEqual(
    (await journal('?status=503')).map((e) => e.injectedBy),
    ['rule f1', 'rule f1'],
  );
  await adminCall('POST', '/reset');
  assert.deepEqual(await (await adminCall('GET', '/faults')).json(), []);
});

test('drop: the app sees a network error; timeout: no answer until the app gives up', async () => {
  await adminCall('POST', '/faults', { method: 'GET', path: '/event', status: 'drop', times: 1 });
  await adminCall('POST', '/faults', { method: 'GET', path: '/catalog/agent', status: 'timeout' });
  await assert.rejects(api('GET', '/event'), TypeError);
  assert.equal((await api('GET', '/event')).status, 200, 'once only');
  const started = performance.now();
  await assert.rejects(
    fetch(`${admin.url}/catalog/agent`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(300) }),
    /TimeoutError|aborted/,
  );
  assert.ok(performance.now() - started >= 290);
  assert.deepEqual(
    (await journal()).slice(-3).map((e) => e.status),
    ['drop', 200, 'timeout'],
  );
  await adminCall('POST', '/reset');
});

test('the admin page is served with --admin (HTML, its script and styles, nothing external)', async () => {
  for (const path of ['/__admin/', '/__admin']) {
    const page = await fetch(`${admin.url}${path}`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const html = await page.text();
    assert.match(html, /<script src="\/__admin\/admin\.js"><\/script>/);
    assert.doesNotMatch(html, /https?:\/\//, 'no CDN');
  }
  assert.match((await fetch(`${admin.url}/__admin/admin.js`)).headers.get('content-type') ?? '', /javascript/);
  assert.equal((await fetch(`${admin.url}/__admin/admin.css`)).status, 200);
});

test('without --admin none of it exists: 404 for the page, the journal and the rules', async () => {
  const routes: Array<[string, string]> = [
    ['GET', '/__admin/'],
    ['GET', '/__admin/requests'],
    ['GET', '/__admin/faults'],
    ['POST', '/__admin/faults'],
    ['GET', '/__admin/admin.js'],
  ];
  for (const [method, path] of routes) {
    assert.equal((await fetch(`${plain.url}${path}`, { method })).status, 404, `${method} ${path}`);
  }
  assert.equal((await fetch(`${plain.url}/event`, { headers: { 'x-mgmt-kit-status': 'drop' } })).status, 200);
});
