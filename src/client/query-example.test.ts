// Runs the query-language example of docs/query-language.md as written, against a reference server started here,
// and compares what it prints with the answers its comments promise.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mintToken, startReferenceServer, type RunningReferenceServer } from '../server/index.js';
import { extractDocExample, runNode } from '../../test/support/doc-example.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const MARKER = '<!-- example: query-language -->';

const secret = 'readme-query-example-secret';
let server: RunningReferenceServer | undefined;
before(async () => {
  server = await startReferenceServer({ port: 0, auth: { secret } });
});
after(async () => {
  await server?.close();
});

test('the query-language example of docs/query-language.md runs as written and prints what its comments say', async () => {
  const example = extractDocExample(readFileSync(join(REPO, 'docs', 'query-language.md'), 'utf8'), MARKER);
  // Each console.log line's comment is the promised output.
  const promised = [...example.matchAll(/^console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => m[1]!);
  assert.equal(promised.length, 5);
  const dir = mkdtempSync(join(REPO, '.readme-example-'));
  try {
    const file = join(dir, 'query-example.ts');
    writeFileSync(file, example);
    const env = { ...process.env, MGMT_KIT_URL: server?.url ?? '', MGMT_KIT_TOKEN: await mintToken({ secret, expiresIn: '5m' }) };
    const run = await runNode(['--import', 'tsx', file], env, REPO);
    assert.equal(run.status, 0, `the example failed:\n${run.stdout}\n${run.stderr}`);
    const printed = run.stdout.trim().split('\n');
    assert.deepEqual(printed, promised);
    assert.deepEqual(server?.core.store.event.list(), [], 'the example cleans up after itself');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
