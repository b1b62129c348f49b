// `--time-budget` bounds the whole fuzz run — generating, shrinking and clean-up — against targets
// that make it hard: one that answers slowly, one that stops answering mid-run, and one whose
// failure takes thousands of shrink candidates (such runs were still going at 200 s).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateSecret, mintToken } from '../../src/contract/tokens/mint-token.js';
import { startReferenceServer, type RunningReferenceServer } from '../../src/server/start-reference-server.js';
import { cleanUpNotes, formatLeftovers } from '../../src/target/fuzz/fuzz-report.js';
import type { FuzzOptions, FuzzReport } from '../../src/fuzz/run/fuzz-options.js';
import { FINAL_READ_ALLOWANCE_MS } from '../../src/fuzz/run/fuzz-session.js';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.js';
import { startIndependentServer } from '../independent-server/start-independent-server.js';
import { startDelayingProxy } from '../support/delaying-proxy.js';
import { readEveryIndex } from '../support/read-every-index.js';
import { plainConnection } from '../../src/connection/connection-settings.js';

const BUDGET_MS = 2500;
const CLEAN_UP_MS = 1000;
// Loading the spec, minting tokens and the event loop's own lag, on a busy 2-core machine.
const SLACK_MS = 2500;
const latestEnd = (budgetMs: number) => budgetMs + CLEAN_UP_MS + FINAL_READ_ALLOWANCE_MS + SLACK_MS;

const secret = generateSecret();
let server: RunningReferenceServer;
let token: string;
before(async () => {
  server = await startReferenceServer({ port: 0, auth: { secret } });
  token = await mintToken({ secret, expiresIn: '1h' });
});
after(() => server.close());

/** Runs fuzz for BUDGET_MS unless told otherwise (far more runs than fit) and measures it from the outside. */
async function timedRun(baseUrl: string, options: Partial<FuzzOptions> = {}): Promise<{ report: FuzzReport; ms: number }> {
  const started = Date.now();
  const report = await runFuzz({
    connection: plainConnection(baseUrl, { jwtSecret: secret }),
    runs: 100_000,
    timeBudgetMs: BUDGET_MS,
    cleanUpAllowanceMs: CLEAN_UP_MS,
    randomSeed: 3,
    allowDestructive: false,
    ...options,
  });
  return { report, ms: Date.now() - started };
}

describe('the time budget bounds the whole fuzz run', () => {
  it('a target that answers every request 50 ms late: the sequence in flight is cut, not failed, and cleaned up', async () => {
    const slow = await startDelayingProxy({ upstream: server.url, delayMs: 50 });
    try {
      const before = await readEveryIndex(server.url, token);
      // Longer than the others: setting up and the probes (each 50 ms late, about a hundred answers
      // since the probes send the values of every class of breakage) come out of the budget too.
      const { report, ms } = await timedRun(slow.url, { timeBudgetMs: 12_000 });
      assert.ok(ms <= latestEnd(12_000), `the run took ${ms} ms`);
      assert.equal(report.stoppedBy, 'time-budget');
      assert.ok(report.sequences > 0, 'a sequence ran');
      assert.deepEqual(
        report.failures.map((f) => f.signature),
        [],
        'a request cut by the budget is no finding',
      );
      assert.deepEqual(report.cleanUp, { leftovers: [], unverified: [], unattributed: [], cutShort: false });
      assert.deepEqual(await readEveryIndex(server.url, token), before);
    } finally {
      await slow.close();
    }
  });

  for (const [name, timeout] of [
    ['a request the budget cuts short is not reported', undefined],
    ['with a request time-out shorter than the budget the silence is a stopped target, or a failure while a probe still got through', 400],
  ] as const) {
    it(`a target that stops answering mid-run (${name}); the report says what it could not check`, async () => {
      const hanging = await startDelayingProxy({ upstream: server.url, delayMs: 0, answerAtMost: 30 });
      try {
        const { report, ms } = await timedRun(hanging.url, timeout ? { connection: { ...plainConnection(hanging.url, { jwtSecret: secret }), timeout } } : {});
        assert.ok(ms <= latestEnd(BUDGET_MS), `the run took ${ms} ms`);
        assert.ok(hanging.answered === 30, `${hanging.answered} answered: the run got past its probe (a dozen requests)`);
        const signatures = report.failures.map((f) => f.signature);
        if (timeout === undefined) assert.deepEqual(signatures, []);
        // Five requests in a row timed out and the probe read got no answer before the budget: the
        // target stopped (target-health.ts), and no failure is made of the silence; a probe the
        // budget cut short proves nothing, and the silence is then a failure of its own.
        // (The probe's wait may also leave the whole budget to the set-up: then no sequence ran.)
        else if (report.stoppedBy === 'target-stopped') assert.deepEqual(signatures, [], 'no failure made of a stopped target');
        else
          assert.ok(
            (signatures.length > 0 || report.sequences === 0) && signatures.every((s) => s.endsWith(':answered:no-answer')),
            `${report.stoppedBy}, ${report.sequences} sequences: ${signatures.join('\n')}`,
          );
        assert.deepEqual(report.cleanUp.unverified, ['event', 'network-link-type', 'agent']);
        assert.match(formatLeftovers(report.cleanUp), /^0 found; unknown in event, network-link-type, agent/);
        assert.ok(
          cleanUpNotes(report).some((note) => note.includes('may be left there')),
          cleanUpNotes(report).join('\n'),
        );
      } finally {
        await hanging.close();
      }
    });
  }

  it('a failure whose shrinking would take minutes (independent server, const-id): stopped at the budget with the smallest repro so far', async () => {
    const independent = await startIndependentServer(['const-id']);
    // Every answer 25 ms late: each shrink candidate costs more than half a second, and this
    // failure takes dozens of them, so shrinking cannot finish within the budget.
    const slow = await startDelayingProxy({ upstream: independent.url, delayMs: 25 });
    try {
      const independentToken = await mintToken({ secret: independent.secret, expiresIn: '1h' });
      const before = await readEveryIndex(independent.url, independentToken);
      const started = Date.now();
      // 2 runs: the first probe (run-fuzz.ts gives probes at most half the runs; the one that finds
      // const-id comes later), then seed 7's first generated sequence, which meets the failure;
      // shrinking it (dozens of shrink runs, which --runs does not count) comes after, until the
      // budget; 15 s leave time to find it on a busy machine (the probes come out of it too).
      const report = await runFuzz({
        connection: plainConnection(slow.url, { jwtSecret: independent.secret }),
        runs: 2,
        timeBudgetMs: 15_000,
        cleanUpAllowanceMs: CLEAN_UP_MS,
        randomSeed: 7,
        allowDestructive: false,
      });
      const ms = Date.now() - started;
      assert.ok(ms <= latestEnd(15_000), `the run took ${ms} ms`);
      assert.ok(report.shrinkRuns > 0, 'the failure was being shrunk');
      // Which sequence meets the failure first depends on how far the run got within the budget on
      // this machine: a long one leaves shrinking cut by the budget, and the title must say so; a
      // short one shrinks to its smallest (two steps: a create without an id, then another) in time.
      const titles = report.failures.map((f) => f.title).join('\n');
      const cut = report.failures.some((f) => f.title.endsWith('(shrinking stopped by its time limit: a shorter sequence may show it too)'));
      assert.ok(cut || report.failures.some((f) => / — 2 step\(s\) after \d+ shrink\(s\)$/.test(f.title)), titles);
      assert.deepEqual(report.cleanUp, { leftovers: [], unverified: [], unattributed: [], cutShort: false });
      assert.deepEqual(await readEveryIndex(independent.url, independentToken), before);
    } finally {
      await slow.close();
      await independent.close();
    }
  });
});
