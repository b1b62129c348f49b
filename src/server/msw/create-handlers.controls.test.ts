// createHandlers' frontend options through msw/node setupServer: reset()/state() over
// the handlers' store, delay, fault headers with admin (ignored without), CORS headers and preflights.
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setupServer } from 'msw/node';
import { createClient } from '../../client/index.js';
import { injectedMessage } from '../controls/fault.js';
import { createHandlers, type HandlerOptions, type MockHandlers } from './create-handlers.js';

const BASE = 'http://mock.test';
const VITE = 'http://localhost:5173';
const server = setupServer();
const client = createClient({ baseURL: BASE });

before(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
after(() => server.close());

function useHandlers(options: Partial<HandlerOptions> = {}): MockHandlers {
  const handlers = createHandlers({ baseUrl: BASE, ...options });
  server.use(...handlers);
  return handlers;
}

describe('createHandlers: state control as plain functions', () => {
  it('state() shows what requests did; reset() goes back to preload + seed', async () => {
    const handlers = useHandlers({ seed: { event: [{ id: 'e1', kind: 'up' }] } });
    await client.events.create({ body: { id: 'e2', kind: 'new' } });
    await client.networkLinkTypes.delete();
    assert.deepEqual(
      handlers.state().event.map((r) => r.id),
      ['e1', 'e2'],
    );
    assert.deepEqual(handlers.state()['network-link-type'], []);
    handlers.reset();
    assert.deepEqual((await client.events.read()).data, [{ id: 'e1', kind: 'up' }]);
    assert.deepEqual(
      handlers.state()['network-link-type'].map((r) => r.id),
      ['p2p', 'slice'],
    );
  });
  it('replaceState() swaps every record, or names the bad one and changes nothing', async () => {
    const handlers = useHandlers();
    assert.deepEqual(handlers.replaceState({ 'network-link-type': [{ id: 'mesh' }] }), ['network-link-type[0]: {"name":"required"}']);
    assert.equal((await client.networkLinkTypes.read()).data?.length, 2);
    assert.deepEqual(handlers.replaceState({ 'network-link-type': [{ id: 'mesh', name: 'Mesh' }] }), []);
    assert.deepEqual((await client.networkLinkTypes.read()).data, [{ id: 'mesh', name: 'Mesh' }]);
  });
});

describe('createHandlers: delay and faults', () => {
  it('delay: "150ms" delays every answer', async () => {
    useHandlers({ delay: '150ms' });
    const started = performance.now();
    assert.equal((await client.events.read()).status, 200);
    assert.ok(performance.now() - started >= 145, `${performance.now() - started} ms`);
  });
  it('a bad delay throws at creation', () => {
    assert.throws(() => createHandlers({ baseUrl: BASE, delay: '1-2-3s' }), RangeError);
  });
  it('admin: x-mgmt-kit-status answers that status with the envelope and does not act', async () => {
    useHandlers({ admin: true });
    const result = await client.events.create({ body: { id: 'e1' }, headers: { 'x-mgmt-kit-status': '500' } });
    assert.equal(result.status, 500);
    assert.deepEqual(result.data, [{ status: 'Internal Server Error', code: 500, error: true, message: injectedMessage(500) }]);
    assert.deepEqual((await client.events.read()).data, []);
  });
  it('admin: an undocumented status → 400 explaining it; x-mgmt-kit-delay delays', async () => {
    useHandlers({ admin: true });
    const bad = await client.events.read({ headers: { 'x-mgmt-kit-status': '418' } });
    assert.equal(bad.status, 400);
    assert.match(String(bad.data?.[0]?.message), /418 is not a status the spec documents for readEvents/);
    const started = performance.now();
    await client.events.read({ headers: { 'x-mgmt-kit-delay': '200ms' } });
    assert.ok(performance.now() - started >= 195);
  });
  it('admin: an injected 205 goes out without a body (msw null-body handling), the delete not done', async () => {
    useHandlers({ admin: true, seed: { event: [{ id: 'e1' }] } });
    const result = await client.events.delete({ id: 'e1', headers: { 'x-mgmt-kit-status': '205' } });
    assert.deepEqual([result.status, result.data], [205, undefined]);
    assert.equal((await client.events.read({ id: 'e1' })).status, 200);
  });
  it('without admin the fault headers are ignored', async () => {
    useHandlers();
    const result = await client.events.create({ body: { id: 'e1' }, headers: { 'x-mgmt-kit-status': '500', 'x-mgmt-kit-delay': 'nonsense' } });
    assert.equal(result.status, 201);
  });
});

describe('createHandlers: CORS (for handlers served over real HTTP)', () => {
  it('Allow-Origin and Expose-Headers on answers, errors included; a preflight is 204 without a token', async () => {
    useHandlers({ auth: { secret: 'msw-cors' } });
    const refused = await fetch(`${BASE}/event`, { headers: { origin: VITE } });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('access-control-allow-origin'), '*');
    assert.equal(refused.headers.get('access-control-expose-headers'), 'Allow, Content-Type, Retry-After, X-Mgmt-Kit-Injected');
    const preflight = await fetch(`${BASE}/event/e1`, {
      method: 'OPTIONS',
      headers: { origin: VITE, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET, POST, PUT, DELETE');
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'authorization, content-type');
  });
  it('cors: { origins } echoes a listed origin only; cors: false sends none', async () => {
    useHandlers({ cors: { origins: [VITE] } });
    assert.equal((await fetch(`${BASE}/event`, { headers: { origin: VITE } })).headers.get('access-control-allow-origin'), VITE);
    assert.equal((await fetch(`${BASE}/event`, { headers: { origin: 'http://x.test' } })).headers.get('access-control-allow-origin'), null);
    server.resetHandlers();
    useHandlers({ cors: false });
    assert.equal((await fetch(`${BASE}/event`, { headers: { origin: VITE } })).headers.get('access-control-allow-origin'), null);
  });
});

describe('createHandlers: request journal and fault rules as functions', () => {
  it('requests(filter) lists what the app sent and got; clearRequests() empties it; reset() clears rules and journal', async () => {
    const handlers = useHandlers();
    await client.events.create({ body: { id: 'e1', kind: 'up' } });
    await client.events.delete({ id: 'e1' });
    assert.deepEqual(
      handlers.requests().map((e) => [e.method, e.path, e.status]),
      [
        ['POST', '/event', 201],
        ['DELETE', '/event/e1', 205],
      ],
    );
    assert.deepEqual(
      handlers.requests({ method: 'DELETE', pathPattern: '^/event/' }).map((e) => e.path),
      ['/event/e1'],
    );
    assert.throws(() => handlers.requests({ status: 'soon' }), /requests: status must be a status/);
    handlers.clearRequests();
    assert.deepEqual(handlers.requests(), []);
    handlers.faults.add({ path: '/event', status: 500 });
    await client.events.read();
    handlers.reset();
    assert.deepEqual([handlers.requests(), handlers.faults.list()], [[], []]);
  });
  it('faults.add: the next 2 creates answer 503, then the store acts; a drop is a network error; a bad rule throws', async () => {
    const handlers = useHandlers();
    const rule = handlers.faults.add({ method: 'POST', path: '/event', status: 503, times: 2 });
    assert.deepEqual(rule, { id: 'f1', method: 'POST', path: '/event', status: 503, times: 2, remaining: 2, fired: 0 });
    const statuses = [];
    // fetch, not the typed client: it throws UnexpectedStatusError on a status the spec does not document.
    const post = (id: string) =>
      fetch(`${BASE}/event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, kind: 'k' }) });
    for (const id of ['a', 'b', 'c']) statuses.push((await post(id)).status);
    assert.deepEqual(statuses, [503, 503, 201]);
    assert.deepEqual(
      handlers.state().event.map((r) => r.id),
      ['c'],
    );
    handlers.faults.add({ method: 'GET', path: '/event', status: 'drop' });
    await assert.rejects(fetch(`${BASE}/event`), TypeError);
    assert.deepEqual(
      handlers
        .requests()
        .slice(-1)
        .map((e) => e.status),
      ['drop'],
    );
    assert.equal(handlers.faults.remove('f2'), true);
    assert.equal(handlers.faults.clear(), 1);
    assert.throws(() => handlers.faults.add({ path: '/event', status: 418 }), /faults\.add: status 418 is not one a fault can answer/);
    assert.deepEqual(handlers.faults.list(), []);
  });
});
