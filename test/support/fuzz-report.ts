import type { FuzzReport } from '../../src/fuzz/run/fuzz-options.js';

/** A finished fuzz run's report as the renderers take it: one sequence, nothing found, nothing left; `changes` set what a test looks at. */
export function fuzzReport(changes: Partial<FuzzReport> = {}): FuzzReport {
  return {
    ...{ baseUrl: 'http://127.0.0.1:9', randomSeed: 1, runPrefix: 'fz-abc123-', startedAt: new Date(0), durationMs: 1 },
    ...{ requests: 1, sequences: 1, shrinkRuns: 0, checks: [], failures: [], stoppedBy: 'time-budget', authChecked: true },
    ...{ whereTrusted: [], refusedShapes: [], answers: {}, coverage: [] },
    cleanUp: { leftovers: [], unverified: [], unattributed: [], cutShort: false },
    ...changes,
  };
}
