import type { ClientIndexKey } from '../../src/client/index.js';
import type { KitWorld, ScenarioRecord } from '../world.js';
import { findSentMismatch } from './contains-sent.js';
import { expectThat } from './expect-that.js';
import { readStored } from './read-stored.js';

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
