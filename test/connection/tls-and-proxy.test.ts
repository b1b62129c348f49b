// Mutual TLS, a private CA and a forward proxy, on loopback with certificates made by the test:
// the connection flags of conformance, fuzz and capture reach a deployment that needs them, and
// the pre-flight names TLS or the proxy when one is wrong.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { runCommand as run } from '../support/run-command.js';
import { findFreePort } from '../support/start-cli-for-tests.js';
import { mintToken } from '../../src/contract/tokens/index.js';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { startForwardProxy, type ForwardProxy } from '../support/forward-proxy.js';
import { makeCertificates, type TestCertificates } from '../support/make-certificates.js';
import { startTlsTarget, type TlsTarget } from '../support/tls-target.js';

const BIN = fileURLToPath(new URL('../../bin/mgmt-kit.js', import.meta.url));
let certs: TestCertificates;
let mtls: TlsTarget;
let proxy: ForwardProxy;
let plain: RunningReferenceServer;
let plainSecret: string;
let mtlsToken: string;
let plainToken: string;
const work = mkdtempSync(join(tmpdir(), 'mgmt-kit-connect-'));

before(async () => {
  certs = makeCertificates();
  mtls = await startTlsTarget(certs, { requireClientCert: true });
  proxy = await startForwardProxy();
  plainSecret = generateSecret();
  plain = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret: plainSecret } });
  mtlsToken = await mintToken({ secret: mtls.secret, expiresIn: '1h' });
  plainToken = await mintToken({ secret: plainSecret, expiresIn: '1h' });
});
after(async () => {
  await Promise.all([mtls.close(), proxy.close(), plain.close()]);
});

const clientCert = () => ['--client-cert', certs.clientCert, '--client-key', certs.clientKey];

test('mutual TLS required, no client certificate: the pre-flight blames TLS and asks for one (exit 2)', async () => {
  const { code, err } = await run('capture', ['--base-url', mtls.url, '--token', mtlsToken, '--ca', certs.caCert]);
  assert.equal(code, 2);
  // TLS 1.3: the server's alert arrives, or (when it closes on the unread request) a reset right after the handshake.
  assert.match(
    err,
    /^mgmt-kit capture: TLS: GET https:\/\/127\.0\.0\.1:\d+\/type\/network-link failed(?: in the TLS handshake \(ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED: tlsv13 alert certificate required\)|: the server closed the connection right after the TLS handshake \(ECONNRESET: socket hang up\))\. (?:The|Likely the) server wants a client certificate \(mutual TLS\): pass --client-cert FILE and --client-key FILE\. Nothing was captured\.\n$/,
  );
});

test('a client certificate from a CA the server does not trust is refused, and named', async () => {
  const { code, err } = await run('capture', [
    '--base-url',
    mtls.url,
    '--token',
    mtlsToken,
    '--ca',
    certs.caCert,
    '--client-cert',
    certs.strangerCert,
    '--client-key',
    certs.strangerKey,
  ]);
  assert.equal(code, 2);
  assert.match(
    err,
    /^mgmt-kit capture: TLS: .*(?:The|Likely the) server refused the client certificate --client-cert \S+stranger\.pem: check that it is signed by a CA the server trusts and not expired\. Nothing was captured\.\n$/,
  );
});

test('without the private CA the server is not trusted: the pre-flight says to pass it with --ca or NODE_EXTRA_CA_CERTS', async () => {
  const { code, err } = await run('capture', ['--base-url', mtls.url, '--token', mtlsToken, ...clientCert()]);
  assert.equal(code, 2);
  assert.match(
    err,
    /^mgmt-kit capture: TLS: .*\((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)[^)]*\)\. The server's certificate is not signed by a CA this run trusts: pass that CA with --ca FILE \(or NODE_EXTRA_CA_CERTS=FILE\)\./,
  );
});

test('mutual TLS satisfied and the CA given with --ca: the conformance steps run over it, every request with the --header', async () => {
  const seenBefore = mtls.seen.length;
  const reportDir = join(work, 'mtls-reports');
  // A value nothing else in a run can spell: a short one such as t-42 turns up by chance inside the
  // run's own random ids (mk-…-lt-42…), and the reports hold hundreds of them.
  const tenant = `tenant-${randomUUID()}`;
  const { code, out, err } = await run('conformance', [
    '--base-url',
    mtls.url,
    '--token',
    mtlsToken,
    '--ca',
    certs.caCert,
    ...clientCert(),
    '--header',
    `X-Tenant: ${tenant}`,
    '--tags',
    '@network-link-types',
    '--report-dir',
    reportDir,
  ]);
  assert.equal(code, 0, `${out}\n${err}`);
  assert.match(out, /header X-Tenant \(value hidden\); CA \S+ca\.pem; client certificate \S+client\.pem/);
  assert.ok(!out.includes(tenant), 'the header value is never printed');
  for (const report of readdirSync(reportDir)) assert.ok(!readFileSync(join(reportDir, report), 'utf8').includes(tenant), `${report} holds no header value`);
  const seen = mtls.seen.slice(seenBefore);
  assert.ok(seen.length > 20, `${seen.length} requests`);
  assert.ok(
    seen.every((headers) => headers['x-tenant'] === tenant),
    'every request carried the header',
  );
});

test('EXTRA_HEADERS stands in for --header, one header per line', async () => {
  const seenBefore = mtls.seen.length;
  const { code, err } = await run(
    'capture',
    ['--base-url', mtls.url, '--token', mtlsToken, '--ca', certs.caCert, ...clientCert(), '--out', join(work, 'env-headers.json')],
    { EXTRA_HEADERS: 'X-Tenant: t-43\nX-Api-Key: k-1' },
  );
  assert.equal(code, 0, err);
  const seen = mtls.seen.slice(seenBefore);
  assert.ok(seen.length >= 4 && seen.every((headers) => headers['x-tenant'] === 't-43' && headers['x-api-key'] === 'k-1'), JSON.stringify(seen));
});

test('NODE_EXTRA_CA_CERTS trusts the private CA as --ca does (read by Node at start, so a child process)', async () => {
  const file = join(work, 'extra-ca.json');
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: certs.caCert, TOKEN: mtlsToken };
  // Not spawnSync: the target runs in this process and must go on answering.
  await promisify(execFile)(process.execPath, [BIN, 'capture', '--base-url', mtls.url, ...clientCert(), '--out', file], { env });
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object), ['event', 'network-link-type', 'agent']);
});

test('https through HTTPS_PROXY: the proxy opens CONNECT tunnels, TLS (and mutual TLS) runs end to end inside them', async () => {
  const before = proxy.tunnels.length;
  const { code, err } = await run(
    'capture',
    ['--base-url', mtls.url, '--token', mtlsToken, '--ca', certs.caCert, ...clientCert(), '--out', join(work, 'via-proxy.json')],
    { HTTPS_PROXY: proxy.url },
  );
  assert.equal(code, 0, err);
  assert.ok(proxy.tunnels.length > before, 'the proxy carried the requests');
  assert.ok(proxy.tunnels.slice(before).every((t) => t === new URL(mtls.url).host));
});

test('http through HTTP_PROXY goes in absolute form, counted by the proxy; NO_PROXY naming the host goes direct', async () => {
  const before = proxy.forwarded.length;
  const args = ['--base-url', plain.url, '--token', plainToken, '--out', join(work, 'plain.json')];
  assert.equal((await run('capture', args, { HTTP_PROXY: proxy.url })).code, 0);
  const carried = proxy.forwarded.slice(before);
  assert.deepEqual(carried, [
    `GET ${plain.url}/type/network-link`,
    `GET ${plain.url}/event`,
    `GET ${plain.url}/type/network-link`,
    `GET ${plain.url}/catalog/agent`,
  ]);
  assert.equal((await run('capture', args, { HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' })).code, 0);
  assert.equal(proxy.forwarded.length, before + carried.length, 'nothing more went through the proxy');
});

test('fuzz goes through the proxy too', async () => {
  const before = proxy.forwarded.length;
  const { code, out } = await run(
    'fuzz',
    ['--base-url', plain.url, '--jwt-secret', plainSecret, '--runs', '3', '--time-budget', '60s', '--report-dir', join(work, 'fuzz')],
    { HTTP_PROXY: proxy.url },
  );
  assert.equal(code, 0, out);
  const requests = Number(/^fuzz \S+: \d+ sequences, (\d+) requests/m.exec(out)?.[1]);
  assert.ok(requests > 10, out);
  assert.equal(proxy.forwarded.length - before, requests + 1, 'every request of the run and the pre-flight went through the proxy');
});

test('a proxy that cannot be reached is named by the pre-flight (exit 2)', async () => {
  const closed = `http://127.0.0.1:${await findFreePort()}`;
  const { code, err } = await run('conformance', ['--base-url', plain.url, '--token', plainToken, '--report-dir', join(work, 'none')], { HTTP_PROXY: closed });
  assert.equal(code, 2);
  assert.match(
    err,
    new RegExp(
      `^mgmt-kit conformance: proxy: GET ${plain.url}/type/network-link failed: the proxy ${closed} cannot be used \\(ECONNREFUSED\\)\\. Check HTTPS_PROXY / HTTP_PROXY.* No scenario was run\\.\\n$`,
    ),
  );
});
