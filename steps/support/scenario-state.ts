import type { ClientIndexKey } from '../../src/client/index.js';
import type { CallOutcome } from './call-outcome.js';
import type { JsonRecord } from './sample-records.js';

// What a scenario keeps track of, beside the World that holds it (world.ts).

/** A record the scenario made: its id and the fields it sent (what a read must give back). */
export interface ScenarioRecord {
  index: ClientIndexKey;
  id: string;
  sent: JsonRecord;
  /**
   * Whether the record exists as far as the scenario knows: true once a setup step read it back
   * or an action's create was taken (2xx); false when that create was not; undefined before.
   */
  made?: boolean | undefined;
  /** The create answer that did not make it (what a later action that needs it is blocked by). */
  notMadeBy?: CallOutcome | undefined;
}

/**
 * Who a call is for. `action`: the scenario's request under test (a When), the last response the
 * Then steps judge; an answer no Then judged is checked against the spec after the scenario.
 * `setup`: a Given establishing state, never judged. `check`: a read a check makes to judge
 * (read back by id), judged by that check. `housekeeping`: snapshot, restore, clean-up and the
 * look at the records in sight; logged as such, never judged.
 */
export type CallRole = 'action' | 'setup' | 'check' | 'housekeeping';

/** An action's answer, and whether a Then step judged it. */
export interface ActionAnswer {
  outcome: CallOutcome;
  judged: boolean;
  /** The status check of a Then failed on it (the deviation is reported; checks that follow from it are not). */
  statusFailed?: boolean;
  /** Its body failed the contract (type, JSON or schema): its envelope items are not judged one by one. */
  shapeFailed?: boolean;
  /** What the Then judging it expected: the request taken (a success), refused, or either (undefined). */
  expectedTaken?: boolean | undefined;
}

/** The step under way (set before each step by hooks.ts). */
export interface StepUnderWay {
  text: string;
  type: 'setup' | 'action' | 'outcome';
}
