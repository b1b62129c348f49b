// Each package as a user gets it: `npm pack`, then `npm install <tarball>` into an
// empty project with the registry reachable. Checks what each tarball holds (built JavaScript,
// no tests, test helpers or mutation report), what it pulls, that its entry points load in plain
// Node, that strict TypeScript using it compiles, the client's browser cost, and that the
// installed `mgmt-kit` command runs without tsx. Prints the tarball and install figures.
// Needs `npm run build` first (npm test runs it). Slow: three network installs (~30 s in all).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBundle } from './bundle-size.js';
import {
  compileCommonJs,
  compileStrict,
  describeSize,
  describeTarball,
  installTarballs,
  pack,
  REPO,
  run,
  runModule,
  type InstallMeasure,
  type Packed,
} from './consumer-project.js';
import {
  clientCommonJsConsumer,
  clientConsumer,
  playwrightConsumer,
  clientSmoke,
  clientTypeTest,
  kitCaptureSmoke,
  kitConsumer,
  kitServeSmoke,
  kitSmoke,
  mockConsumer,
  mockSmoke,
} from './consumer-sources.js';
import { entrySpecifiers, importEverySource, unshippableFiles } from './tarball-contents.js';
import { readPackageFigures, tarballFigures } from '../../scripts/packages/package-figures.js';

// Installing the tarballs into empty projects takes minutes of npm: \`npm test\` packs and checks
// what each tarball holds; \`npm run test:packages\` (run by .ci/run) also installs and runs them.
const INSTALLS = process.env['MGMT_KIT_PACKED_INSTALLS'] === '1';
const SLOW = { timeout: 300_000, skip: INSTALLS ? false : 'installs run in npm run test:packages (.ci/run runs it)' };
const CLIENT_MAX_BYTES = 10_000_000;
const CLIENT_MAX_GZIP_DELTA = 10_000;
const HEAVY = ['@stoplight/prism-cli', '@cucumber/cucumber', 'swagger-ui-dist', 'tsx', 'typescript'];
/** What runs TypeScript or builds it: development dependencies only, in no consumer's install. */
const BUILD_TOOLS = /^(tsx|typescript|esbuild|@esbuild\/.*|ts-node|get-tsconfig)$/;

const work = mkdtempSync(join(tmpdir(), 'mgmt-kit-packed-'));
const unpacked: Packed = { tarball: '', files: [], bytes: 0, unpackedBytes: 0, manifest: { name: '', version: '' } };
const packed = { client: unpacked, mock: unpacked, kit: unpacked };
const manifest = (folder: string) =>
  JSON.parse(readFileSync(join(REPO, folder, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    sideEffects?: boolean;
    exports: Record<string, unknown>;
    bin?: Record<string, string>;
  };
/** The files of an install whose path ends with `suffix` (every copy, nested ones included). */
function findInstalled(dir: string, suffix: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith(suffix)) found.push(path.slice(dir.length + 1));
    }
  };
  walk(join(dir, 'node_modules'));
  return found;
}

before(() => {
  packed.client = pack('packages/client', work);
  packed.mock = pack('packages/mock', work);
  packed.kit = pack(undefined, work);
  for (const [name, tarball] of Object.entries(packed)) console.log(`# tarball ${name}: ${describeTarball(tarball)}`);
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('what each tarball holds', () => {
  for (const name of ['client', 'mock', 'kit'] as const) {
    it(`${name}: no test file, no TypeScript source, no test helper, no mutation report`, () => {
      assert.ok(packed[name].files.length > 0, 'the tarball has files');
      assert.deepEqual(unshippableFiles(packed[name].files), []);
    });
  }
  it('mgmt-kit: the command, its compiled CLI and steps, the features and the spec; no src/ or steps/ sources', () => {
    for (const file of [
      'bin/mgmt-kit.js',
      'dist/cli/main.js',
      'dist/steps/conformance-steps.js',
      'dist/server/bench/ceiling-main.js',
      'features/event.feature',
      'spec/openapi.yaml',
      'cucumber.js',
      'docs/management-service.md',
    ]) {
      assert.ok(packed.kit.files.includes(file), file);
    }
    assert.deepEqual(
      packed.kit.files.filter((f) => /^(src|steps|test|scripts|reports)\//.test(f)),
      [],
    );
  });
  it('mgmt-kit: tsx and esbuild are development dependencies only, and the command registers no loader', () => {
    const dependencies = Object.keys(manifest('.').dependencies ?? {});
    assert.deepEqual(
      dependencies.filter((name) => BUILD_TOOLS.test(name)),
      [],
    );
    assert.doesNotMatch(readFileSync(join(REPO, 'bin/mgmt-kit.js'), 'utf8'), /tsx|register\(/);
  });
});

describe('what each packed manifest says', () => {
  for (const name of ['client', 'mock', 'kit'] as const) {
    it(`${name}: no scripts (a lifecycle script cannot run where the package is installed), no workspaces, not private`, () => {
      const { scripts, workspaces, private: isPrivate } = packed[name].manifest;
      assert.deepEqual({ scripts, workspaces, isPrivate }, { scripts: undefined, workspaces: undefined, isPrivate: undefined });
    });
  }
  it('mgmt-kit: declares the bin the repository keeps under publishConfig (so npx in a clone runs packages/clone-bin)', () => {
    assert.deepEqual(packed.kit.manifest.bin, { 'mgmt-kit': 'bin/mgmt-kit.js' });
    assert.equal(manifest('.').bin, undefined, 'the repository root declares no bin: npx would install the clone into its cache');
    assert.ok(packed.kit.files.includes('bin/mgmt-kit.js'));
  });
  it('the repository builds on npm ci through the private workspace packages/clone-bin, which no tarball holds', () => {
    const cloneBin = manifest('packages/clone-bin') as ReturnType<typeof manifest> & { private?: boolean; scripts?: Record<string, string> };
    assert.equal(cloneBin.private, true);
    assert.match(cloneBin.scripts?.['prepare'] ?? '', /npm run build/);
    assert.deepEqual(cloneBin.bin, { 'mgmt-kit': 'mgmt-kit.js' });
    for (const name of ['client', 'mock', 'kit'] as const)
      assert.deepEqual(
        packed[name].files.filter((f) => /clone-bin/.test(f)),
        [],
      );
  });
});

describe('docs/packages.md', () => {
  it('states the tarball figures of this pack (npm run docs:packages writes them)', () => {
    const written = readPackageFigures(readFileSync(join(REPO, 'docs/packages.md'), 'utf8'));
    assert.deepEqual(written, tarballFigures(packed), 'run npm run docs:packages');
  });
});

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
    assert.deepEqual(
      packed.client.files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md'].includes(f)),
      [],
    );
    assert.deepEqual(
      packed.client.files.filter((f) => /openapi-document|spec-validator/.test(f)),
      [],
    );
    assert.equal(manifest('packages/client').sideEffects, false);
    assert.deepEqual(Object.keys(manifest('packages/client').dependencies ?? {}), ['axios']);
  });
  // The 15-package budget cannot hold while axios itself installs about 30 (form-data
  // 4.0.6 → es-set-tostringtag → get-intrinsic, https-proxy-agent); what the kit controls is that
  // the client adds nothing but itself to axios, within the size budget (docs/packages.md).
  it(`pulls axios and nothing else, within ${CLIENT_MAX_BYTES / 1e6} MB`, () => {
    assert.equal(installed.packages, axiosAlone.packages + 1, `only @mgmt-kit/client on top of axios: ${installed.names.join(' ')}`);
    assert.ok(installed.bytes <= CLIENT_MAX_BYTES, `node_modules holds ${installed.bytes} bytes`);
  });
  it('loads in plain Node and talks to a server', () => {
    assert.equal(runModule(dir, 'smoke.mjs', clientSmoke), 'function 200 [{"id":"p2p"}]');
  });
  it('every entry of its exports map imports in plain Node', () => {
    assertEveryEntryImports(dir, 'packages/client');
  });
  it('strict TypeScript (NodeNext, no Node types) compiles against it, and its types are not any', () => {
    compileStrict(dir, 'consumer.ts', clientConsumer, false);
  });
  it('a CommonJS project (no "type": "module") compiles with module nodenext and its require() runs; node16 refuses the import (TS1479), as docs/typed-client.md says', () => {
    const compiled = compileCommonJs(dir, 'cjs-consumer.ts', clientCommonJsConsumer, 'nodenext');
    assert.equal(compiled.errors, '', 'nodenext compiles');
    assert.match(readFileSync(join(compiled.folder, 'cjs-consumer.js'), 'utf8'), /require\("@mgmt-kit\/client"\)/, 'the output is CommonJS');
    assert.equal(run(process.execPath, ['cjs-consumer.js'], compiled.folder).trim(), 'function function 1');
    const node16 = compileCommonJs(dir, 'cjs-consumer.ts', clientCommonJsConsumer, 'node16');
    assert.match(
      node16.errors,
      /error TS1479: The current file is a CommonJS module whose imports will produce 'require' calls; however, the referenced file is an ECMAScript module/,
    );
  });
  it('the client type tests hold against it: named result types, literal codes, each refused mistake', () => {
    for (const name of ['named-types.ts', 'mistakes.ts'] as const) compileStrict(dir, name, clientTypeTest(name), false);
  });
  it(`a browser bundle of createClient adds at most ${CLIENT_MAX_GZIP_DELTA / 1000} kB gzipped to axios alone, without the spec`, async () => {
    const withClient = await measureBundle(
      dir,
      'entry-client.mjs',
      "import { createClient } from '@mgmt-kit/client';\nglobalThis.createClient = createClient;\n",
    );
    const axiosOnly = await measureBundle(dir, 'entry-axios.mjs', "import axios from 'axios';\nglobalThis.axios = axios;\n");
    const delta = withClient.gzipBytes - axiosOnly.gzipBytes;
    console.log(
      `# browser bundle: createClient ${withClient.bytes} B (${withClient.gzipBytes} B gzip), axios alone ${axiosOnly.bytes} B (${axiosOnly.gzipBytes} B gzip): +${delta} B gzip`,
    );
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
    assert.deepEqual(
      installed.names.filter((name) => HEAVY.includes(name)),
      [],
    );
    assert.deepEqual(
      packed.mock.files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md'].includes(f)),
      [],
    );
  });
  it('its handlers answer create, duplicate, read, 205 delete and 401 under msw/node (node:http client)', () => {
    const out = runModule(dir, 'smoke.mjs', mockSmoke);
    console.log(`# ${out.split('\n')[0]}`);
    assert.deepEqual(out.split('\n').slice(1), ['201 406 200 205 200 401', 'core function']);
  });
  it('strict TypeScript (NodeNext) compiles against it', () => {
    compileStrict(dir, 'consumer.ts', mockConsumer, true);
  });
  it('every entry of its exports map imports in plain Node', () => {
    assertEveryEntryImports(dir, 'packages/mock');
  });
});

describe('mgmt-kit, installed with its sibling tarballs', SLOW, () => {
  const dir = join(work, 'kit');
  let installed: InstallMeasure;
  before(() => {
    installed = installTarballs(dir, [packed.kit.tarball, packed.client.tarball, packed.mock.tarball]);
    console.log(`# mgmt-kit: ${describeSize(installed)}`);
  });
  it('installs no TypeScript loader or bundler (tsx, esbuild, typescript)', () => {
    assert.deepEqual(
      installed.names.filter((name) => BUILD_TOOLS.test(name)),
      [],
    );
    assert.equal(existsSync(join(dir, 'node_modules/tsx')), false);
  });
  it('holds one reference core: mgmt-kit imports the one of @mgmt-kit/mock', () => {
    assert.deepEqual(findInstalled(dir, '/reference-core.js'), ['node_modules/@mgmt-kit/mock/dist/server/core/reference-core.js']);
  });
  it('every entry of its exports map imports in plain Node', () => {
    assertEveryEntryImports(dir, '.');
  });
  it('mgmt-kit --version prints the package version', () => {
    const out = runModule(
      dir,
      'version.mjs',
      "import { execFileSync } from 'node:child_process';\nconsole.log(execFileSync(process.execPath, ['node_modules/.bin/mgmt-kit', '--version'], { encoding: 'utf8' }));\n",
    );
    assert.equal(out, manifest('.').version);
  });
  it('mgmt-kit serve answers its first request (/openapi.json)', () => {
    const [status, openapi, ms] = runModule(dir, 'serve.mjs', kitServeSmoke).split(' ');
    console.log(`# mgmt-kit serve: first answer (/openapi.json) ${ms} ms after the spawn`);
    assert.deepEqual([status, openapi?.slice(0, 4)], ['200', '3.1.']);
  });
  it('mgmt-kit capture runs from the install, through the connection flags (--token-command, --header, --rate, --timeout)', () => {
    assert.equal(runModule(dir, 'capture.mjs', kitCaptureSmoke), 'event=0 network-link-type=2 agent=0');
  });
  it('mgmt-kit conformance --self-test runs the compiled steps: every scenario passes', () => {
    const out = runModule(
      dir,
      'self-test.mjs',
      "import { execFileSync } from 'node:child_process';\nconsole.log(execFileSync(process.execPath, ['node_modules/.bin/mgmt-kit', 'conformance', '--self-test', '--report-dir', 'reports'], { encoding: 'utf8' }));\n",
    );
    const summary = /(\d+) passed, (\d+) failed/.exec(out);
    assert.ok(summary, out.slice(-2000));
    assert.ok(Number(summary[1]) > 400, `${summary[1]} scenarios passed`);
    assert.equal(summary[2], '0', out.slice(-2000));
    // The coverage docs/conformance.md states for this run is the one the run reports.
    const measured = /Response coverage: (\d+)% \((\d+) of (\d+) documented responses seen\)/.exec(out);
    const documented = /reference server \(`--self-test`, profile extended\) \| (\d+) % \((\d+) of (\d+)\)/.exec(
      readFileSync(join(REPO, 'docs', 'conformance.md'), 'utf8'),
    );
    assert.ok(measured && documented, 'the run prints its response coverage and docs/conformance.md states it');
    assert.deepEqual(documented.slice(1), measured.slice(1), 'docs/conformance.md states the response coverage of the self-test run');
  });
  it('ships no copy of what @mgmt-kit/client and @mgmt-kit/mock own, and no workspace folder', () => {
    const copies = packed.kit.files.filter((f) => /^dist\/(client|generated|mock|reference-server\/core)\//.test(f) || f.startsWith('packages/'));
    assert.deepEqual(copies, []);
  });
  it('its entry points load in plain Node and re-export the sibling packages (one class, one function)', () => {
    assert.equal(runModule(dir, 'smoke.mjs', kitSmoke), 'same same same 200');
  });
  it('its command runs (mgmt-kit token)', () => {
    const out = runModule(
      dir,
      'token.mjs',
      "import { execFileSync } from 'node:child_process';\nconsole.log(execFileSync(process.execPath, ['node_modules/mgmt-kit/bin/mgmt-kit.js', 'token', '--secret', 's'], { encoding: 'utf8' }));\n",
    );
    assert.match(out, /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
  });
  // Three workers: on a machine of two processors they take turns at loading (boot-turns.ts), each through node's
  // --import of the installed dist/target/conformance/boot-turn-take.js.
  it('runs the suite with --parallel (and --rate, which the workers share through the run) from the install: the workers load the bundle npm run build made, nothing is built at run time', () => {
    const out = runModule(
      dir,
      'parallel.mjs',
      "import { execFileSync } from 'node:child_process';\nconsole.log(execFileSync(process.execPath, ['node_modules/mgmt-kit/bin/mgmt-kit.js', 'conformance', '--self-test', '--parallel', '3', '--rate', '500', '--tags', '@errors', '--report-dir', 'reports'], { encoding: 'utf8' }));\n",
    );
    assert.match(out, /\b[1-9]\d* passed, 0 failed\b/);
    for (const cache of ['node_modules/mgmt-kit/node_modules/.cache', 'node_modules/.cache/mgmt-kit'])
      assert.equal(existsSync(join(dir, cache)), false, `nothing written to ${cache}`);
  });
  it('mgmt-kit bench can run from the install: its load generator autocannon is a dependency and its module loads', () => {
    assert.ok(manifest('.').dependencies?.['autocannon'], 'autocannon in dependencies');
    assert.equal(
      runModule(
        dir,
        'bench-loads.mjs',
        "const bench = await import('./node_modules/mgmt-kit/dist/server/bench/run-bench.js');\nconsole.log(typeof bench.runBench);\n",
      ),
      'function',
    );
  });
  it('strict TypeScript (NodeNext) compiles against its three entry points', () => {
    compileStrict(dir, 'consumer.ts', kitConsumer, true);
  });
  it('mgmt-kit/playwright: without @playwright/test its import names the missing peer; with it, the entry loads and a spec using the fixture compiles', () => {
    const missing = runModule(
      dir,
      'playwright-missing.mjs',
      "try { await import('mgmt-kit/playwright'); console.log('loaded'); } catch (error) { console.log(error.code, error.message.includes('@playwright/test')); }\n",
    );
    assert.equal(missing, 'ERR_MODULE_NOT_FOUND true');
    const version = (JSON.parse(readFileSync(join(REPO, 'node_modules/@playwright/test/package.json'), 'utf8')) as { version: string }).version;
    run('npm', ['install', `@playwright/test@${version}`, '--no-audit', '--no-fund'], dir);
    assert.equal(
      runModule(
        dir,
        'playwright-entry.mjs',
        "const entry = await import('mgmt-kit/playwright');\nconsole.log(typeof entry.test.extend, typeof entry.expect.extend, typeof entry.startMockServer);\n",
      ),
      'function function function',
    );
    compileStrict(dir, 'fixture.spec.ts', playwrightConsumer, true);
  });
});

/** Entries that need an optional peer dependency, which a plain install does not bring. */
const OPTIONAL_PEER_ENTRIES: Record<string, string> = { 'mgmt-kit/playwright': '@playwright/test' };

/**
 * Imports every entry of the package's `exports` map from the project in plain Node: those with
 * JavaScript behind them (a types-only entry such as `@mgmt-kit/client/schema` has nothing to
 * import), except those that need an optional peer (checked on their own).
 */
function assertEveryEntryImports(dir: string, folder: string): void {
  const { name, exports } = manifest(folder);
  const runtime = Object.fromEntries(
    Object.entries(exports).filter(([, target]) => typeof target === 'string' || (typeof target === 'object' && target !== null && 'default' in target)),
  );
  const specifiers = entrySpecifiers(name, runtime).filter((specifier) => !(specifier in OPTIONAL_PEER_ENTRIES));
  const lines = runModule(dir, 'entries.mjs', importEverySource(specifiers)).split('\n');
  assert.deepEqual(
    lines.map((line) => line.split(' ')[0]),
    specifiers,
  );
  for (const line of lines) assert.ok(Number(line.split(' ')[1]) > 0, `${line}: exports something`);
}
