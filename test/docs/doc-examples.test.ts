// Runs the command blocks the docs mark `<!-- example: NAME -->` (besides the typed client's and
// the query language's, run in src/client/): each "do this first" block, the curl examples, and
// the msw one. Each must exit 0 and print what its page promises.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mintToken, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { extractDocExample, runNode } from '../support/doc-example.js';
import { DOCUMENTED_PORTS, distinctFreePorts, runShell, withPorts } from './shell-examples.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const TIMEOUT_MS = 180_000;
/** The headers and base URL the curl examples take from "Reference server". */
const CURL_PREAMBLE = `H=(-H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json')\nB=http://127.0.0.1:8080\n`;

interface ShellExample {
  page: string;
  marker: string;
  prints: RegExp[];
  /** Against a reference server this test starts (with --admin), TOKEN set, instead of one the block starts. */
  againstServer?: { preamble?: string };
}

const SHELL_EXAMPLES: ShellExample[] = [
  { page: 'README.md', marker: '<!-- example: readme-serve -->', prints: [/"id":"p2p"/, /"id":"slice"/] },
  { page: 'docs/reference-server.md', marker: '<!-- example: reference-server-first -->', prints: [/Record with id=e1 created/] },
  {
    page: 'docs/reference-server.md',
    marker: '<!-- example: reference-server-curl -->',
    prints: [/Id already found/, /"name":"required"/, /"parameter\.type":"required"/, /"code":205|"code":200/],
    againstServer: {},
  },
  {
    page: 'docs/frontend-development.md',
    marker: '<!-- example: frontend-first -->',
    prints: [/Record with id=e1 created/, /State reset to the start records/],
  },
  {
    page: 'docs/frontend-development.md',
    marker: '<!-- example: frontend-admin-curl -->',
    prints: [/State reset to the start records/, /State replaced: \d+ records/],
    againstServer: {},
  },
  {
    page: 'docs/frontend-development.md',
    marker: '<!-- example: frontend-journal-curl -->',
    prints: [/"method":"DELETE","path":"\/event\/e1"[^\n]*"status":205/, /Request journal cleared: 2 requests/],
    againstServer: { preamble: CURL_PREAMBLE },
  },
  {
    page: 'docs/frontend-development.md',
    marker: '<!-- example: frontend-faults-curl -->',
    prints: [/Fault rule f2 added/, /Answer 503 injected by rule f1/, /"remaining":1,"fired":1/, /1 fault rule removed/],
    againstServer: { preamble: CURL_PREAMBLE },
  },
  { page: 'docs/query-language.md', marker: '<!-- example: query-language-first -->', prints: [/^\[\{"id":"slice"\}\]/m] },
  {
    page: 'docs/query-language.md',
    marker: '<!-- example: query-language-curl -->',
    prints: [/"id":"p2p"/, /"where\.regexp"/],
    againstServer: { preamble: CURL_PREAMBLE },
  },
  { page: 'docs/prism.md', marker: '<!-- example: prism-first -->', prints: [/Id already found/] },
  { page: 'docs/conformance.md', marker: '<!-- example: conformance-first -->', prints: [/, 0 failed/, /^exit 0; the summary is/m] },
  {
    page: 'docs/conformance-in-ci.md',
    marker: '<!-- example: conformance-in-ci-first -->',
    prints: [/^Baseline written to \S*conformance-baseline\.json: 0 cause\(s\)/m, /^Baseline conformance-baseline\.json: 0 of 0 cause\(s\) still seen/m],
  },
  { page: 'docs/fuzzing.md', marker: '<!-- example: fuzzing-first -->', prints: [/ 0 distinct failure/] },
  { page: 'docs/spec.md', marker: '<!-- example: spec-first -->', prints: [/^auth-header §5$/m] },
];

const secret = 'doc-examples-secret';
/** One port per documented port per example, none shared. */
let ports: number[] = [];
before(async () => {
  ports = await distinctFreePorts(SHELL_EXAMPLES.length * DOCUMENTED_PORTS.length);
});

describe('shell examples of the docs, run as written (ports aside)', { concurrency: 2 }, () => {
  SHELL_EXAMPLES.forEach((example, index) => {
    test(`${example.page} ${example.marker}`, { timeout: TIMEOUT_MS + 10_000 }, async () => {
      const block = extractDocExample(readFileSync(join(REPO, example.page), 'utf8'), example.marker, 'sh');
      // Its own server (with --admin), so examples running at once never see each other's records.
      const server: RunningReferenceServer | undefined = example.againstServer
        ? await startReferenceServer({ port: 0, auth: { secret }, admin: true })
        : undefined;
      const portOf: Record<string, number> = {};
      for (const [which, port] of DOCUMENTED_PORTS.entries()) portOf[port] = server?.port ?? ports[index * DOCUMENTED_PORTS.length + which]!;
      // A fresh shell: nothing the runner reads from the environment, but the token the curl examples take from "Reference server".
      const env: NodeJS.ProcessEnv = { ...process.env };
      for (const key of ['BASE_URL', 'TOKEN', 'JWT_SECRET', 'JWT_CLAIMS', 'AUTH_SCHEME', 'NODE_OPTIONS']) delete env[key];
      if (server) env['TOKEN'] = await mintToken({ secret, expiresIn: '5m' });
      const script = withPorts(`${example.againstServer?.preamble ?? ''}${block}`, portOf);
      const run = await runShell(script, REPO, env, TIMEOUT_MS).finally(() => server?.close());
      assert.equal(run.status, 0, `the block failed:\n${run.output}`);
      for (const pattern of example.prints) assert.match(run.output, pattern, `the output lacks ${pattern}:\n${run.output}`);
    });
  });
});

test('the msw example of docs/msw.md runs as written and reads the preloaded link types', { timeout: 60_000 }, async () => {
  const example = extractDocExample(readFileSync(join(REPO, 'docs', 'msw.md'), 'utf8'), '<!-- example: msw-first -->');
  const dir = mkdtempSync(join(REPO, '.docs-example-'));
  try {
    writeFileSync(join(dir, 'msw-example.ts'), example);
    const run = await runNode(['--import', 'tsx', join(dir, 'msw-example.ts')], process.env, REPO);
    assert.equal(run.status, 0, `the example failed:\n${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /^200 \[/);
    assert.match(run.stdout, /id: 'p2p'/);
    assert.match(run.stdout, /id: 'slice'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
