// `mgmt-kit serve` starts in well under a second because it loads only what serving needs: the
// reference server, ajv, jose and re2js, never the modules of the other commands (cucumber for
// conformance, Prism for mock and proxy, fast-check for fuzz, axios for the client, autocannon
// for bench). Checked on the module graph of a real start (through the compiled command), not
// on a time: `npm run bench:startup` measures the time.
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

test('serve, until it answers, loads none of the other commands\' heavy packages', { timeout: 60_000 }, async () => {
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
    assert.ok(packages.has('ajv') && packages.has('jose'), `the recording sees packages: ${[...packages].join(', ')}`);
    const loaded = Object.entries(NOT_AT_START).filter(([name]) => packages.has(name)).map(([name, why]) => `${name} (${why})`);
    assert.deepEqual(loaded, [], `serve loaded ${loaded.join(', ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
