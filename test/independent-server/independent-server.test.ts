import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mintToken } from '../../src/contract/tokens/index.js';
import { assertEveryScenarioPassed, assertFailedExactly, runSuiteQuietly, type QuietRun } from '../self-check/run-suite-quietly.js';
import { FAILS_WITHOUT_THE_EXTENSIONS } from './extension-failures.js';
import { EXPECTED_FAILURES } from './expected-failures.js';
import { startIndependentServer } from './start-independent-server.js';
import { scopeToExpectedFeatures } from '../self-check/feature-scope.js';

// The suite run against an implementation that is not ours (server.mjs, written from the description
// alone, with none of the kit's extensions): the core profile must pass there, pass on the
// deviations the description leaves open (faithful-profiles.test.ts), and fail exactly the expected scenarios on each deviation
// that breaks a rule of the description; the extended profile must fail exactly the extension scenarios. Cucumber's output is captured
// (never printed: CI counts cucumber summary lines in the npm test log) and shown only inside a
// failing assertion. Runs are sequential: the steps keep per-run state at module level.

const INDEX_PATHS = ['/event', '/type/network-link', '/catalog/agent'] as const;

/** A run, the server's log, and every index as read just before and just after the run. */
type IndependentRun = QuietRun & { serverLog: string; before: Record<string, unknown[]>; after: Record<string, unknown[]> };

/** Reads every record of every index; the independent server answers 204 for an empty index. */
async function readAllIndices(url: string, token: string): Promise<Record<string, unknown[]>> {
  const records: Record<string, unknown[]> = {};
  for (const path of INDEX_PATHS) {
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    assert.ok(response.status === 200 || response.status === 204, `GET ${path} answered ${response.status}`);
    const list = response.status === 204 ? [] : ((await response.json()) as unknown[]);
    records[path] = [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return records;
}

async function runAgainst(
  variants: readonly string[],
  jwtClaims?: Record<string, unknown>,
  profile: 'core' | 'extended' = 'core',
  tags?: string,
): Promise<IndependentRun> {
  const server = await startIndependentServer(variants);
  try {
    const token = await mintToken({ secret: server.secret, claims: jwtClaims, expiresIn: '1h' });
    const before = await readAllIndices(server.url, token);
    const run = await runSuiteQuietly({ baseUrl: server.url, token, jwtSecret: server.secret, jwtClaims, profile, tags });
    const after = await readAllIndices(server.url, token);
    return { ...run, serverLog: server.log(), before, after };
  } finally {
    await server.close();
  }
}

describe('the conformance suite on the independent implementation', () => {
  test('the independent server passes every core scenario and is left as it was found', async () => {
    const run = await runAgainst([]);
    assertEveryScenarioPassed(run, `the independent server\n--- server log\n${run.serverLog}`);
    // Cleanup removed what the run made; the destructive scenarios restored the preload.
    assert.deepEqual(run.after, run.before);
    assert.equal(run.before['/type/network-link']?.length, 2, 'the preloaded link types');
  });

  test('having none of the extensions, it fails exactly the extension scenarios it lacks, and is left as it was found', async () => {
    const run = await runAgainst([], undefined, 'extended');
    assertFailedExactly(run, FAILS_WITHOUT_THE_EXTENSIONS, 'the independent server (profile extended)', `\n--- server log\n${run.serverLog}`);
    assert.deepEqual(run.after, run.before);
  });

  // The faithful switches (other choices where the description is open) run in faithful-profiles.test.ts,
  // with the fuzzer beside the suite.

  for (const [variant, { breaks, failures, selected }] of Object.entries(EXPECTED_FAILURES)) {
    test(`${variant} (${breaks}) fails exactly the expected scenarios (${selected})`, async () => {
      // Only the features holding the expected failures, unless SELF_CHECK_SCOPE=all (feature-scope.ts).
      const run = await runAgainst([variant], undefined, 'core', scopeToExpectedFeatures(failures, selected));
      assertFailedExactly(run, failures, variant, `\n--- server log\n${run.serverLog}`);
    });
  }
});
