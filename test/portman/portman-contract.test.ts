// The spec in the tool CI engineers import it into: Portman converts it with openapi-to-postman,
// adds its contract tests (status 2xx, content type, JSON body, response schema) to every
// operation and runs them with newman. The spec as written is refused (its query language is a
// recursive schema); the portable form the reference server serves is converted, and all 24
// operations' tests pass against the reference server.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mintToken } from '../../src/contract/tokens/index.js';
import { generateSecret, listOperations, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';

const PORTMAN = join(dirname(createRequire(import.meta.url).resolve('@apideck/portman/package.json')), 'bin', 'portman');
const SPEC = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));
const secret = generateSecret();
let server: RunningReferenceServer;

before(async () => (server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } })));
after(() => server.close());

/** Runs Portman in a scratch directory (it writes tmp/ there) without blocking this process, which serves the target. */
function portman(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'portman-'));
  const child = spawn(process.execPath, [PORTMAN, ...args], { cwd, env: { ...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1' } });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

test('Portman refuses the spec as written: its query language is a recursive schema', { timeout: 120_000 }, async () => {
  const run = await portman(['-l', SPEC, '-b', server.url, '-o', 'collection.json']);
  assert.notEqual(run.code, 0, run.output);
  assert.match(run.output, /Circular \$ref pointer found at .*ClauseList/);
});

test('Portman converts /openapi.portable.json and its contract tests of all 24 operations pass against the reference server', {
  timeout: 180_000,
}, async () => {
  const token = await mintToken({ secret, expiresIn: '1h' });
  const run = await portman(
    ['-u', `${server.url}/openapi.portable.json`, '-b', server.url, '-o', 'collection.json', '--runNewman', '--newmanRunOptions', '{"bail":false}'],
    {
      PORTMAN_BEARER_TOKEN: token, // the collection's {{bearerToken}}
    },
  );
  assert.equal(run.code, 0, run.output.slice(-4000));
  const requests = [...run.output.matchAll(/^ {2}(GET|POST|PUT|DELETE) http:\S+ \[(\d{3})/gm)];
  assert.equal(requests.length, listOperations().length, run.output.slice(-4000));
  assert.ok(
    requests.every(([, , status]) => status!.startsWith('2')),
    requests.map((r) => r[0]).join('\n'),
  );
  assert.match(run.output, /Schema is valid/);
  assert.doesNotMatch(run.output, /AssertionError|AssertionFailure/);
});
