import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mintToken } from '../../src/contract/tokens/index.js';
import { formatRepro } from '../../src/target/fuzz/curl-repro.js';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.js';
import { assertEveryScenarioPassed, runSuiteQuietly } from '../self-check/run-suite-quietly.js';
import { FAITHFUL_SWITCHES, jwtClaimsFor } from './faithful-profiles.js';
import { INDEPENDENT_SERVER_PATH, startIndependentServer } from './start-independent-server.js';
import { plainConnection } from '../../src/connection/connection-settings.js';

// RANDOM_FAITHFUL=<seed>: the independent server makes, at every open point, one faithful choice
// picked from the seed. The suite and `mgmt-kit fuzz` must pass on every seed; npm test runs a
// few (bounded), `npm run fuzz:random-faithful` sweeps 50.

const FUZZ_SEEDS = [101, 202, 303];
const SUITE_SEEDS = [404, 505];
const FUZZ_RUNS = 40;

/** The open points of server.mjs (RANDOM_FAITHFUL=list): each a list of choices, each a list of switches. */
function openPointChoices(): Record<string, string[][]> {
  return JSON.parse(
    execFileSync(process.execPath, [INDEPENDENT_SERVER_PATH], { env: { ...process.env, RANDOM_FAITHFUL: 'list' }, encoding: 'utf8' }),
  ) as Record<string, string[][]>;
}

describe('a random faithful choice at every open point (RANDOM_FAITHFUL)', () => {
  test('every faithful switch is a choice of exactly one open point, and every choice is a faithful switch', () => {
    const choices = Object.values(openPointChoices()).flatMap((group) => group.flat());
    assert.deepEqual([...choices].sort(), Object.keys(FAITHFUL_SWITCHES).sort());
    assert.equal(new Set(choices).size, choices.length, 'a switch in two open points');
  });

  test('a seed picks the same switches every time, and another seed other ones', async () => {
    const pick = async (seed: number) => {
      const server = await startIndependentServer([], { randomFaithful: seed });
      await server.close();
      return server.switches;
    };
    const first = await pick(7);
    assert.deepEqual(await pick(7), first);
    assert.notDeepEqual(await pick(8), first);
    assert.ok(
      first.every((name) => name in FAITHFUL_SWITCHES),
      first.join(','),
    );
    assert.match(readFileSync(INDEPENDENT_SERVER_PATH, 'utf8'), /end of random faithful choice/);
  });

  for (const seed of FUZZ_SEEDS) {
    test(`RANDOM_FAITHFUL=${seed}: ${FUZZ_RUNS} fuzz sequences find nothing`, async () => {
      const server = await startIndependentServer([], { randomFaithful: seed });
      try {
        const token = await mintToken({ secret: server.secret, claims: jwtClaimsFor(server.switches), expiresIn: '1h' });
        const report = await runFuzz({
          connection: plainConnection(server.url, { token, jwtSecret: server.secret }),
          runs: FUZZ_RUNS,
          timeBudgetMs: 90_000,
          randomSeed: seed,
          allowDestructive: false,
        });
        const shown = report.failures.map((f) => `${f.signature}\n${f.title}\n${formatRepro(f, server.url, token)}`).join('\n\n');
        assert.deepEqual(
          report.failures.map((f) => f.signature),
          [],
          `switches ${server.switches.join(',')}:\n${shown}`,
        );
        // On a loaded machine the budget may end the run early; it must still have judged a good part of it.
        assert.ok(report.sequences >= FUZZ_RUNS / 2, `${report.sequences} sequences`);
      } finally {
        await server.close();
      }
    });
  }

  for (const seed of SUITE_SEEDS) {
    test(`RANDOM_FAITHFUL=${seed}: every core scenario passes`, async () => {
      const server = await startIndependentServer([], { randomFaithful: seed });
      try {
        const jwtClaims = jwtClaimsFor(server.switches);
        const token = await mintToken({ secret: server.secret, claims: jwtClaims, expiresIn: '1h' });
        const run = await runSuiteQuietly({ baseUrl: server.url, token, jwtSecret: server.secret, jwtClaims, profile: 'core' });
        assertEveryScenarioPassed(run, `switches ${server.switches.join(',')}\n--- server log\n${server.log()}`);
      } finally {
        await server.close();
      }
    });
  }
});
