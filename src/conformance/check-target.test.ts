// The pre-flight against real sockets: the reference server, a closed port, a server that never
// answers and one that forbids.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../reference-server/index.js';
import { findFreePort } from '../../test/support/start-cli-for-tests.js';
import { checkTarget, findBaseUrlProblem, type TargetCheck } from './check-target.js';
import { mintJwt } from './mint-jwt.js';

let reference: RunningReferenceServer;
let token: string;
let silent: Server;
let forbidding: Server;
const urls: Record<string, string> = {};

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

before(async () => {
  const secret = generateSecret();
  reference = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } });
  token = await mintJwt(secret, 'valid');
  silent = createServer(() => undefined); // accepts, never answers
  forbidding = createServer((_req, res) => res.writeHead(403).end());
  urls['silent'] = await listen(silent);
  urls['forbidding'] = await listen(forbidding);
  urls['closed'] = `http://127.0.0.1:${await findFreePort()}`;
});
after(async () => {
  silent.closeAllConnections();
  await Promise.all([reference.close(), new Promise((r) => silent.close(r)), new Promise((r) => forbidding.close(r))]);
});

const cases: Array<[string, { check: () => TargetCheck; want: RegExp | undefined }]> = [
  ['the reference server with a valid token passes', { check: () => ({ baseUrl: `${reference.url}/`, token }), want: undefined }],
  ['a wrong token is refused, naming what to check', { check: () => ({ baseUrl: reference.url, token: 'x' }), want: /^the target refused the token: GET http:\S+\/type\/network-link with Authorization: Bearer <token> answered 401\. Check --token .*--jwt-claims.*--auth-scheme/ }],
  ['no token at all says so', { check: () => ({ baseUrl: reference.url }), want: /with no Authorization header \(no --token and no --jwt-secret\) answered 401/ }],
  ['a valid token under another scheme word is refused', { check: () => ({ baseUrl: reference.url, token, authScheme: 'Token' }), want: /Authorization: Token <token> answered 401/ }],
  ['403 counts as refused', { check: () => ({ baseUrl: urls['forbidding']!, token }), want: /answered 403/ }],
  ['a closed port cannot be reached', { check: () => ({ baseUrl: urls['closed']!, token }), want: /^cannot reach the target: GET http:\S+ failed \(connect ECONNREFUSED [\d.:]+\)\. Check the URL \(--base-url/ }],
  ['a target that never answers times out', { check: () => ({ baseUrl: urls['silent']!, token, timeoutMs: 300 }), want: /failed \(no answer within 0\.3 s\)/ }],
];

for (const [name, { check, want }] of cases) {
  test(`checkTarget: ${name}`, async () => {
    const problem = await checkTarget(check());
    if (want === undefined) assert.equal(problem, undefined);
    else assert.match(problem ?? '(none)', want);
    assert.ok(!problem?.includes(token), 'the token itself is never printed');
  });
}

test('findBaseUrlProblem accepts http(s) URLs only', () => {
  assert.equal(findBaseUrlProblem('https://mgmt.example.net/api'), undefined);
  assert.match(findBaseUrlProblem('mgmt.example.net') ?? '', /is not a URL/);
  assert.match(findBaseUrlProblem('ftp://x') ?? '', /must be an http/);
});
