// `mgmt-kit serve` answers its first request soon after it starts because it loads only what
// serving needs: the command's own declaration and the reference server, never the modules of the
// other commands (cucumber for conformance, Prism for mock and proxy, fast-check for fuzz, axios
// for the client, autocannon for bench, node:tls for the connection flags), nor ajv (the core
// validates records with the schemas compiled ahead of time, src/generated/record-validators*.ts),
// nor jose (loaded by the first token verified; the banner's token is signed with WebCrypto).
// Checked on the module graph of a real start (through the compiled command), not on a time:
// `npm run bench:startup` measures the time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/mgmt-kit.js', import.meta.url));
const PRELOAD = fileURLToPath(new URL('../../test/support/record-loaded-modules.mjs', import.meta.url));
/** Packages `serve` must not load, with the command they belong to. */
const NOT_AT_START: Record<string, string> = {
  '@cucumber/cucumber': 'conformance',
  '@stoplight/prism-cli': 'mock and proxy',
  '@stoplight/prism-http': 'mock and proxy',
  'fast-check': 'fuzz',
  axios: 'the client',
  autocannon: 'bench',
  yaml: 'the spec is read as generated JSON',
  'swagger-ui-dist': 'the /docs page, read when asked for',
  ajv: 'the record schemas are compiled ahead of time; the run-time compiler is @mgmt-kit/mock/spec',
  'ajv-formats': 'the run-time spec validator',
  jose: 'loaded by the first token verified or minted with a span jose must read',
};
/** Node's own modules `serve` must not load, with who needs them. */
const BUILTINS_NOT_AT_START: Record<string, string> = {
  'node:tls': 'the connection flags of conformance, fuzz and capture',
  'node:child_process': 'Prism (mock and proxy), bench',
};

/** The package a loaded module belongs to (its last node_modules segment), or undefined for the kit's own. */
export function packageOf(module: string): string | undefined {
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(module);
  return match?.[1];
}

test('packageOf names the package of a module path or URL, scoped ones included, and none for the kit itself', () => {
  assert.equal(packageOf('file:///p/node_modules/@cucumber/cucumber/lib/index.js'), '@cucumber/cucumber');
  assert.equal(packageOf('/p/node_modules/a/node_modules/ajv/dist/2020.js'), 'ajv');
  assert.equal(packageOf('file:///p/dist/cli/main.js'), undefined);
});

test("serve, until it answers, loads none of the other commands' modules, nor ajv or jose", { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'serve-modules-'));
  const out = join(dir, 'loaded.txt');
  try {
    const child = spawn(process.execPath, ['--import', PRELOAD, BIN, 'serve', '--port', '0', '--quiet'], {
      env: { ...process.env, MGMT_KIT_LOADED_MODULES: out, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stdout}`)));
    });
    assert.equal((await fetch(`${url}/openapi.json`)).status, 200);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    const modules = readFileSync(out, 'utf8').split('\n').filter(Boolean);
    const packages = new Set(modules.map(packageOf).filter((name) => name !== undefined));
    // The recording sees packages and Node's modules: serve does load re2js (the where patterns) and node:http.
    assert.ok(packages.has('re2js') && modules.includes('node:http'), `the recording sees: ${[...packages].join(', ')}`);
    const loaded = [
      ...Object.entries(NOT_AT_START).filter(([name]) => packages.has(name)),
      ...Object.entries(BUILTINS_NOT_AT_START).filter(([name]) => modules.includes(name)),
    ].map(([name, why]) => `${name} (${why})`);
    assert.deepEqual(loaded, [], `serve loaded ${loaded.join(', ')}`);
    const commands = modules.filter((module) => /\/cli\/commands\/(?!serve\.js)[^/]+\.js$/.test(module));
    assert.deepEqual(commands, [], 'serve loads the declaration of no other command');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
