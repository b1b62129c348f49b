// Runs the README's client example as written (issue 4: "README has a short usage example that
// runs as written"), against a reference server started here. The example imports 'mgmt-kit',
// which resolves through package.json `exports` (self-reference) from a file inside the repo.
// MGMT_KIT_README=path checks a draft instead of README.md.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mintToken, startReferenceServer, type RunningReferenceServer } from '../reference-server/index.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const MARKER = '<!-- example: client -->';

/** The ```ts block that follows the marker line, or an error saying what is missing. */
function extractExample(markdown: string): string {
  const at = markdown.indexOf(MARKER);
  if (at === -1) throw new Error(`README has no ${MARKER} block`);
  const match = /^```ts\n([\s\S]*?)^```/m.exec(markdown.slice(at + MARKER.length));
  if (!match?.[1]) throw new Error(`README has ${MARKER} but no \`\`\`ts block after it`);
  return match[1];
}

/** Runs node with the arguments; resolves to its exit status and output (killed after 60 s). */
function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: REPO, env, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const secret = 'readme-example-secret';
let server: RunningReferenceServer | undefined;

before(async () => {
  server = await startReferenceServer({ port: 0, auth: { secret } });
});
after(async () => {
  await server?.close();
});

describe('README client example', () => {
  it('extractExample fails clearly without the marker', () => {
    assert.throws(() => extractExample('# nothing'), /README has no <!-- example: client --> block/);
  });
  it('runs as written against a reference server', async () => {
    const readmePath = process.env['MGMT_KIT_README'] ?? join(REPO, 'README.md');
    const example = extractExample(readFileSync(readmePath, 'utf8'));
    const dir = mkdtempSync(join(REPO, '.readme-example-'));
    try {
      const file = join(dir, 'client-example.ts');
      writeFileSync(file, example);
      const env = { ...process.env, MGMT_KIT_URL: server?.url ?? '', MGMT_KIT_TOKEN: await mintToken({ secret, expiresIn: '5m' }) };
      // Asynchronous on purpose: the reference server runs in this process and must keep answering.
      const run = await runNode(['--import', 'tsx', file], env);
      assert.equal(run.status, 0, `the example failed:\n${run.stdout}\n${run.stderr}`);
      assert.match(run.stdout, /Record with id=mesh created/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
