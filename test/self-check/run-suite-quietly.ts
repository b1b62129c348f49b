import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { ISupportCodeLibrary } from '@cucumber/cucumber/api';
import type { ScenarioResult } from '../../src/target/conformance/collect-scenario-results.js';
import { runConformance } from '../../src/target/conformance/run-conformance.js';
import { plainConnection } from '../../src/connection/connection-settings.js';
import { BLOCKED_MEDIA_TYPE, type BlockedScenario } from '../../src/target/conformance/check-result.js';

/** One run of the whole suite for a self-check: per-scenario results and cucumber's captured output. */
export interface QuietRun {
  scenarios: ScenarioResult[];
  success: boolean;
  /** Why each scenario the run could not judge was blocked (the steps' BLOCKED_MEDIA_TYPE attachments). */
  blocked: BlockedScenario[];
  /** Cucumber's own output, for a failing assertion only. */
  output: string;
}

// Cucumber cannot load the step files twice in one process, so the first run's library is reused.
let support: ISupportCodeLibrary | undefined;

/**
 * Runs every scenario (profile extended unless `profile` says core, destructive ones and minted
 * tokens included) against `baseUrl` in-process, capturing cucumber's output: CI counts cucumber's summary lines in the
 * `npm test` log, so a self-check must never print those of its deliberately failing runs.
 */
export async function runSuiteQuietly(target: {
  baseUrl: string;
  token: string;
  jwtSecret: string;
  jwtClaims?: Record<string, unknown> | undefined;
  profile?: 'core' | 'extended' | undefined;
  /** A cucumber tag expression, and-ed with the profile (realistic-data-tags.ts). */
  tags?: string | undefined;
}): Promise<QuietRun> {
  let output = '';
  const capture = new Writable({
    write: (chunk, _encoding, done) => {
      output += String(chunk);
      done();
    },
  });
  const { profile = 'extended', baseUrl, token, jwtSecret, jwtClaims, tags } = target;
  const blocked: BlockedScenario[] = [];
  const result = await runConformance({
    connection: plainConnection(baseUrl, { token, jwtSecret, jwtClaims }),
    tags,
    profile,
    allowDestructive: true,
    progress: 'none',
    stderr: capture,
    support,
    onEnvelope: (envelope) => {
      if (envelope.attachment?.mediaType === BLOCKED_MEDIA_TYPE) blocked.push(JSON.parse(envelope.attachment.body) as BlockedScenario);
    },
  });
  support = result.support;
  return { scenarios: result.scenarios, success: result.success, blocked, output };
}

/** True for a scenario that ran and did not pass (a scenario the profile leaves out is neither). */
const failedOrSkipped = (s: ScenarioResult) => s.status !== 'passed' && s.status !== 'not-selected';

/** The scenarios that did not pass, with their errors, one block each. */
export function describeFailures(scenarios: ScenarioResult[]): string {
  return scenarios
    .filter(failedOrSkipped)
    .map((s) => `  ${s.status}: ${s.name}\n    ${(s.error ?? '').replace(/\n/g, '\n    ')}`)
    .join('\n');
}

/**
 * Asserts a run of more than 100 scenarios in which every one passed, and none was blocked: a
 * faithful target gives the setup everything it needs, so a blocked scenario is a defect of the kit.
 */
export function assertEveryScenarioPassed(run: QuietRun, context: string): void {
  const selected = run.scenarios.filter((s) => s.status !== 'not-selected');
  assert.ok(selected.length > 100, `only ${selected.length} scenarios ran\n${run.output}`);
  assert.deepEqual(
    run.blocked.map((b) => `${b.id} at "${b.step}": ${b.message}`),
    [],
    `${context}: scenarios blocked on a faithful target`,
  );
  assert.ok(run.success && !run.scenarios.some(failedOrSkipped), `${context}\nscenarios not passing:\n${describeFailures(run.scenarios)}\n${run.output}`);
}

/** Asserts the run failed on exactly the `expected` scenarios, naming the difference when not. */
export function assertFailedExactly(run: QuietRun, expected: readonly string[], label: string, details = ''): void {
  const failed = run.scenarios
    .filter(failedOrSkipped)
    .map((s) => s.name)
    .sort();
  const want = [...expected].sort();
  assert.equal(run.success, false, `the run against ${label} passed\n${details}`);
  const unexpected = failed.filter((name) => !want.includes(name));
  const missed = want.filter((name) => !failed.includes(name));
  assert.ok(
    unexpected.length === 0 && missed.length === 0,
    `failing scenarios differ from the expectation for ${label}\n` +
      `unexpected failures: ${JSON.stringify(unexpected)}\nexpected but passed: ${JSON.stringify(missed)}\n` +
      `${describeFailures(run.scenarios)}\n${run.output}${details}`,
  );
}
