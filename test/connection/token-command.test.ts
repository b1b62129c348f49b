// --token-command against a local OAuth2 token endpoint that issues 2-second tokens, and a
// reference server that verifies them (the same secret): runs that last longer than a token
// keep working, because the token is renewed before its exp and after a 401 to it.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { busiestSecond } from '../support/busiest-second.js';
import { runCommand as run } from '../support/run-command.js';
import { spawnSync } from 'node:child_process';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { startTokenEndpoint, type TokenEndpoint } from '../support/token-endpoint.js';

const secret = generateSecret();
let idp: TokenEndpoint;
let target: RunningReferenceServer;
/** When each request reached the target (its handler started, on this process's monotonic sub-ms clock), and what it answered. */
const arrivals: Array<{ at: number; status: number }> = [];
const work = mkdtempSync(join(tmpdir(), 'mgmt-kit-token-'));

before(async () => {
  idp = await startTokenEndpoint({ secret, clientId: 'ci-runner', clientSecret: 'client-s3cret', lifetimeSeconds: 2 });
  target = await startReferenceServer({
    port: 0,
    host: '127.0.0.1',
    auth: { secret },
    // Logged when the answer is written: the request arrived its handling time earlier.
    onRequest: (entry) => arrivals.push({ at: performance.now() - entry.durationMs, status: entry.status }),
  });
});
after(async () => {
  await Promise.all([idp.close(), target.close()]);
});

/** The client-credentials request, as a shell command printing the token: node's fetch, so it needs no curl or jq. */
function nodeTokenCommand(clientSecret = 'client-s3cret'): string {
  const script = `fetch(process.argv[1],{method:'POST',headers:{'content-type':'application/x-www-form-urlencoded'},body:'grant_type=client_credentials&client_id=ci-runner&client_secret=${clientSecret}'}).then(r=>r.json()).then(j=>console.log(j.access_token))`;
  return `"${process.execPath}" -e "${script}" ${idp.url}`;
}

/** The most requests that reached the target within any one second of the given span. */
const busiestSecondOf = (from: number, to: number) => busiestSecond(arrivals.filter((a) => a.at >= from && a.at <= to).map((a) => a.at));

test('conformance with --token-command, --parallel 2 and --rate 100: a run longer than a token passes, tokens renewed, the rate held across workers', async () => {
  const issuedBefore = idp.issued;
  const from = performance.now();
  const first = arrivals.length;
  const { code, out, err, ms } = await run('conformance', [
    '--base-url',
    target.url,
    '--token-command',
    nodeTokenCommand(),
    '--parallel',
    '2',
    '--rate',
    '100',
    '--tags',
    '@network-link-types or @auth',
    '--report-dir',
    join(work, 'conformance'),
  ]);
  assert.equal(code, 0, `${out}\n${err}`);
  assert.match(out, /tokens from --token-command; at most 100 requests\/s/);
  const requests = arrivals.length - first;
  // The gate lets 100 requests go in any second, so 300 or more reach the target over 2 s at least: longer than a token lives.
  const times = arrivals.slice(first).map((a) => a.at);
  const span = Math.max(...times) - Math.min(...times);
  assert.ok(requests >= 300 && span >= 2000, `${requests} requests over ${span} ms: at 100/s they take longer than a token lives`);
  assert.ok(idp.issued - issuedBefore >= 2, `${idp.issued - issuedBefore} tokens for a ${ms} ms run`);
  assert.ok(
    idp.issued - issuedBefore <= Math.ceil(ms / 1000) + 2,
    `${idp.issued - issuedBefore} tokens for a ${ms} ms run: one renewal per token life for the whole run, not one per worker or per call`,
  );
  const busiest = busiestSecondOf(from, performance.now());
  assert.ok(busiest <= 100, `${busiest} requests in the busiest second (${requests} in ${ms} ms)`);
});

test('fuzz with --token-command and --rate 30: a 5 s run on 2 s tokens finds no authentication failure, and keeps the pace', async () => {
  const issuedBefore = idp.issued;
  const from = performance.now();
  const { code, out } = await run('fuzz', [
    '--base-url',
    target.url,
    '--token-command',
    nodeTokenCommand(),
    '--rate',
    '30',
    '--runs',
    '100000',
    '--time-budget',
    '5s',
    '--report-dir',
    join(work, 'fuzz'),
  ]);
  assert.equal(code, 0, out);
  assert.match(out, /tokens from --token-command; at most 30 requests\/s/);
  assert.ok(idp.issued - issuedBefore >= 2, `${idp.issued - issuedBefore} tokens`);
  assert.doesNotMatch(out, /FAILURE/);
  const busiest = busiestSecondOf(from, performance.now());
  assert.ok(busiest > 0 && busiest <= 30, `${busiest} requests in the busiest second`);
});

test('a token command that fails, prints nothing or prints more than a token: one line, exit 2, before any scenario', async () => {
  const reportDir = join(work, 'never');
  const cases: Array<[string, RegExp]> = [
    [
      nodeTokenCommand('wrong'),
      /^mgmt-kit conformance: token: --token-command printed undefined: it must print the token alone on standard output\. Check --token-command/,
    ],
    [
      'echo "curl: (7) Failed to connect" >&2; exit 7',
      /^mgmt-kit conformance: token: --token-command failed \(exit 7\): curl: \(7\) Failed to connect\. Check/,
    ],
    ['true', /^mgmt-kit conformance: token: --token-command printed nothing: it must print the token alone/],
    ['echo Bearer abc', /^mgmt-kit conformance: token: --token-command printed more than the token \(2 words\)/],
  ];
  for (const [command, message] of cases) {
    const { code, err } = await run('conformance', ['--base-url', target.url, '--token-command', command, '--report-dir', reportDir]);
    assert.equal(code, 2, command);
    assert.match(err, message);
    assert.match(err, / No scenario was run\.\n$/);
    assert.equal(err.split('\n').length, 2, 'one line');
  }
  // TOKEN_COMMAND stands in for the flag.
  const fromEnv = await run('capture', ['--base-url', target.url, '--out', join(work, 'env.json')], { TOKEN_COMMAND: nodeTokenCommand() });
  assert.equal(fromEnv.code, 0, fromEnv.err);
});

const hasCurlAndJq = ['curl', 'jq'].every((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0);

test('the README example: curl to the token endpoint piped to jq', { skip: hasCurlAndJq ? false : 'curl or jq is not installed here' }, async () => {
  const command =
    'curl -fsS -X POST "$TOKEN_URL" -d grant_type=client_credentials -d client_id="$CLIENT_ID" -d client_secret="$CLIENT_SECRET" | jq -r .access_token';
  const env = { TOKEN_URL: idp.url, CLIENT_ID: 'ci-runner', CLIENT_SECRET: 'client-s3cret' };
  // The command runs in a shell that sees the process environment.
  Object.assign(process.env, env);
  try {
    const { code, err } = await run('capture', ['--base-url', target.url, '--token-command', command, '--out', join(work, 'readme.json')]);
    assert.equal(code, 0, err);
  } finally {
    for (const name of Object.keys(env)) delete process.env[name];
  }
});
