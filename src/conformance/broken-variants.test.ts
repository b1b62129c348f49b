import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { ISupportCodeLibrary } from '@cucumber/cucumber/api';
import { createClient } from '../client/index.js';
import { createReferenceCore } from '../reference-server/index.js';
import { EXPECTED_FAILURES } from './broken-variant-expectations.js';
import { BROKEN_VARIANTS, type BrokenVariant } from './broken-variants.js';
import type { ScenarioResult } from './collect-scenario-results.js';
import { FAITHFUL_ALTERNATIVES } from './faithful-alternatives.js';
import { mintJwt } from './mint-jwt.js';
import { runConformance } from './run-conformance.js';
import { startVariantServer } from './start-variant-server.js';

// The self-check of issue 5: the suite must pass on the faithful reference server and fail, on
// exactly the expected scenarios, on each variant that breaks one documented rule. Cucumber's
// own output is captured (never printed: CI counts cucumber summary lines in the npm test log)
// and shown only inside a failing assertion.

let support: ISupportCodeLibrary | undefined;

interface SelfCheckRun {
  scenarios: ScenarioResult[];
  success: boolean;
  output: string;
  /** Every record of every index after the run (what cleanup and restore left). */
  after: Record<string, unknown>;
}

async function runAgainst(variant?: BrokenVariant): Promise<SelfCheckRun> {
  const server = await startVariantServer(variant);
  let output = '';
  const capture = new Writable({ write: (chunk, _encoding, done) => ((output += String(chunk)), done()) });
  try {
    const result = await runConformance({
      baseUrl: server.url,
      token: await mintJwt(server.secret),
      jwtSecret: server.secret,
      profile: 'extended',
      allowDestructive: true,
      progress: 'none',
      stderr: capture,
      support,
    });
    support = result.support;
    const client = createClient({ baseURL: server.url, token: await mintJwt(server.secret) });
    const after: Record<string, unknown> = {};
    for (const index of ['events', 'networkLinkTypes', 'agents'] as const) after[index] = (await client[index].read()).data ?? [];
    return { scenarios: result.scenarios, success: result.success, output, after };
  } finally {
    await server.close();
  }
}

const describeFailures = (scenarios: ScenarioResult[]) =>
  scenarios.filter((s) => s.status !== 'passed').map((s) => `  ${s.status}: ${s.name}\n    ${(s.error ?? '').replace(/\n/g, '\n    ')}`).join('\n');

describe('conformance self-check', () => {
  before(() => {
    support = undefined;
  });
  after(() => {
    support = undefined;
  });

  test('the faithful reference server passes every scenario and is left as it was found', async () => {
    const { scenarios, success, output, after } = await runAgainst();
    const notPassed = scenarios.filter((s) => s.status !== 'passed');
    assert.ok(scenarios.length > 100, `only ${scenarios.length} scenarios ran`);
    assert.ok(success && notPassed.length === 0, `scenarios not passing:\n${describeFailures(scenarios)}\n${output}`);
    // Cleanup removed every record the run made; the destructive scenarios restored the preload.
    const fresh = await createReferenceCore({ auth: false }).handle({ method: 'GET', path: '/type/network-link', headers: {} });
    const byId = (list: unknown) => [...(list as Array<{ id: string }>)].sort((a, b) => a.id.localeCompare(b.id));
    assert.deepEqual(after['events'], []);
    assert.deepEqual(after['agents'], []);
    assert.deepEqual(byId(after['networkLinkTypes']), byId(fresh.body));
  });

  // Where the seed leaves a choice open, another choice must not fail the suite.
  for (const alternative of FAITHFUL_ALTERNATIVES) {
    test(`a faithful alternative (${alternative.name}) passes every scenario`, async () => {
      const { scenarios, success, output } = await runAgainst(alternative);
      const notPassed = scenarios.filter((s) => s.status !== 'passed');
      assert.ok(success && notPassed.length === 0, `${alternative.breaks}\nscenarios not passing:\n${describeFailures(scenarios)}\n${output}`);
    });
  }

  test('every broken variant has its expected failures listed', () => {
    assert.deepEqual(Object.keys(EXPECTED_FAILURES).sort(), BROKEN_VARIANTS.map((v) => v.name).sort());
  });

  for (const variant of BROKEN_VARIANTS) {
    test(`${variant.name} (${variant.breaks}) fails exactly the expected scenarios`, async () => {
      const { scenarios, success, output } = await runAgainst(variant);
      const failed = scenarios.filter((s) => s.status !== 'passed').map((s) => s.name).sort();
      const expected = [...(EXPECTED_FAILURES[variant.name] ?? [])].sort();
      assert.equal(success, false, `the run against ${variant.name} passed`);
      const unexpected = failed.filter((name) => !expected.includes(name));
      const missed = expected.filter((name) => !failed.includes(name));
      assert.ok(
        unexpected.length === 0 && missed.length === 0,
        `failing scenarios differ from the expectation for ${variant.name}\n` +
          `unexpected failures: ${JSON.stringify(unexpected)}\nexpected but passed: ${JSON.stringify(missed)}\n` +
          `${describeFailures(scenarios)}\n${output}`,
      );
    });
  }
});
