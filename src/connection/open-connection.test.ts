// The connection's own rules against a scripted server: headers on every request, the connection
// cap (a queued request's time-out runs from its sending), the run's token
// renewed after a 401 once (never looping, never for a token it did not issue), throttling
// reported or waited out as --retry-throttled says, and the time-out's one line.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { authorizationOf } from '../client/index.js';
import { ConnectionFailure } from './connection-failure.js';
import { plainConnection, type ConnectionSettings } from './connection-settings.js';
import { openConnection } from './open-connection.js';
import { createRunCoordinator } from './run-coordinator.js';

let server: Server;
let base: string;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
/** Requests of /slow being answered now, and the most at once. */
const slow = { now: 0, most: 0 };
/** What /scripted answers next, one status per request (then 200). */
let script: Array<{ status: number; headers?: Record<string, string> }> = [];

before(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url === '/hang') return;
    if (req.url === '/slow') {
      slow.most = Math.max(slow.most, ++slow.now);
      return void setTimeout(() => {
        slow.now--;
        res.writeHead(200).end('[]');
      }, 150);
    }
    if (req.url === '/auth') return void res.writeHead(req.headers.authorization === 'Bearer fresh' ? 200 : 401).end();
    const next = script.shift() ?? { status: 200 };
    res.writeHead(next.status, next.headers).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

/** A token provider that hands out the given tokens in turn, one more at every ask after the first. */
function tokensInTurn(...tokens: string[]): (() => string) & { asked: number } {
  const provider = Object.assign(() => tokens[Math.min(provider.asked++, tokens.length - 1)]!, { asked: 0 });
  return provider;
}

function open(settings: Partial<ConnectionSettings>, tokens?: () => string) {
  const full = { ...plainConnection(base), ...settings };
  return openConnection(full, { coordinator: createRunCoordinator(full, tokens) });
}

test('every request carries the --header values, and a request header of the same name wins', async () => {
  const session = open({
    headers: [
      { name: 'X-Api-Key', value: 'k-1' },
      { name: 'X-Tenant', value: 't' },
    ],
  });
  seen.length = 0;
  await session.send({ method: 'GET', path: '/a' });
  await session.send({ method: 'GET', path: '/b', headers: { 'X-Tenant': 'other' } });
  session.close();
  assert.deepEqual(
    seen.map((s) => [s.headers['x-api-key'], s.headers['x-tenant']]),
    [
      ['k-1', 't'],
      ['k-1', 'other'],
    ],
  );
});

test('a 401 to the run token: one new token, one more try; a 401 to any other token is answered as it is', async () => {
  const tokens = tokensInTurn('old', 'fresh');
  const session = open({}, tokens);
  const token = await session.token();
  seen.length = 0;
  const answer = await session.send({ method: 'GET', path: '/auth', headers: { authorization: authorizationOf('Bearer', token!) } });
  assert.equal(answer.status, 200);
  assert.deepEqual(
    seen.map((s) => s.headers.authorization),
    ['Bearer old', 'Bearer fresh'],
  );
  // A later request built with the old token goes out with the current one.
  seen.length = 0;
  assert.equal((await session.send({ method: 'GET', path: '/auth', headers: { authorization: 'Bearer old' } })).status, 200);
  assert.deepEqual(
    seen.map((s) => s.headers.authorization),
    ['Bearer fresh'],
  );
  seen.length = 0;
  assert.equal((await session.send({ method: 'GET', path: '/auth', headers: { authorization: 'Bearer not-ours' } })).status, 401);
  assert.equal(seen.length, 1, 'a deliberately wrong token is not renewed');
  session.close();
});

test('a target that refuses every token gets exactly one retry per call, never a loop', async () => {
  const tokens = tokensInTurn('a', 'b', 'c', 'd');
  const session = open({}, tokens);
  const token = await session.token();
  seen.length = 0;
  script = [{ status: 401 }, { status: 401 }, { status: 401 }];
  assert.equal((await session.send({ method: 'GET', path: '/scripted', headers: { authorization: `Bearer ${token}` } })).status, 401);
  assert.equal(seen.length, 2);
  script = [];
  session.close();
});

test('429 and 503 with Retry-After: reported as throttling at once by default, waited out with --retry-throttled', async () => {
  const session = open({ rate: 5 });
  script = [{ status: 429, headers: { 'retry-after': '1' } }];
  await assert.rejects(session.send({ method: 'GET', path: '/scripted' }), (error: unknown) => {
    assert.ok(error instanceof ConnectionFailure && error.kind === 'throttled');
    assert.equal(
      error.message,
      `the target throttled the run: GET ${base}/scripted answered 429 (Retry-After: 1). This is the gateway's limit, not a verdict on the service: lower --rate (now 5/s), or let --retry-throttled N wait and send it again`,
    );
    return true;
  });
  session.close();
  const patient = open({ retryThrottled: 2 });
  script = [
    { status: 503, headers: { 'retry-after': '0' } },
    { status: 429, headers: { 'retry-after': '0' } },
  ];
  seen.length = 0;
  assert.equal((await patient.send({ method: 'GET', path: '/scripted' })).status, 200);
  assert.equal(seen.length, 3);
  assert.equal(patient.throttled, 2);
  // A 503 without Retry-After is the service failing: the run judges it.
  script = [{ status: 503 }];
  assert.equal((await patient.send({ method: 'GET', path: '/scripted' })).status, 503);
  patient.close();
});

test('no answer within the time-out is one line naming the request; the run ending first is cut short', async () => {
  const session = open({ timeout: 200 });
  await assert.rejects(session.send({ method: 'GET', path: '/hang' }), {
    name: 'ConnectionFailure',
    kind: 'timeout',
    message: `no answer within 200 ms from GET ${base}/hang`,
  });
  await assert.rejects(session.send({ method: 'GET', path: '/hang' }, { until: Date.now() + 50 }), { kind: 'cut-short' });
  session.close();
});

test('the base URL path is kept as a prefix of every request path', async () => {
  const session = open({ baseUrl: `${base}/api/` });
  seen.length = 0;
  await session.send({ method: 'GET', path: '/event?q=1' });
  session.close();
  // The earlier test's request cut short may still reach the server late.
  assert.deepEqual(
    seen.filter((s) => s.url !== '/hang').map((s) => s.url),
    ['/api/event?q=1'],
  );
});

test('a request carries what every operation lists (§4.1): Accept, Content-Type application/json and the run token; asIs only its own headers', async () => {
  const session = open({ auth: { scheme: 'Bearer', token: 't-1' } });
  seen.length = 0;
  await session.send({ method: 'GET', path: '/a' });
  await session.send({ method: 'GET', path: '/b', headers: { accept: 'text/plain' }, asIs: true });
  session.close();
  const [plain, asIs] = seen.map((s) => [s.headers.accept, s.headers['content-type'], s.headers.authorization]);
  assert.deepEqual(plain, ['application/json', 'application/json', 'Bearer t-1']);
  assert.deepEqual(asIs, ['text/plain', undefined, undefined]);
});

test('at most --max-connections requests in flight; one waiting for a connection is not timed out before it is sent', async () => {
  const session = open({ maxConnections: 2, timeout: 400 });
  slow.most = 0;
  const answers = await Promise.all(Array.from({ length: 6 }, () => session.send({ method: 'GET', path: '/slow' })));
  session.close();
  assert.deepEqual(
    answers.map((a) => a.status),
    [200, 200, 200, 200, 200, 200],
    'the last pair waited 300 ms for a connection, then 150 ms for its answer: within its 400 ms',
  );
  assert.equal(slow.most, 2);
});
