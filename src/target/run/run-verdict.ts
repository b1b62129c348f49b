/**
 * Exit codes of `mgmt-kit conformance` and `mgmt-kit fuzz` (docs/conformance-in-ci.md, "Exit codes").
 * `interrupted` is the shell's 128 + signal number (SIGINT 2, SIGTERM 15).
 */
export const EXIT = { passed: 0, failed: 1, usage: 2, throttled: 3, targetStopped: 4, recordsLeft: 5, cleanUpUnknown: 6 } as const;

/** The one word every report heads with and the exit code maps from. */
export type VerdictWord = 'PASSED' | 'FAILED' | 'THROTTLED' | 'TARGET STOPPED' | 'RECORDS LEFT BEHIND' | 'CLEAN-UP UNKNOWN' | 'NOT RUN' | 'INTERRUPTED';

/** What a run saw, each part as its own fact; {@link decideVerdict} weighs them. */
export interface VerdictInputs {
  /** Why no scenario ran (pre-flight failed, nothing selected); the run stopped there. */
  notRun?: string | undefined;
  /** The signal that ended the run (SIGINT, SIGTERM). */
  interrupted?: NodeJS.Signals | undefined;
  /** The one line saying when the target stopped answering (open-connection.ts); no verdict past it. */
  targetStopped?: string | undefined;
  /** Scenarios (or fuzz sequences) that ran, passed or failed. */
  ran: number;
  /** Failures the baseline does not list (after `--write-baseline`: none, every one is listed). */
  newFailures: number;
  /** Scenarios that could not be judged (blocked in setup) and the baseline does not hold: part of the suite has no verdict. */
  newBlocked?: number | undefined;
  /** Every new failure is a call a gateway throttled (429, or 503 with Retry-After). */
  onlyThrottled: boolean;
  /** The run was cut short by throttling (fuzz stops at the first throttled answer): no verdict past that point. */
  throttled?: boolean | undefined;
  /** The run itself reported an error no scenario carries (an undefined step, a hook that threw). */
  runError?: string | undefined;
  /** Why the response coverage fails `--min-coverage`, first line. */
  coverageShortfall?: string | undefined;
  /** Records of the run the final read still found, as `<index> <id>`. */
  leftovers: readonly string[];
  /** Indices the final read could not read: what the run left there is unknown. */
  unverified: readonly string[];
}

/** The run's verdict: its word, its exit code and every reason behind it, in the order reports print them. */
export interface RunVerdict {
  word: VerdictWord;
  exitCode: number;
  /** One line per fact that made the verdict what it is (empty for a clean PASSED). */
  reasons: string[];
}

const SIGNAL_NUMBER: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/**
 * The verdict of a run, from every fact at once, so that the console, the Markdown, HTML and JSON
 * summaries, junit and the exit code cannot disagree. Precedence: a run that did not run, was
 * interrupted, or lost its target has no verdict on the implementation; then failures (scenarios,
 * the coverage gate, an error of the run); then throttling; then records left behind; then a
 * clean-up the final read could not verify.
 */
export function decideVerdict(inputs: VerdictInputs): RunVerdict {
  const cleanUp = [
    ...(inputs.leftovers.length > 0 ? [`${inputs.leftovers.length} record(s) of the run are still on the target (the final read found them)`] : []),
    ...(inputs.unverified.length > 0 ? [`the final read could not read ${inputs.unverified.join(', ')}: what the run left there is unknown`] : []),
  ];
  if (inputs.notRun !== undefined) return { word: 'NOT RUN', exitCode: EXIT.usage, reasons: [inputs.notRun] };
  if (inputs.interrupted !== undefined) {
    return {
      word: 'INTERRUPTED',
      exitCode: 128 + (SIGNAL_NUMBER[inputs.interrupted] ?? 2),
      reasons: [`interrupted by ${inputs.interrupted}: no verdict`, ...cleanUp],
    };
  }
  if (inputs.targetStopped !== undefined) return { word: 'TARGET STOPPED', exitCode: EXIT.targetStopped, reasons: [inputs.targetStopped, ...cleanUp] };
  if (inputs.ran === 0) return { word: 'NOT RUN', exitCode: EXIT.usage, reasons: ['no scenario ran — check --tags and --profile'] };
  const failures = [
    ...(inputs.newFailures > 0 && !inputs.onlyThrottled ? [`${inputs.newFailures} failure(s) the baseline does not list`] : []),
    ...((inputs.newBlocked ?? 0) > 0 && !inputs.onlyThrottled
      ? [`${inputs.newBlocked} scenario(s) stopped in setup, not judged from there on, that the baseline does not hold`]
      : []),
    ...(inputs.coverageShortfall !== undefined ? [inputs.coverageShortfall] : []),
    ...(inputs.runError !== undefined ? [inputs.runError] : []),
  ];
  if (failures.length > 0) return { word: 'FAILED', exitCode: EXIT.failed, reasons: [...failures, ...cleanUp] };
  if (inputs.throttled)
    return {
      word: 'THROTTLED',
      exitCode: EXIT.throttled,
      reasons: ['the target throttled the run (429, or 503 with Retry-After): no verdict past that point', ...cleanUp],
    };
  const throttledFailures = inputs.newFailures + (inputs.newBlocked ?? 0);
  if (throttledFailures > 0) {
    return {
      word: 'THROTTLED',
      exitCode: EXIT.throttled,
      reasons: [`the only ${throttledFailures} new failure(s) are calls the target throttled: no verdict on them`, ...cleanUp],
    };
  }
  // Records found are a fact; an index the final read could not read is an unknown, not a leftover.
  if (inputs.leftovers.length > 0) return { word: 'RECORDS LEFT BEHIND', exitCode: EXIT.recordsLeft, reasons: cleanUp };
  if (cleanUp.length > 0) return { word: 'CLEAN-UP UNKNOWN', exitCode: EXIT.cleanUpUnknown, reasons: cleanUp };
  return { word: 'PASSED', exitCode: EXIT.passed, reasons: [] };
}
