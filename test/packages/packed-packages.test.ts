// Each package as a user gets it: `npm pack`, then `npm install <tarball>` into an
// empty project with the registry reachable. Checks what it pulls, that its entry points load in
// plain Node, that strict TypeScript using it compiles, and the client's browser cost.
// Needs `npm run build` first (npm test runs it). Slow: three network installs (~30 s in all).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBundle } from './bundle-size.js';
import { compileStrict, describeSize, installTarballs, pack, REPO, runModule, type InstallMeasure } from './consumer-project.js';
import { clientConsumer, clientSmoke, clientTypeTest, kitConsumer, kitSmoke, mockConsumer, mockSmoke } from './consumer-sources.js';

const SLOW = { timeout: 300_000 };
const CLIENT_MAX_BYTES = 10_000_000;
const CLIENT_MAX_GZIP_DELTA = 10_000;
const HEAVY = ['@stoplight/prism-cli', '@cucumber/cucumber', 'swagger-ui-dist', 'tsx', 'typescript'];

const work = mkdtempSync(join(tmpdir(), 'mgmt-kit-packed-'));
const packed = { client: { tarball: '', files: [] as string[] }, mock: { tarball: '', files: [] as string[] }, kit: { tarball: '', files: [] as string[] } };
const manifest = (folder: string) =>
  JSON.parse(readFileSync(join(REPO, folder, 'package.json'), 'utf8')) as {
    name: string; version: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string>; sideEffects?: boolean;
  };

before(() => {
  packed.client = pack('packages/client', work);
  packed.mock = pack('packages/mock', work);
  packed.kit = pack(undefined, work);
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('one version for all packages', () => {
  it('mgmt-kit, @mgmt-kit/client and @mgmt-kit/mock share the version, and mgmt-kit pins its siblings to it', () => {
    const [kit, client, mock] = [manifest('.'), manifest('packages/client'), manifest('packages/mock')];
    assert.deepEqual([client.version, mock.version], [kit.version, kit.version]);
    assert.deepEqual([kit.dependencies?.['@mgmt-kit/client'], kit.dependencies?.['@mgmt-kit/mock']], [kit.version, kit.version]);
  });
});

describe('@mgmt-kit/client, installed alone', SLOW, () => {
  const dir = join(work, 'client');
  let installed: InstallMeasure;
  let axiosAlone: InstallMeasure;
  before(() => {
    installed = installTarballs(dir, [packed.client.tarball]);
    const axiosVersion = (JSON.parse(readFileSync(join(dir, 'node_modules/axios/package.json'), 'utf8')) as { version: string }).version;
    axiosAlone = installTarballs(join(work, 'axios-alone'), [`axios@${axiosVersion}`]);
    console.log(`# @mgmt-kit/client: ${describeSize(installed)}; axios ${axiosVersion} alone: ${describeSize(axiosAlone)}`);
  });
  it('ships dist only (no src/, no spec document), ESM with types and sideEffects: false', () => {
    assert.deepEqual(packed.client.files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md'].includes(f)), []);
    assert.deepEqual(packed.client.files.filter((f) => /openapi-document|spec-validator/.test(f)), []);
    assert.equal(manifest('packages/client').sideEffects, false);
    assert.deepEqual(Object.keys(manifest('packages/client').dependencies ?? {}), ['axios']);
  });
  // The 15-package budget cannot hold while axios itself installs about 30 (form-data
  // 4.0.6 → es-set-tostringtag → get-intrinsic, https-proxy-agent); what the kit controls is that
  // the client adds nothing but itself to axios, within the size budget (README: packages).
  it(`pulls axios and nothing else, within ${CLIENT_MAX_BYTES / 1e6} MB`, () => {
    assert.equal(installed.packages, axiosAlone.packages + 1, `only @mgmt-kit/client on top of axios: ${installed.names.join(' ')}`);
    assert.ok(installed.bytes <= CLIENT_MAX_BYTES, `node_modules holds ${installed.bytes} bytes`);
  });
  it('loads in plain Node and talks to a server', () => {
    assert.equal(runModule(dir, 'smoke.mjs', clientSmoke), 'function 200 [{"id":"p2p"}]');
  });
  it('strict TypeScript (NodeNext, no Node types) compiles against it, and its types are not any', () => {
    compileStrict(dir, 'consumer.ts', clientConsumer, false);
  });
  it('the client type tests hold against it: named result types, literal codes, each refused mistake', () => {
    for (const name of ['named-types.ts', 'mistakes.ts'] as const) compileStrict(dir, name, clientTypeTest(name), false);
  });
  it(`a browser bundle of createClient adds at most ${CLIENT_MAX_GZIP_DELTA / 1000} kB gzipped to axios alone, without the spec`, async () => {
    const withClient = await measureBundle(dir, 'entry-client.mjs', "import { createClient } from '@mgmt-kit/client';\nglobalThis.createClient = createClient;\n");
    const axiosOnly = await measureBundle(dir, 'entry-axios.mjs', "import axios from 'axios';\nglobalThis.axios = axios;\n");
    const delta = withClient.gzipBytes - axiosOnly.gzipBytes;
    console.log(`# browser bundle: createClient ${withClient.bytes} B (${withClient.gzipBytes} B gzip), axios alone ${axiosOnly.bytes} B (${axiosOnly.gzipBytes} B gzip): +${delta} B gzip`);
    assert.ok(delta <= CLIENT_MAX_GZIP_DELTA, `createClient adds ${delta} B gzipped`);
    assert.equal(withClient.text.includes('x-decisions'), false, 'the spec document is not in the bundle');
  });
});

describe('@mgmt-kit/mock, installed alone (npm adds the msw peer that fits this Node)', SLOW, () => {
  const dir = join(work, 'mock');
  let installed: InstallMeasure;
  before(() => {
    installed = installTarballs(dir, [packed.mock.tarball]);
    console.log(`# @mgmt-kit/mock: ${describeSize(installed)} (msw and its dependencies included)`);
  });
  it('declares msw ^2.15.0 || ^3.0.0 as a peer and brings no Prism, cucumber, Swagger UI or tsx', () => {
    assert.equal(manifest('packages/mock').peerDependencies?.['msw'], '^2.15.0 || ^3.0.0');
    assert.deepEqual(installed.names.filter((name) => HEAVY.includes(name)), []);
    assert.deepEqual(packed.mock.files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md'].includes(f)), []);
  });
  it('its handlers answer create, duplicate, read, 205 delete and 401 under msw/node (node:http client)', () => {
    const out = runModule(dir, 'smoke.mjs', mockSmoke);
    console.log(`# ${out.split('\n')[0]}`);
    assert.deepEqual(out.split('\n').slice(1), ['201 406 200 205 200 401', 'core function']);
  });
  it('strict TypeScript (NodeNext) compiles against it', () => {
    compileStrict(dir, 'consumer.ts', mockConsumer, true);
  });
});

describe('mgmt-kit, installed with its sibling tarballs', SLOW, () => {
  const dir = join(work, 'kit');
  let installed: InstallMeasure;
  before(() => {
    installed = installTarballs(dir, [packed.kit.tarball, packed.client.tarball, packed.mock.tarball]);
    console.log(`# mgmt-kit: ${describeSize(installed)}`);
  });
  it('ships no copy of what @mgmt-kit/client and @mgmt-kit/mock own, and no workspace folder', () => {
    const copies = packed.kit.files.filter((f) => /^dist\/(client|generated|mock|reference-server\/core)\//.test(f) || f.startsWith('packages/'));
    assert.deepEqual(copies, []);
  });
  it('its entry points load in plain Node and re-export the sibling packages (one class, one function)', () => {
    assert.equal(runModule(dir, 'smoke.mjs', kitSmoke), 'same same same 200');
  });
  it('its command runs (mgmt-kit token)', () => {
    const out = runModule(dir, 'token.mjs', "import { execFileSync } from 'node:child_process';\nconsole.log(execFileSync(process.execPath, ['node_modules/mgmt-kit/bin/mgmt-kit.js', 'token', '--secret', 's'], { encoding: 'utf8' }));\n");
    assert.match(out, /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
  });
  it('runs the suite with --parallel from the install: the workers load one bundle of the steps', () => {
    const out = runModule(
      dir,
      'parallel.mjs',
      "import { execFileSync } from 'node:child_process';\nconsole.log(execFileSync(process.execPath, ['node_modules/mgmt-kit/bin/mgmt-kit.js', 'conformance', '--self-test', '--parallel', '2', '--tags', '@errors'], { encoding: 'utf8' }));\n",
    );
    assert.match(out, /\b0 failed\b/);
    const cache = join(dir, 'node_modules/mgmt-kit/node_modules/.cache/mgmt-kit');
    assert.ok(readdirSync(cache).some((f) => /^conformance-support-\w+\.mjs$/.test(f)), `a bundle in ${cache}`);
  });
  it('strict TypeScript (NodeNext) compiles against its three entry points', () => {
    compileStrict(dir, 'consumer.ts', kitConsumer, true);
  });
});
