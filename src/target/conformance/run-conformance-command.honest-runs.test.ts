// The six findings of "honest runs": no report says what did not happen. Each test runs the
// command (in process, from src/) against the reference server, made to misbehave with its fault
// rules, a stopped listener or a path prefix, and reads every report the run wrote.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { leftoverIds } from '../../../test/support/conformance-fingerprint.js';
import type { ConnectionSettings } from '../../connection/connection-settings.js';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../server/index.js';
import { runConformanceCommand, type ConformanceCommandOptions } from './run-conformance-command.js';

const dir = mkdtempSync(join(tmpdir(), 'honest-runs-'));
const secret = generateSecret();
let server: RunningReferenceServer;

before(async () => {
  server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret }, admin: true });
});
after(() => server.close());

function settings(baseUrl: string, overrides: Partial<ConnectionSettings> = {}): ConnectionSettings {
  return {
    baseUrl,
    auth: { scheme: 'Bearer', jwtSecret: secret },
    headers: [],
    tls: {},
    proxy: {},
    maxConnections: 4,
    timeout: 2_000,
    retryThrottled: 0,
    ...overrides,
  };
}

interface Run {
  code: number;
  out: string;
  err: string;
  reportDir: string;
  read(name: string): string;
}

function sink(): Writable & { text(): string } {
  let text = '';
  return Object.assign(
    new Writable({
      write: (c: Buffer, _e, done) => {
        text += c.toString();
        done();
      },
    }),
    { text: () => text },
  );
}

async function run(reportName: string, connection: ConnectionSettings, extra: Partial<ConformanceCommandOptions> = {}): Promise<Run> {
  const out = sink();
  const err = sink();
  const reportDir = join(dir, reportName);
  const code = await runConformanceCommand({
    connection,
    profile: 'core',
    allowDestructive: false,
    tags: '@events',
    parallel: 0,
    reportDir,
    out,
    err,
    ...extra,
  });
  return { code, out: out.text(), err: err.text(), reportDir, read: (name) => readFileSync(join(reportDir, name), 'utf8') };
}

/** The verdict every report states, as one word each: the Markdown and HTML titles, the JSON, and junit's failure count. */
function verdicts(r: Run): { md: string; html: string; json: string; junitFailures: number } {
  const md = /^# Conformance summary: (\S+)/m.exec(r.read('conformance-summary.md'))?.[1] ?? '';
  const html = /<h1>Conformance summary: ([A-Z]+)/.exec(r.read('conformance-summary.html'))?.[1] ?? '';
  const json = (JSON.parse(r.read('conformance-summary.json')) as { verdict: string }).verdict;
  const junitFailures = [...r.read('junit.xml').matchAll(/<testsuite [^>]*failures="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0);
  return { md, html, json, junitFailures };
}

test('finding 1: clean-up deletes that were dropped are read back as leftovers, in every report, with a command that deletes them', {
  timeout: 120_000,
}, async () => {
  const added = await fetch(`${server.url}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'DELETE', pathPattern: '^/event/mk-', status: 'drop' }),
  });
  assert.equal(added.status, 201);
  let r: Run;
  try {
    r = await run('leftovers', settings(server.url));
  } finally {
    await fetch(`${server.url}/__admin/faults`, { method: 'DELETE' });
  }
  const json = JSON.parse(r.read('conformance-summary.json')) as { runPrefix?: string; context: { runPrefix: string }; leftovers: { ids: string[] } | number };
  const left = leftoverIds(server.core.store, json.context.runPrefix);
  assert.ok(left.length > 0, 'the fault rule left records behind');
  assert.notEqual(r.code, 0, 'a run that left records behind does not exit 0');
  assert.doesNotMatch(r.read('conformance-summary.md'), /all cleaned up/);
  assert.equal(typeof json.leftovers, 'object', 'the JSON lists the leftovers, not a count of failed deletes');
  const ids = (json.leftovers as { ids: string[] }).ids;
  assert.deepEqual([...ids].sort(), [...left].sort(), 'the JSON lists exactly what the target still holds');
  const id = left[0]!.split(' ')[1];
  for (const name of ['conformance-summary.md', 'conformance-summary.html', 'junit.xml'])
    assert.ok(r.read(name).includes(id!), `${name} names the leftover ${id}`);
  assert.ok(r.out.includes(id!), 'the console names the leftover');
  assert.match(r.read('conformance-summary.md'), /curl -X DELETE -H "Authorization: Bearer \$TOKEN" '.*\/event\/mk-/);
  // The printed commands work: run them (curl's part, with a real token) and nothing is left.
  const token = await mint();
  for (const command of json.leftovers && typeof json.leftovers === 'object'
    ? (json.leftovers as unknown as { deleteCommands: string[] }).deleteCommands
    : []) {
    const url = /'(http[^']+)'$/.exec(command)![1]!;
    assert.equal((await fetch(url, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status, 205);
  }
  assert.deepEqual(leftoverIds(server.core.store, json.context.runPrefix), []);
});

async function mint(): Promise<string> {
  const { mintToken } = await import('../../contract/tokens/index.js');
  return mintToken({ secret, expiresIn: '1h' });
}

test('finding 2: --min-coverage below the figure fails the run in every report, not only in the exit code', { timeout: 120_000 }, async () => {
  const r = await run('coverage-gate', settings(server.url), { minCoverage: 90 });
  assert.equal(r.code, 1);
  const v = verdicts(r);
  assert.deepEqual({ md: v.md, html: v.html, json: v.json }, { md: 'FAILED', html: 'FAILED', json: 'FAILED' });
  assert.ok(v.junitFailures > 0, 'junit counts the failed gate');
  assert.match(r.read('conformance-summary.md'), /below --min-coverage 90/);
});

test('finding 3: a run that stops at pre-flight leaves no earlier verdict in the report directory, and says it did not run', { timeout: 120_000 }, async () => {
  const first = await run('stale', settings(server.url));
  assert.equal(first.code, 0);
  assert.equal(verdicts(first).md, 'PASSED');
  const second = await run('stale', settings('http://127.0.0.1:9'));
  assert.equal(second.code, 2);
  assert.ok(!existsSync(join(second.reportDir, 'cucumber.html')), 'no report of the earlier run is left');
  const md = second.read('conformance-summary.md');
  assert.doesNotMatch(md, /PASSED/);
  assert.match(md, /^# Conformance summary: NOT RUN/m);
  assert.match(md, /cannot reach the target/);
  assert.equal(verdicts(second).junitFailures, 1);
});

test('finding 4: a target that stops answering mid-run ends the run with one line and the connection exit code, not a verdict', {
  timeout: 120_000,
}, async () => {
  const doomed = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } });
  let requests = 0;
  doomed.server.on('request', () => {
    if (++requests === 40) {
      doomed.server.close();
      doomed.server.closeAllConnections();
    }
  });
  const r = await run('dead', settings(doomed.url), { tags: undefined });
  assert.equal(r.code, 4, r.err);
  const lines = (r.out + r.err).split('\n');
  assert.ok(lines.length < 80, `bounded output: ${lines.length} lines`);
  assert.match(r.err, /the target stopped answering .* after \d+ requests/);
  assert.match(r.read('conformance-summary.md'), /^# Conformance summary: TARGET STOPPED/m);
});

test('finding 5: a path prefix the target does not serve (JSON 404 envelopes) stops the run at pre-flight, naming the path', { timeout: 120_000 }, async () => {
  const r = await run('prefix', settings(`${server.url}/api`));
  assert.equal(r.code, 2, r.out.split('\n').slice(-20).join('\n'));
  assert.match(r.err, /\/api\/type\/network-link/);
  assert.match(r.err, /prefix/);
  assert.ok((r.out + r.err).split('\n').length < 20);
});

test('finding 6: advice fits the failure: https:// to a plain-HTTP port says the server speaks plain HTTP', { timeout: 60_000 }, async () => {
  const r = await run('tls', settings(server.url.replace('http://', 'https://')));
  assert.equal(r.code, 2);
  assert.match(r.err, /plain HTTP/);
  assert.doesNotMatch(r.err, /not signed by a CA/);
});

test('finding 6: the § links of the HTML summary open a heading of a file in the report directory', { timeout: 120_000 }, async () => {
  const r = await run('links', settings(server.url));
  const html = r.read('conformance-summary.html');
  const links = [...html.matchAll(/<a href="([^"#]+)#([^"]+)">§/g)];
  assert.ok(links.length > 5);
  for (const [, file, anchor] of links) {
    assert.match(file!, /\.html$/, 'a browser shows the target as a page, with its anchors');
    assert.ok(readFileSync(join(r.reportDir, file!), 'utf8').includes(`id="${anchor}"`), `${file}#${anchor} exists`);
  }
  writeFileSync(join(dir, 'done'), '');
});
