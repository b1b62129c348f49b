import type { AnswerSeen } from './check-result.js';
import type { ScenarioResult } from './collect-scenario-results.js';

/**
 * One deviation a run saw in one scenario: a failed check, or the cause that blocked the
 * scenario. The baseline holds deviations, the summary groups them by cause, junit lists them.
 */
export interface Deviation {
  /** The scenario's stable id (scenario-id.ts). */
  scenario: string;
  blocked: boolean;
  /** The check id (`4.1-create/status`), or the blocking cause's id (`setup/create`). */
  check: string;
  expected: string;
  /** Normalised: the same deviation reads the same in every scenario and run. */
  observed: string;
  message: string;
  answer?: AnswerSeen | undefined;
}

/** What makes two deviations one cause: the kind, the check and what was observed. */
export function causeKey(d: { blocked?: boolean | undefined; check: string; observed: string }): string {
  return JSON.stringify([d.blocked === true, d.check, d.observed]);
}

/**
 * Every deviation of the run, scenario by scenario: each failed check once per scenario (a step
 * repeated in one scenario records the same check twice), then the blocking cause.
 */
export function deviationsOf(scenarios: readonly ScenarioResult[]): Deviation[] {
  return scenarios.flatMap((s) => {
    const seen = new Set<string>();
    const failed: Deviation[] = [];
    for (const c of s.checks) {
      if (c.passed || seen.has(causeKey({ check: c.id, observed: c.observed }))) continue;
      seen.add(causeKey({ check: c.id, observed: c.observed }));
      failed.push({ scenario: s.id, blocked: false, check: c.id, expected: c.expected, observed: c.observed, message: c.message, answer: c.answer });
    }
    const { blocked } = s;
    if (blocked)
      failed.push({
        scenario: s.id,
        blocked: true,
        check: blocked.id,
        expected: blocked.step,
        observed: blocked.observed,
        message: blocked.message,
        answer: blocked.answer,
      });
    return failed;
  });
}
