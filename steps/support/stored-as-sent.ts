import type { ClientIndexKey } from '../../src/client/index.js';
import { PLAIN_READ_STATUSES } from '../../src/contract/faithful-answers.js';
import type { KitWorld, ScenarioRecord } from '../world.js';
import { findSentMismatch } from './contains-sent.js';
import { expectThat, indexClient, recordsOf } from './call-outcome.js';
import type { JsonRecord } from './sample-records.js';

/**
 * Reads one record by its id (GET {base}/{id}) and returns it, or undefined when the service
 * has none: 404 (§7), 204, or a 200 list without it are all "not there". Any other status
 * fails the step.
 */
export async function readStored(world: KitWorld, index: ClientIndexKey, id: string): Promise<JsonRecord | undefined> {
  const outcome = await world.call((c) => indexClient(c, index).read({ id }));
  world.response();
  if (!PLAIN_READ_STATUSES.includes(outcome.status)) {
    throw new Error(`${outcome.operation} answered ${outcome.status} when reading ${id}: ${outcome.rawBody.slice(0, 200)}`);
  }
  return recordsOf(outcome).find((record) => record['id'] === id);
}

/** Reads the record by id and compares it with everything the scenario sent for it. */
export async function assertStoredAsSent(world: KitWorld, record: ScenarioRecord): Promise<void> {
  const stored = await readStored(world, record.index, record.id);
  expectThat(stored, `no ${record.index} record can be read under ${record.id}`);
  const mismatch = findSentMismatch(stored, record.sent);
  expectThat(mismatch === undefined, `${record.index} ${record.id} differs from what was sent at ${mismatch}`);
}

/** Fails when a record can be read under the id. */
export async function assertAbsent(world: KitWorld, index: ClientIndexKey, id: string): Promise<void> {
  const stored = await readStored(world, index, id);
  expectThat(stored === undefined, `a ${index} record exists under ${id}, but none should: ${JSON.stringify(stored)}`);
}
