import { countAnswer, type ResponseTally } from '../../contract/response-coverage.js';
import type { ScenarioResult } from './collect-scenario-results.js';

/**
 * The response coverage of a conformance run, from the calls each scenario logged. Housekeeping
 * (cleanup, snapshots) is left out: no step checks those answers. In a failed scenario, the last
 * call before the failing step is the one the failure is about (as `blamedOperation`); the calls
 * before it were checked by steps that passed.
 */
export function tallyScenarioCalls(scenarios: readonly ScenarioResult[]): ResponseTally[] {
  const tallies: ResponseTally[] = [];
  for (const scenario of scenarios) {
    if (scenario.status !== 'passed' && scenario.status !== 'failed') continue;
    const checked = scenario.calls.filter((c) => !c.housekeeping);
    checked.forEach((call, i) => {
      const blamed = scenario.status === 'failed' && i === checked.length - 1;
      countAnswer(tallies, call.operation, call.status, blamed);
    });
  }
  return tallies;
}
