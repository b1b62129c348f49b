// The pre-flight against real sockets: the reference server, a closed port, a server that never
// answers and one that forbids.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../server/index.js';
import { findFreePort } from '../../../test/support/start-cli-for-tests.js';
import { plainConnection } from '../../connection/connection-settings.js';
import { openConnection } from '../../connection/open-connection.js';
import { checkTarget } from './check-target.js';
import { mintToken } from '../../contract/tokens/index.js';

let reference: RunningReferenceServer;
let token: string;
let silent: Server;
let forbidding: Server;
let gateway: Server;
const urls: Record<string, string> = {};

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

before(async () => {
  const secret = generateSecret();
  reference = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } });
  token = await mintToken({ secret, expiresIn: '1h' });
  silent = createServer(() => undefined); // accepts, never answers
  forbidding = createServer((_req, res) => res.writeHead(403).end());
  // A gateway that serves the service under /mgmt only; anything else is its own HTML 404. Under
  // /empty it forwards a 404 with the service's envelope (a faithful answer for an empty index).
  gateway = createServer((req, res) => {
    if (req.url === '/nolinks/type/network-link') return res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    if (req.url?.startsWith('/empty/'))
      return res.writeHead(404, { 'content-type': 'application/json' }).end('[{"status":"Not Found","code":404,"error":true,"message":"none"}]');
    res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Cannot GET</body></html>');
  });
  urls['silent'] = await listen(silent);
  urls['gateway'] = await listen(gateway);
  urls['forbidding'] = await listen(forbidding);
  urls['closed'] = `http://127.0.0.1:${await findFreePort()}`;
});
after(async () => {
  silent.closeAllConnections();
  await Promise.all([reference.close(), new Promise((r) => silent.close(r)), new Promise((r) => forbidding.close(r)), new Promise((r) => gateway.close(r))]);
});

interface TargetCheck {
  baseUrl: string;
  token?: string;
  authScheme?: string;
  timeout?: number;
  preloadCheck?: boolean;
}

const cases: Array<[string, { check: () => TargetCheck; want: RegExp | undefined }]> = [
  ['the reference server with a valid token passes', { check: () => ({ baseUrl: `${reference.url}/`, token }), want: undefined }],
  [
    'a wrong token is refused, naming what to check',
    {
      check: () => ({ baseUrl: reference.url, token: 'x' }),
      want: /^token: the target refused the token: GET http:\S+\/type\/network-link with Authorization: Bearer <token> answered 401\. Check --token .*--jwt-claims.*--auth-scheme/,
    },
  ],
  [
    'no token at all says so',
    { check: () => ({ baseUrl: reference.url }), want: /with no Authorization header \(no --token, --token-command or --jwt-secret\) answered 401/ },
  ],
  [
    'a valid token under another scheme word is refused',
    { check: () => ({ baseUrl: reference.url, token, authScheme: 'Token' }), want: /Authorization: Token <token> answered 401/ },
  ],
  ['403 counts as refused', { check: () => ({ baseUrl: urls['forbidding']!, token }), want: /answered 403/ }],
  [
    'a closed port cannot be reached',
    {
      check: () => ({ baseUrl: urls['closed']!, token }),
      want: /^URL: cannot reach the target: GET http:\S+ failed \(connect ECONNREFUSED [\d.:]+\)\. Check the URL \(--base-url/,
    },
  ],
  [
    'a target that never answers times out',
    {
      check: () => ({ baseUrl: urls['silent']!, token, timeout: 300 }),
      want: /^URL: cannot reach the target: no answer within 300 ms from GET http:\S+\/type\/network-link\. Check the URL .* or allow more with --timeout\.$/,
    },
  ],
  [
    'a 404 without the envelope: nothing is served at the path of --base-url',
    {
      check: () => ({ baseUrl: `${urls['gateway']!}/api`, token }),
      want: /^URL: nothing is served at this path: GET http:\S+\/api\/type\/network-link answered 404 without the service's envelope .*Check the path in --base-url/,
    },
  ],
  [
    "a 404 with the envelope is the service's own answer: the run judges it",
    { check: () => ({ baseUrl: `${urls['gateway']!}/empty`, token }), want: undefined },
  ],
  [
    'with the preload check, a 404 envelope on every index path: no index at this prefix',
    {
      check: () => ({ baseUrl: `${urls['gateway']!}/empty`, token, preloadCheck: true }),
      want: /^URL: no index is served at this prefix: GET http:\S+\/empty\/type\/network-link answered 404 with the service's envelope, and so did \/event and \/catalog\/agent\. Is the path prefix .*--no-preload-check/,
    },
  ],
  [
    'with the preload check, an empty list of network link types: the preloaded two are missing',
    {
      check: () => ({ baseUrl: `${urls['gateway']!}/nolinks`, token, preloadCheck: true }),
      want: /^URL: GET http:\S+\/nolinks\/type\/network-link found no network link type, and the service description preloads two \(§2\.2\)\. Is the path prefix .*--no-preload-check\.$/,
    },
  ],
  [
    'with the preload check, the reference server (two preloaded types) passes',
    { check: () => ({ baseUrl: reference.url, token, preloadCheck: true }), want: undefined },
  ],
];

for (const [name, { check, want }] of cases) {
  test(`checkTarget: ${name}`, async () => {
    const { baseUrl, token: given, authScheme, timeout } = check();
    const settings = plainConnection(baseUrl, {
      ...(given !== undefined ? { token: given } : {}),
      ...(authScheme !== undefined ? { scheme: authScheme } : {}),
    });
    const session = openConnection({ ...settings, ...(timeout !== undefined ? { timeout } : {}) });
    const problem = await checkTarget(session, { preloadCheck: check().preloadCheck ?? false });
    session.close();
    if (want === undefined) assert.equal(problem, undefined);
    else assert.match(problem ?? '(none)', want);
    assert.ok(!problem?.includes(token), 'the token itself is never printed');
  });
}
