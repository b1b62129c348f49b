import type { ClientIndexKey } from '../../src/client/index.js';
import type { KitWorld, ScenarioRecord } from '../world.js';
import type { BlockId } from '../../src/target/conformance/check-catalog.js';
import type { BlockDetails } from './check-recorder.js';
import { indexClient, isTaken, recordsOf, type CallOutcome } from './call-outcome.js';
import type { KitClient } from '../../src/client/index.js';
import { observedAnswer } from '../../src/target/conformance/normalise-observed.js';
import { sampleRecord, type JsonRecord } from './sample-records.js';
import { readStored, type StoredRead } from './stored-as-sent.js';
import { PLAIN_READ_STATUSES } from '../../src/contract/faithful-answers.js';
import { sightedBeforeAction } from './nothing-happened-check.js';

/** Why a record could not be established: the block to raise. */
export interface SetupProblem {
  id: BlockId;
  details: BlockDetails;
}

type Send = (client: KitClient) => Promise<CallOutcome>;

/**
 * One lenient attempt to make a record the scenario needs: a create answered with any success
 * status, then a read by its id that finds it. Undefined when made; else what kept it from being
 * made. What differed from the description on the way is stated (SETUP_MEDIA_TYPE).
 */
export async function attemptCreate(world: KitWorld, index: ClientIndexKey, id: string, send: Send, why: string): Promise<SetupProblem | undefined> {
  const created = await world.call(send, { role: 'setup' });
  if (!isTaken(created)) {
    return {
      id: 'setup/create',
      details: {
        observed: observedAnswer(created.status, created.rawBody),
        message: `could not create ${why}: ${created.operation} answered ${created.status} ${created.rawBody.slice(0, 200)}`,
        outcome: created,
      },
    };
  }
  const { record, readable, outcome } = await readBack(world, index, id);
  if (record === undefined) {
    return {
      id: 'setup/read-back',
      details: {
        observed: readable ? `${created.status}, then not found` : `${created.status}, then read answered ${outcome.status}`,
        message: `the create of ${why} answered ${created.status}, but reading it back by its id answered ${outcome.status} ${outcome.rawBody.slice(0, 200)}`,
        outcome,
      },
    };
  }
  sightedBeforeAction(world, index, id, record);
  if (created.status !== 201) world.setupSaw(`${created.operation} answered ${created.status} (the description: 201); the record reads back by its id`);
  return undefined;
}

/**
 * Reads a record just made by its id: at its path, or — for an id a path carries percent-encoded
 * (a space, "+", letters beyond ASCII), which is what some scenarios test — by a where on the id,
 * so the proof does not hang on the very thing a scenario is about.
 */
async function readBack(world: KitWorld, index: ClientIndexKey, id: string): Promise<StoredRead> {
  if (encodeURIComponent(id) === id) return readStored(world, index, id, 'setup');
  const outcome = await world.call((c) => indexClient(c, index).read({ query: { where: { equals: { target: 'id', expr: id } } } }), {
    role: 'setup',
    observes: true,
  });
  const readable = PLAIN_READ_STATUSES.includes(outcome.status);
  return { record: readable ? recordsOf(outcome).find((r) => r['id'] === id) : undefined, readable, outcome };
}

/**
 * Setup never fails a scenario for another rule's deviation: a record the scenario needs (a
 * Given, or a When that only establishes state) is made by {@link attemptCreate}; where it cannot
 * be made or found, the scenario is blocked, the deviation named (`setup/create`,
 * `setup/read-back`). `send` creates it another way than POST {base} with the id in the body.
 */
export async function establishCreate(
  world: KitWorld,
  index: ClientIndexKey,
  id: string,
  sent: JsonRecord,
  send: Send = (c) => indexClient(c, index).create({ body: sent }),
  why = `the ${index} record ${id} the scenario needs`,
): Promise<void> {
  const problem = await attemptCreate(world, index, id, send, why);
  if (problem) world.block(problem.id, problem.details);
}

/** A record the scenario needs, remembered (and registered for clean-up) and established (see {@link establishCreate}). */
export async function establishRecord(world: KitWorld, index: ClientIndexKey, sent: JsonRecord & { id: string }): Promise<ScenarioRecord> {
  const record = world.remember(index, sent.id, sent);
  try {
    await establishCreate(world, index, sent.id, sent);
  } catch (error) {
    record.made = false;
    throw error;
  }
  record.made = true;
  return record;
}

/**
 * After the action's create of a record that varies one thing of the index's plain sample (extra
 * fields, other characters, a media type's spelling, a value of an enumeration): when the target
 * did not take it, the plain sample is created under another new id. Taken, the refusal is the
 * variant's, for the Then steps to judge. Refused too, the target takes no record the kit can
 * build, so the one thing varied cannot be judged: the scenario is blocked, the refusal named.
 */
export async function probeWhenRefused(world: KitWorld, index: ClientIndexKey, answer: CallOutcome): Promise<void> {
  if (isTaken(answer)) return;
  const id = world.newId(index);
  world.cleanup.addId(index, id);
  await establishCreate(
    world,
    index,
    id,
    { id, ...sampleRecord(index) },
    undefined,
    `the plain sample ${index} record (the scenario's varies one thing of it)`,
  );
}

/**
 * After the action's update of a record with values that vary one thing (text beyond ASCII,
 * nesting, …): when the target did not take it, the same fields are sent again holding the values
 * the record already has. Taken (a success or "no update needed"), the refusal is the values',
 * for the Then steps to judge. Refused too, the target refuses to set these fields at all (a
 * field it keeps read-only), so the values cannot be judged: the scenario is blocked.
 */
export async function probeUpdateWhenRefused(
  world: KitWorld,
  record: ScenarioRecord,
  before: JsonRecord,
  fields: readonly string[],
  answer: CallOutcome,
): Promise<void> {
  if (isTaken(answer)) return;
  const body = Object.fromEntries([['id', record.id], ...fields.filter((field) => field in before).map((field) => [field, before[field]])]);
  const probe = await world.call((c) => indexClient(c, record.index).update({ id: record.id, body }), { role: 'setup' });
  if (isTaken(probe) || probe.status === 304) return;
  world.block('setup/update', {
    observed: observedAnswer(probe.status, probe.rawBody),
    message: `the target refuses to set ${fields.join(', ')} of the ${record.index} record ${record.id} even to the values it holds: ${probe.operation} answered ${probe.status} ${probe.rawBody.slice(0, 200)}`,
    outcome: probe,
  });
}
