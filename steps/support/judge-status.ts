import type { CheckId } from '../../src/target/conformance/check-catalog.js';
import type { KitWorld } from '../world.js';
import { isSuccess, isTaken, notTaken, type CallOutcome } from './call-outcome.js';

export { isSuccess, isTaken } from './call-outcome.js';
import { contractFindings, operationKind, SUCCESS, type OperationKind } from './check-outcome.js';

/** The checks of a plain operation's status, by the statuses a Then step expects (§4.1, §7). */
const PLAIN_STATUS: ReadonlyArray<[OperationKind, readonly number[], CheckId]> = [
  ['create', [201], '4.1-create/status'],
  ['create', [204], '7-nothing-to-do/nothing-to-act-on'],
  ['read', [200], '4.1-read/status'],
  ['read', [404], '7-not-found/status'],
  ['read', [404, 204], '7-not-found/status'],
  ['update', [200], '4.1-update/status'],
  ['update', [304], '7-nothing-to-do/no-update-needed'],
  ['delete', [205], '4.1-delete/status'],
  ['delete', [404], '7-not-found/status'],
];

function plainStatusCheck(operation: string, expected: readonly number[]): CheckId {
  const kind = operationKind(operation);
  const same = (statuses: readonly number[]) => statuses.length === expected.length && statuses.every((s) => expected.includes(s));
  const found = PLAIN_STATUS.find(([k, statuses]) => k === kind && same(statuses));
  if (!found)
    throw new Error(`no check names ${expected.join(' or ')} for ${operation}: give the Then step or the action's profile one (support/action-profiles.ts)`);
  return found[2];
}

/** The result of judging an answer's status. */
export interface Judged {
  outcome: CallOutcome;
  ok: boolean;
}

/**
 * Judges one answer's status under the check given (a success other than the one expected under
 * the operation's own), and — when it is one of `expected` — its
 * body against the spec's schema for that status (Content-Type, JSON, schema). The answer counts
 * as judged, so the After hook leaves it alone. `what` says which request it was, for the reader.
 */
export function judgeAnswer(world: KitWorld, outcome: CallOutcome, expected: readonly number[], given: CheckId, what?: string): boolean {
  // A success where another success was expected is the operation's own status deviation (a
  // create's 200 is `4.1-create/status` whatever the action varied): one deviation, one check.
  const otherSuccess = isSuccess(outcome.status) && !expected.includes(outcome.status) && expected.some(isSuccess);
  const id = otherSuccess ? SUCCESS[operationKind(outcome.operation)].check : given;
  const answer = world.answers.find((a) => a.outcome === outcome);
  if (answer) {
    answer.judged = true;
    const successes = expected.filter(isSuccess).length;
    answer.expectedTaken = successes === expected.length ? true : successes === 0 ? false : undefined;
  }
  const ok = world.verify(id, expected.includes(outcome.status), {
    expected: otherSuccess ? expected.filter(isSuccess).join(' or ') : expected.join(' or '),
    observed: `${outcome.status}`,
    message: `${what ? `${what}: ` : ''}${outcome.operation} answered ${outcome.status}, expected ${expected.join(' or ')}: ${outcome.rawBody.slice(0, 300)}`,
    outcome,
  });
  if (!ok) {
    if (answer) answer.statusFailed = true;
    return false;
  }
  for (const finding of contractFindings(outcome, { statusJudged: true })) {
    // A body that is not what its status carries is not judged item by item (envelope-items.ts).
    if (!world.verify(finding.id, finding.ok, { ...finding, outcome }) && answer) answer.shapeFailed = true;
  }
  return true;
}

/**
 * Judges the status of the last action's answer. The check is the action's own where its profile
 * names one (support/action-profiles.ts), else the Then step's (`fixed`), else — for a refusal
 * a Then names no rule of — the profile's refusal check, else the plain operation's. When success
 * is expected of a request that varies one thing (a media type spelling, an id's characters), it
 * is first judged taken at all, under the action's rule; a refusal stops there.
 */
export function judgeStatus(world: KitWorld, expected: readonly number[], fixed?: CheckId): Judged {
  const outcome = world.response();
  const { profile } = world;
  const expectsSuccess = expected.every(isSuccess);
  if (expectsSuccess && profile.accepted) {
    const taken = world.verify(profile.accepted, isTaken(outcome), {
      expected: 'the request taken (a success answer)',
      observed: notTaken(outcome),
      message: `${outcome.operation} answered ${outcome.status}: the request was not taken (${outcome.rawBody.slice(0, 300)})`,
      outcome,
    });
    if (!taken) {
      const answer = world.lastAnswer();
      if (answer) Object.assign(answer, { judged: true, statusFailed: true, expectedTaken: true });
      return { outcome, ok: false };
    }
  }
  const refusal = expected.every((s) => s >= 400 && s < 500);
  const id = profile.status ?? fixed ?? (refusal ? profile.refused : undefined) ?? plainStatusCheck(outcome.operation, expected);
  return { outcome, ok: judgeAnswer(world, outcome, expected, id) };
}
