// --timeout and throttling, end to end: the conformance command against the reference server
// behind a gateway (a proxy that answers some calls itself). A call that gets no answer fails its
// scenario with the call's one line, not a cucumber step time-out; a 429 with Retry-After is a
// distinct outcome (exit 3, "the target throttled the run") unless --retry-throttled waits it out.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { startDelayingProxy, type DelayingProxy, type DelayingProxyOptions } from '../support/delaying-proxy.js';
import { DEFAULT_TIMEOUT_MS } from '../../src/connection/connection-settings.js';
import { runCommand } from '../support/run-command.js';

const secret = generateSecret();
const work = mkdtempSync(join(tmpdir(), 'mgmt-kit-pacing-'));
let target: RunningReferenceServer;
const gateways: DelayingProxy[] = [];

before(async () => {
  target = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } });
});
after(async () => {
  await Promise.all([...gateways.map((g) => g.close()), target.close()]);
});

async function gateway(intercept: NonNullable<DelayingProxyOptions['intercept']>): Promise<string> {
  const started = await startDelayingProxy({ upstream: target.url, delayMs: 0, intercept });
  gateways.push(started);
  return started.url;
}

/** The part of cucumber's JSON report this test reads: each step's result. */
interface CucumberJsonFeature {
  elements: Array<{ steps: Array<{ result: { duration: number; error_message?: string } }> }>;
}

const conformance = (baseUrl: string, name: string, ...more: string[]) =>
  runCommand('conformance', ['--base-url', baseUrl, '--jwt-secret', secret, '--tags', '@network-link-types', '--report-dir', join(work, name), ...more]);

test('--timeout: a call with no answer fails its scenario with "no answer within X ms from METHOD URL"', async () => {
  // Reads of one preloaded type hang; the pre-flight reads the whole index and gets through (1 s:
  // a loaded machine's first call through the gateway took over 400 ms, failing the pre-flight).
  const url = await gateway(({ method, path }) => (method === 'GET' && path.startsWith('/type/network-link/') ? 'hang' : undefined));
  const { code, out, err } = await conformance(url, 'timeout', '--timeout', '1000ms');
  assert.equal(code, 1, `${out}\n${err}`);
  const features = JSON.parse(readFileSync(join(work, 'timeout', 'cucumber.json'), 'utf8')) as CucumberJsonFeature[];
  const messages = JSON.stringify(features);
  assert.match(messages, new RegExp(`no answer within 1000 ms from GET ${url}/type/network-link/`));
  assert.doesNotMatch(messages, /function timed out/, 'not a cucumber step time-out');
  // Each hung call ends at its own time-out: the step it failed took about 1 s, far from the
  // default 15 s. Judged per step, not by the run's wall time, which a loaded machine stretches.
  const hung = features.flatMap((f) => f.elements.flatMap((e) => e.steps)).filter((s) => s.result.error_message?.includes('no answer within 1000 ms'));
  assert.ok(hung.length > 0);
  for (const step of hung) assert.ok(step.result.duration < (DEFAULT_TIMEOUT_MS * 1e6) / 2, `a hung call's step took ${step.result.duration / 1e6} ms`);
});

test('429 with Retry-After from a gateway: reported as the target throttling the run (exit 3), never retried silently', async () => {
  let refused = 0;
  // Every fifth request after the pre-flight's is refused by the gateway.
  const url = await gateway(({ n }) => {
    if (n <= 2 || n % 5 !== 0) return undefined;
    refused++;
    return { status: 429, headers: { 'retry-after': '0' } };
  });
  const { code, out, err } = await conformance(url, 'throttled', '--rate', '200');
  assert.ok(refused > 0, 'the gateway refused some calls');
  assert.equal(code, 3, `${out}\n${err}`);
  assert.match(
    err,
    /^mgmt-kit conformance: the target throttled the run: every failed scenario failed on a 429 \(or a 503 with Retry-After\).* Lower --rate \(now 200\/s\) or let --retry-throttled N wait and retry\.$/m,
  );
});

test('--retry-throttled 2 waits out the Retry-After and sends the call again: the same run passes', async () => {
  let refused = 0;
  const url = await gateway(({ n }) => {
    if (n <= 2 || n % 5 !== 0) return undefined;
    refused++;
    return { status: 429, headers: { 'retry-after': '0' } };
  });
  const { code, out, err } = await conformance(url, 'retried', '--retry-throttled', '2');
  assert.ok(refused > 0, 'the gateway refused some calls');
  assert.equal(code, 0, `${out}\n${err}`);
  assert.doesNotMatch(err, /throttled/);
});
