// mgmt-kit fuzz against an implementation that is not ours (server.mjs): the faithful server
// passes a bounded run — so the fuzzer holds no kit-only choice against it — and each broken
// variant fails with a shrunk repro (a few curl commands) that names the broken behaviour.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatRepro } from '../../src/fuzz/curl-repro.js';
import type { FuzzFailure } from '../../src/fuzz/fuzz-session.js';
import type { FuzzReport } from '../../src/fuzz/fuzz-report.js';
import { runFuzz } from '../../src/fuzz/run-fuzz.js';
import { mintJwt } from '../../src/conformance/mint-jwt.js';
import { startIndependentServer } from './start-independent-server.js';

async function fuzz(variants: string[], runs: number, maxFailures?: number): Promise<{ report: FuzzReport; token: string; url: string; log: string }> {
  const server = await startIndependentServer(variants);
  try {
    const token = await mintJwt(server.secret);
    const report = await runFuzz({ baseUrl: server.url, token, jwtSecret: server.secret, runs, timeBudgetMs: 25_000, seed: 11, allowDestructive: false, ...(maxFailures ? { maxFailures } : {}) });
    return { report, token, url: server.url, log: server.log() };
  } finally {
    await server.close();
  }
}

const stepsOf = (failure: FuzzFailure) => failure.exchanges.filter((e) => e.role === 'step').length;
const show = (report: FuzzReport, url: string, token: string) => report.failures.map((f) => `${f.signature}\n${f.title}\n${formatRepro(f, url, token)}`).join('\n\n');

describe('mgmt-kit fuzz on the independent implementation', () => {
  it('the faithful server passes a bounded run', async () => {
    const { report, url, token, log } = await fuzz([], 60);
    assert.deepEqual(report.failures.map((f) => f.signature), [], `${show(report, url, token)}\n--- server log\n${log}`);
    assert.ok(report.sequences === 60 && report.requests > 1000, `${report.sequences} sequences, ${report.requests} requests`);
  });

  const broken: Array<[string, { signature: RegExp; names: RegExp; maxSteps: number; alsoBySequence?: RegExp }]> = [
    ['malformed-500', { signature: /^any:spec:server-error:malformed-json$/, names: /answered 500: the server failed/, maxSteps: 1 }],
    ['update-replaces', { signature: /^after-update:read:records-missing-field/, names: /the target has no such field/, maxSteps: 3 }],
    // Found first by the probe that guards deletes; a generated sequence finds it too.
    ['where-ignored', { signature: /^read:where:records-extra-record:probe$/, names: /the where is ignored/, maxSteps: 1, alsoBySequence: /^read:read/ }],
  ];
  for (const [variant, { signature, names, maxSteps, alsoBySequence }] of broken) {
    it(`${variant} fails with a shrunk repro naming the broken behaviour`, async () => {
      const { report, url, token } = await fuzz([variant], 50, 3);
      const failure = report.failures.find((f) => signature.test(f.signature));
      assert.ok(failure, `no failure ${signature}; found:\n${show(report, url, token)}`);
      assert.match(failure.title, names);
      assert.ok(stepsOf(failure) <= maxSteps, `${stepsOf(failure)} steps:\n${formatRepro(failure, url, token)}`);
      const repro = formatRepro(failure, url, token);
      assert.match(repro, /curl -sS -i -X \w+ '/);
      assert.match(repro, /"Authorization: Bearer \$TOKEN"/);
      assert.equal(repro.includes(token), false, 'the token is shown as $TOKEN');
      if (!alsoBySequence) return;
      const bySequence = report.failures.find((f) => alsoBySequence.test(f.signature));
      assert.ok(bySequence, show(report, url, token));
      assert.ok(stepsOf(bySequence) <= 2 && /where id = /.test(bySequence.title), formatRepro(bySequence, url, token));
    });
  }
});
