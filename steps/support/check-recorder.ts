import {
  BLOCKED_MEDIA_TYPE,
  CHECK_MEDIA_TYPE,
  SETUP_MEDIA_TYPE,
  type AnswerSeen,
  type BlockedScenario,
  type CheckResult,
  type SetupNote,
} from '../../src/target/conformance/check-result.js';
import type { BlockId, CheckId } from '../../src/target/conformance/check-catalog.js';
import type { CallOutcome } from './call-outcome.js';

/** What a check expected and what the target did; `observed` is normalised before it is recorded. */
export interface CheckDetails {
  expected: string;
  observed: string;
  message: string;
  outcome?: CallOutcome | undefined;
}

/** Why a scenario cannot be judged; `observed` is normalised before it is recorded. */
export interface BlockDetails {
  observed: string;
  message: string;
  outcome?: CallOutcome | undefined;
}

/**
 * Thrown by {@link CheckRecorder.block} once the blocked scenario is attached: the step (or hook)
 * that threw it ends as skipped ({@link skipWhenBlocked}), so cucumber skips the rest of the
 * scenario and still runs its After hooks (clean-up).
 */
export class ScenarioBlocked extends Error {
  constructor(readonly blocked: BlockedScenario) {
    super(`not judged (${blocked.id}): ${blocked.message}`);
    this.name = 'ScenarioBlocked';
  }
}

const seen = (outcome: CallOutcome | undefined): { answer?: AnswerSeen } =>
  outcome ? { answer: { operation: outcome.operation, status: outcome.status, body: outcome.rawBody.slice(0, 300) } } : {};

/**
 * The checks of one scenario, as cucumber attachments (src/target/conformance/check-result.ts). A failed
 * check does not throw: the step goes on with its next check, and the After hook fails the
 * scenario with {@link failureMessage} once every step has run.
 */
export class CheckRecorder {
  private readonly recorded = new Set<string>();
  private readonly failures: CheckResult[] = [];
  /** Checks recorded in the step under way, attached together when it ends ({@link flush}). */
  private pending: CheckResult[] = [];

  constructor(
    private readonly attach: (body: string, mediaType: string) => void,
    private readonly normalise: (text: string) => string,
  ) {}

  /**
   * Records one check, passed or failed, and answers `ok`. The same check with the same result
   * (and the same observed value) is recorded once per scenario: a step that judges ten answers
   * alike says it once.
   */
  verify(id: CheckId, ok: boolean, details: CheckDetails): boolean {
    const observed = ok ? '' : this.normalise(details.observed);
    const key = `${id}\n${ok}\n${observed}`;
    if (this.recorded.has(key)) return ok;
    this.recorded.add(key);
    const result: CheckResult = { id, passed: ok, expected: details.expected, observed, message: details.message, ...seen(details.outcome) };
    this.pending.push(result);
    if (!ok) this.failures.push(result);
    return ok;
  }

  /** Attaches the checks recorded since the last flush as one list (CHECK_MEDIA_TYPE): one message per step, not one per check. */
  flush(): void {
    if (this.pending.length === 0) return;
    this.attach(JSON.stringify(this.pending), CHECK_MEDIA_TYPE);
    this.pending = [];
  }

  /** Attaches why the scenario cannot be judged and returns the error that skips the step. */
  block(step: string, id: BlockId, details: BlockDetails): ScenarioBlocked {
    const blocked: BlockedScenario = { step, id, observed: this.normalise(details.observed), message: details.message, ...seen(details.outcome) };
    this.attach(JSON.stringify(blocked), BLOCKED_MEDIA_TYPE);
    return new ScenarioBlocked(blocked);
  }

  /** Attaches what a lenient setup step saw on its way to the state it established. */
  setupSaw(step: string, saw: string): void {
    const note: SetupNote = { step, saw };
    this.attach(JSON.stringify(note), SETUP_MEDIA_TYPE);
  }

  /** The failed checks so far. */
  failed(): readonly CheckResult[] {
    return this.failures;
  }

  /**
   * One message naming every failed check (id, expected, observed, then its sentence), or
   * undefined when none failed. The first line names the first failed check: a report that shows
   * one line of a failure shows that one.
   */
  failureMessage(): string | undefined {
    const [first, ...more] = this.failures;
    if (!first) return undefined;
    const named = (f: CheckResult) => `${f.id}: expected ${f.expected}, observed ${f.observed}`;
    const head = `${named(first)}${more.length > 0 ? ` (and ${more.length} more failed check${more.length > 1 ? 's' : ''} below)` : ''}`;
    const details = [first, ...more].map((f, i) => `${i === 0 ? '' : `${named(f)}\n`}  ${f.message.replace(/\n/g, '\n  ')}`);
    return `${head}\n${details.join('\n')}`;
  }
}

type Definition = (this: unknown, ...args: unknown[]) => unknown;

/**
 * cucumber's definition function wrapper (setDefinitionFunctionWrapper): a step or hook that
 * throws {@link ScenarioBlocked} ends as skipped instead of failed — the scenario is not judged,
 * and no rule is blamed for it.
 */
export function skipWhenBlocked(fn: Definition): Definition {
  const skipped = (error: unknown) => {
    if (error instanceof ScenarioBlocked) return 'skipped';
    throw error;
  };
  return function (this: unknown, ...args: unknown[]) {
    try {
      const result = fn.apply(this, args);
      return result instanceof Promise ? result.catch(skipped) : result;
    } catch (error) {
      return skipped(error);
    }
  };
}
