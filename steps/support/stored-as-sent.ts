import type { ClientIndexKey } from '../../src/client/index.js';
import type { CheckId } from '../../src/target/conformance/check-catalog.js';
import { PLAIN_READ_STATUSES } from '../../src/contract/faithful-answers.js';
import type { CallRole, KitWorld, ScenarioRecord } from '../world.js';
import { findSentMismatch } from './contains-sent.js';
import { indexClient, isTaken, recordsOf, type CallOutcome } from './call-outcome.js';
import { changeKind, saysNothingWasDone } from './nothing-happened-check.js';
import { sightingOf } from './sighting-cache.js';
import { operationKind, type OperationKind } from './check-outcome.js';
import type { JsonRecord } from './sample-records.js';

const show = (value: unknown) => (JSON.stringify(value) ?? 'nothing').slice(0, 200);

/** A read of one record by its id (GET {base}/{id}). */
export interface StoredRead {
  /** The record, or undefined when the service has none: 404 (§7), 204, or a 200 list without it. */
  record: JsonRecord | undefined;
  /** False when the read answered something else than 200, 204 or 404: what is stored is unknown. */
  readable: boolean;
  outcome: CallOutcome;
}

/** Reads one record by its id; by default as a check's read (judged by the check, never the last response). */
export async function readStored(world: KitWorld, index: ClientIndexKey, id: string, role: CallRole = 'check'): Promise<StoredRead> {
  const stamp = world.sightings.stamp();
  const outcome = await world.call((c) => indexClient(c, index).read({ id }), { role, observes: true });
  // The same request as the look at the records in sight: the next action's look may take it from here (sighting-cache.ts).
  world.sightings.fill(sightingOf({ index, id }, outcome), stamp);
  const readable = PLAIN_READ_STATUSES.includes(outcome.status);
  return { record: readable ? recordsOf(outcome).find((record) => record['id'] === id) : undefined, readable, outcome };
}

/** The check of what is stored, and whether it expects the record as it was (observed: the kind of change) rather than as sent. */
export interface StateCheck {
  id: CheckId;
  unchanged: boolean;
}

/** The check of a record read back after an answer of this operation that did something. */
const STORED_OF: Record<OperationKind, CheckId> = {
  create: '4.1-create/stored-as-sent',
  update: '4.1-update/stored-as-sent',
  delete: '4.1-delete/others-kept',
  read: '7-nothing-to-do/unchanged',
};

/**
 * How the last action's answer bears on a check of what is stored after it. Where the action
 * meant to change the record (it set what the record is expected to hold, or deleted it), the
 * change must have been made: the check of the action's profile, else of its operation. Where it
 * did not, the record must be as it was: after an answer that says nothing was done (§7),
 * `7-nothing-to-do/unchanged`. A check that only repeats a failed status check is not recorded
 * ("cannot be evaluated because an earlier one failed"): a request expected to be taken that the
 * target did not take, read back as not done; a refusal the target did not make, read back as
 * acted on.
 */
function stateCheck(world: KitWorld, effect: 'stored' | 'removed', record?: ScenarioRecord): StateCheck | undefined {
  const answer = world.lastAnswer();
  if (!answer) return { id: effect === 'removed' ? '4.1-delete/removed' : '7-nothing-to-do/unchanged', unchanged: effect !== 'removed' };
  const { outcome } = answer;
  const kind = operationKind(outcome.operation);
  const intended = effect === 'removed' ? kind === 'delete' : record !== undefined && world.changedByLastAction(record);
  if ((answer.statusFailed || answer.shapeFailed) && isTaken(outcome) !== (answer.expectedTaken ?? intended)) return undefined;
  const { profile } = world;
  if (intended) return { id: effect === 'removed' ? (profile.removed ?? '4.1-delete/removed') : (profile.stored ?? STORED_OF[kind]), unchanged: false };
  if (saysNothingWasDone(outcome) || kind === 'read') return { id: '7-nothing-to-do/unchanged', unchanged: true };
  return { id: profile.stored ?? STORED_OF[kind], unchanged: effect === 'removed' };
}

/**
 * Reads the record by id and compares it with everything the scenario sent for it ("can be read
 * by its id as sent", "is unchanged", "still exist"). `fixed` names the check where the step
 * fixes it (then it is always evaluated).
 */
export async function checkStoredAsSent(world: KitWorld, record: ScenarioRecord, fixed?: StateCheck): Promise<void> {
  const check = fixed ?? stateCheck(world, 'stored', record);
  if (!check) return;
  const { record: stored, readable, outcome } = await readStored(world, record.index, record.id);
  if (!readable) {
    world.verify(check.id, false, {
      expected: 'the record as sent',
      observed: `read answered ${outcome.status}`,
      message: `${outcome.operation} answered ${outcome.status} reading ${record.id}: ${outcome.rawBody.slice(0, 200)}`,
      outcome,
    });
    return;
  }
  const mismatch = stored === undefined ? 'not found' : findSentMismatch(stored, record.sent);
  const observed = check.unchanged ? (changeKind(record.sent, stored) ?? '') : (mismatch ?? '');
  world.verify(check.id, mismatch === undefined, {
    expected: check.unchanged ? 'the record as it was' : 'the record as sent',
    observed,
    message:
      stored === undefined
        ? `no ${record.index} record can be read under ${record.id}`
        : `${record.index} ${record.id} differs from what was sent at ${mismatch}: ${show(stored)}`,
    outcome,
  });
}

/**
 * Reads by id and expects no record: after a delete, the record is gone ("can no longer be
 * read"); after a refusal, none was created ("no … exists under that id").
 */
export async function checkAbsent(world: KitWorld, index: ClientIndexKey, id: string, fixed?: StateCheck): Promise<void> {
  const check = fixed ?? stateCheck(world, 'removed');
  if (!check) return;
  const { record: stored, readable, outcome } = await readStored(world, index, id);
  world.verify(check.id, readable && stored === undefined, {
    expected: 'no record under the id',
    observed: !readable ? `read answered ${outcome.status}` : check.unchanged ? 'created' : 'still there',
    message: readable
      ? `a ${index} record exists under ${id}, but none should: ${show(stored)}`
      : `${outcome.operation} answered ${outcome.status} reading ${id}: ${outcome.rawBody.slice(0, 200)}`,
    outcome,
  });
}
