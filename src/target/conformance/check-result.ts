/**
 * What the steps tell the reports about each scenario, as cucumber attachments (the World attaches
 * them; the kit's formatter folds the message stream into the summary, junit and the baseline).
 * A scenario is judged check by check: every expectation of a Then step is one {@link CheckResult},
 * recorded whether it passed or failed, and a failed one does not stop the scenario, so one known
 * deviation cannot hide the next check. A scenario whose state cannot be set up at all is
 * {@link BlockedScenario not judged}, naming the deviation that blocked it.
 */

/** The checks of one step or hook, passed or failed: a JSON array of {@link CheckResult}, one attachment per step (as the call log). */
export const CHECK_MEDIA_TYPE = 'application/vnd.mgmt-kit.check+json';
/** The scenario could not be judged: its setup could not establish the state it needs. */
export const BLOCKED_MEDIA_TYPE = 'application/vnd.mgmt-kit.blocked+json';
/** What a lenient setup step saw while establishing state (a create answered 200 and read back, …). */
export const SETUP_MEDIA_TYPE = 'application/vnd.mgmt-kit.setup+json';
/** What the clean-up after a scenario found by reading: records of the scenario still on the target. */
export const CLEANUP_MEDIA_TYPE = 'application/vnd.mgmt-kit.cleanup+json';

/** The answer a check judged, trimmed for reports. */
export interface AnswerSeen {
  operation: string;
  status: number;
  /** The body as received, cut to its first 300 characters ("" when none). */
  body: string;
}

/** One expectation of a scenario and what the target did. */
export interface CheckResult {
  /**
   * `<rule>/<check>`: the rule is a row id of features/RULES.md (`4.1-create`), the check one
   * expectation of it (`status`, `envelope-code`, `stored-as-sent` …). Stable across runs and
   * releases: a baseline matches on it, and the summary groups failures by it.
   */
  id: string;
  passed: boolean;
  /** What the description fixes, in a few words (`201`, `an array of envelope items`). */
  expected: string;
  /**
   * What the target did, normalised so that one deviation reads the same in every run and every
   * scenario: no run prefix, no generated id, no time (`200`, `an object`). Empty when passed.
   */
  observed: string;
  /** The whole sentence for a reader; may name this run's ids. */
  message: string;
  answer?: AnswerSeen | undefined;
}

/** Why a scenario was not judged: the setup step and the deviation that kept it from establishing its state. */
export interface BlockedScenario {
  /** The step's text as written in the feature. */
  step: string;
  /** `setup/<what>` (`setup/create`, `setup/read-back`), or `target/no-answer` when the target did not answer. */
  id: string;
  /** Normalised as {@link CheckResult.observed}. */
  observed: string;
  message: string;
  answer?: AnswerSeen | undefined;
}

/** What a setup step saw on its way to the state it established. */
export interface SetupNote {
  step: string;
  /** One sentence: `create answered 200 (the description: 201); the record reads back by its id`. */
  saw: string;
}

/** Records of a scenario the clean-up still found by reading after deleting them (`<index> <id>`). */
export interface CleanupReport {
  left: string[];
}
