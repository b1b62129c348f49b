import type { RunCheck } from '../run/add-run-checks-to-junit.js';
import type { ConformanceSummary } from './build-conformance-summary.js';
import type { Deviation } from './run-deviations.js';

/**
 * The run check that every selected scenario was judged: a scenario blocked in setup (and not
 * held by the baseline) is a skipped test case, and this check is what keeps junit red with the
 * verdict — a run that could not judge part of the suite does not pass silently.
 */
export function judgedCheck(newBlocked: readonly Deviation[]): RunCheck {
  if (newBlocked.length === 0) return { name: 'every selected scenario was judged (none blocked in setup)' };
  const causes = [...new Set(newBlocked.map((d) => `${d.check}: ${d.observed}`))];
  return {
    name: 'every selected scenario was judged (none blocked in setup)',
    failure: {
      message: `${newBlocked.length} scenario(s) stopped in setup, not judged from there on: ${causes.slice(0, 3).join('; ')}${causes.length > 3 ? '; …' : ''}`,
      detail: newBlocked.map((d) => `${d.scenario}: ${d.check} — ${d.observed}`).join('\n'),
    },
  };
}

/** The run's own checks (blocked scenarios, coverage gate, clean-up read back, the target answering to the end), from the summary. */
export function runChecks(summary: ConformanceSummary, minCoverage: number | undefined, targetStopped: string | undefined, runError?: string): RunCheck[] {
  const { leftovers } = summary;
  const checks: RunCheck[] = [judgedCheck(summary.newDeviations.filter((d) => d.blocked))];
  if (runError !== undefined) checks.push({ name: 'the run itself reported no error', failure: { message: runError, detail: runError } });
  if (targetStopped !== undefined)
    checks.push({ name: 'the target answered to the end of the run', failure: { message: targetStopped, detail: targetStopped } });
  if (minCoverage !== undefined) {
    const shortfall = summary.coverageShortfall;
    checks.push({
      name: `response coverage reaches --min-coverage ${minCoverage}`,
      ...(shortfall ? { failure: { message: shortfall.split('\n')[0]!, detail: shortfall } } : {}),
    });
  }
  const left = leftovers.ids.length + leftovers.unverified.length > 0;
  checks.push({
    name: 'clean-up: the final read finds no record of the run',
    ...(left
      ? {
          failure: {
            message: `${leftovers.ids.length} record(s) of the run left on the target${leftovers.unverified.length > 0 ? `; not readable: ${leftovers.unverified.join(', ')}` : ''}`,
            detail: [...leftovers.ids, ...(leftovers.deleteCommands.length > 0 ? ['', 'Delete them with:', ...leftovers.deleteCommands] : [])].join('\n'),
          },
        }
      : {}),
  });
  return checks;
}
