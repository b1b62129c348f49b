import type { RunCheck } from '../run/add-run-checks-to-junit.js';
import type { ConformanceSummary } from './build-conformance-summary.js';

/** The run's own checks (coverage gate, clean-up read back, the target answering to the end), from the summary. */
export function runChecks(summary: ConformanceSummary, minCoverage: number | undefined, targetStopped: string | undefined, runError?: string): RunCheck[] {
  const { leftovers } = summary;
  const checks: RunCheck[] = [];
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
