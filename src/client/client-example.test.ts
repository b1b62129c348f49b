// Runs the typed client's examples as written — the full one of docs/typed-client.md, its
// do-this-first block, its transport block and the README's short one — against a reference
// server started here. The examples import 'mgmt-kit', which resolves through package.json
// `exports` (self-reference) from a file inside the repo. MGMT_KIT_CLIENT_DOC=path checks a
// draft of docs/typed-client.md instead.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mintToken, startReferenceServer, type RunningReferenceServer } from '../server/index.js';
import { extractDocExample, runNode } from '../../test/support/doc-example.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const MARKER = '<!-- example: client -->';
const CLIENT_DOC = process.env['MGMT_KIT_CLIENT_DOC'] ?? join(REPO, 'docs', 'typed-client.md');
/** Each example, the page it is on, and what its output must show. */
const EXAMPLES = [
  { page: CLIENT_DOC, marker: MARKER, prints: /Record with id=mesh created/ },
  { page: CLIENT_DOC, marker: '<!-- example: client-first -->', prints: /^Record with id=e1 created$/m },
  { page: CLIENT_DOC, marker: '<!-- example: client-transport -->', prints: /^201 Record with id=e2 created$/m },
  { page: join(REPO, 'README.md'), marker: '<!-- example: readme-client -->', prints: /\[ \{ id: 'p2p' \}, \{ id: 'slice' \} \]/ },
];

const secret = 'readme-example-secret';
let server: RunningReferenceServer | undefined;

before(async () => {
  server = await startReferenceServer({ port: 0, auth: { secret } });
});
after(async () => {
  await server?.close();
});

describe('typed client examples', () => {
  it('extractDocExample fails clearly without the marker', () => {
    assert.throws(() => extractDocExample('# nothing', MARKER), /the page has no <!-- example: client --> block/);
  });
  for (const { page, marker, prints } of EXAMPLES)
    it(`${marker} runs as written against a fresh reference server`, async () => {
      server?.core.reset();
      const example = extractDocExample(readFileSync(page, 'utf8'), marker);
      const dir = mkdtempSync(join(REPO, '.readme-example-'));
      try {
        const file = join(dir, 'client-example.ts');
        writeFileSync(file, example);
        const env = { ...process.env, MGMT_KIT_URL: server?.url ?? '', MGMT_KIT_TOKEN: await mintToken({ secret, expiresIn: '5m' }) };
        // Asynchronous on purpose: the reference server runs in this process and must keep answering.
        const run = await runNode(['--import', 'tsx', file], env, REPO);
        assert.equal(run.status, 0, `the example failed:\n${run.stdout}\n${run.stderr}`);
        assert.match(run.stdout, prints);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
});
