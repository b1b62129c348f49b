// Runs the README's client example as written ("README has a short usage example that
// runs as written"), against a reference server started here. The example imports 'mgmt-kit',
// which resolves through package.json `exports` (self-reference) from a file inside the repo.
// MGMT_KIT_README=path checks a draft instead of README.md.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mintToken, startReferenceServer, type RunningReferenceServer } from '../reference-server/index.js';
import { extractReadmeExample, runNode } from '../../test/support/readme-example.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const MARKER = '<!-- example: client -->';

const secret = 'readme-example-secret';
let server: RunningReferenceServer | undefined;

before(async () => {
  server = await startReferenceServer({ port: 0, auth: { secret } });
});
after(async () => {
  await server?.close();
});

describe('README client example', () => {
  it('extractReadmeExample fails clearly without the marker', () => {
    assert.throws(() => extractReadmeExample('# nothing', MARKER), /README has no <!-- example: client --> block/);
  });
  it('runs as written against a reference server', async () => {
    const readmePath = process.env['MGMT_KIT_README'] ?? join(REPO, 'README.md');
    const example = extractReadmeExample(readFileSync(readmePath, 'utf8'), MARKER);
    const dir = mkdtempSync(join(REPO, '.readme-example-'));
    try {
      const file = join(dir, 'client-example.ts');
      writeFileSync(file, example);
      const env = { ...process.env, MGMT_KIT_URL: server?.url ?? '', MGMT_KIT_TOKEN: await mintToken({ secret, expiresIn: '5m' }) };
      // Asynchronous on purpose: the reference server runs in this process and must keep answering.
      const run = await runNode(['--import', 'tsx', file], env, REPO);
      assert.equal(run.status, 0, `the example failed:\n${run.stdout}\n${run.stderr}`);
      assert.match(run.stdout, /Record with id=mesh created/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
