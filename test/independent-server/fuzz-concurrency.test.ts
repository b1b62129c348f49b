// mgmt-kit fuzz --concurrency against an implementation that is not ours (server.mjs): each race
// switch fails with a group shrunk to a few requests whose repro sends them at once, and the
// faithful profiles pass. A sequence of single requests never shows a race (broken-under-concurrency.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mintToken } from '../../src/contract/tokens/index.js';
import { formatRepro } from '../../src/target/fuzz/curl-repro.js';
import type { FuzzReport } from '../../src/fuzz/run/fuzz-options.js';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.js';
import { BROKEN_UNDER_CONCURRENCY } from './broken-under-concurrency.js';
import { FAITHFUL_PROFILES } from './faithful-profiles.js';
import { startIndependentServer } from './start-independent-server.js';
import { plainConnection } from '../../src/connection/connection-settings.js';

async function fuzz(
  variants: readonly string[],
  options: { runs: number; maxFailures?: number; jwtClaims?: Record<string, unknown> | undefined },
): Promise<{ report: FuzzReport; url: string; token: string }> {
  const server = await startIndependentServer(variants);
  try {
    const token = await mintToken({ secret: server.secret, claims: options.jwtClaims, expiresIn: '1h' });
    const report = await runFuzz({
      connection: plainConnection(server.url, { token, jwtSecret: server.secret }),
      runs: options.runs,
      timeBudgetMs: 120_000,
      randomSeed: 7,
      allowDestructive: false,
      concurrency: 4,
      maxSteps: 4,
      ...(options.maxFailures ? { maxFailures: options.maxFailures } : {}),
    });
    return { report, url: server.url, token };
  } finally {
    await server.close();
  }
}

const show = (run: { report: FuzzReport; url: string; token: string }) =>
  run.report.failures.map((f) => `${f.signature}\n${f.title}\n${formatRepro(f, run.url, run.token)}`).join('\n\n');

describe('mgmt-kit fuzz --concurrency on the independent implementation', () => {
  for (const [variant, signature] of Object.entries(BROKEN_UNDER_CONCURRENCY)) {
    it(`${variant}: a group sent at once fails, shrunk to a few requests, with a repro that sends them at once`, async () => {
      const run = await fuzz([variant], { runs: 60, maxFailures: 1 });
      const failure = run.report.failures.find((f) => signature.test(f.signature));
      assert.ok(failure, `no failure ${signature}; found:\n${show(run)}`);
      const group = failure.exchanges.filter((e) => e.role === 'concurrent');
      assert.ok(group.length >= 2 && group.length <= 3, `${group.length} requests:\n${show(run)}`);
      const repro = formatRepro(failure, run.url, run.token);
      assert.equal(repro.match(/^ {2}curl -sS -i .* > "\$out\/\d+" &/gm)?.length, group.length, repro);
      assert.match(repro, /^ {2}wait$/m);
      assert.match(repro, /# the record afterwards|the record afterwards/);
      assert.equal(repro.includes(run.token), false, 'the token is shown as $TOKEN');
      assert.ok(run.report.concurrency && run.report.concurrency.groups > 0 && run.report.concurrency.requests > 0, JSON.stringify(run.report.concurrency));
      assert.deepEqual(run.report.cleanUp.leftovers, []);
    });
  }

  for (const profile of FAITHFUL_PROFILES) {
    it(`profile "${profile.name}": 24 groups of 4 requests sent at once find nothing`, async () => {
      const run = await fuzz(profile.switches, { runs: 24, jwtClaims: profile.jwtClaims });
      assert.deepEqual(
        run.report.failures.map((f) => f.signature),
        [],
        show(run),
      );
      assert.equal(run.report.concurrency?.groups, 24, JSON.stringify(run.report.concurrency));
      assert.equal(run.report.concurrency?.undecided, 0);
      assert.deepEqual(run.report.cleanUp.leftovers, []);
    });
  }
});
