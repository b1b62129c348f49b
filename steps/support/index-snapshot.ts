import type { IndexName } from '../../src/client/index.js';
import type { KitWorld } from '../world.js';
import { indexClient } from './loose-index-client.js';
import { recordsOf } from './records-of.js';
import type { JsonRecord } from './sample-records.js';

const INDICES: IndexName[] = ['events', 'networkLinkTypes', 'agents'];

/** Reads every index in full before a @destructive scenario. A read that fails stops the scenario. */
export async function takeSnapshot(world: KitWorld): Promise<Map<IndexName, JsonRecord[]>> {
  const snapshot = new Map<IndexName, JsonRecord[]>();
  for (const index of INDICES) {
    const outcome = await world.call((c) => indexClient(c, index).read(), { housekeeping: true });
    if (![200, 204, 404].includes(outcome.status)) {
      throw new Error(`cannot snapshot ${index} before a destructive scenario: read answered ${outcome.status}`);
    }
    snapshot.set(index, recordsOf(outcome));
  }
  return snapshot;
}

/**
 * Creates again every snapshot record that is gone, with its id (seed §4.1 create with id), the
 * preloaded link types included. Records still present are left alone. Fails loudly when a
 * record cannot be restored.
 */
export async function restoreSnapshot(world: KitWorld, snapshot: Map<IndexName, JsonRecord[]>): Promise<void> {
  const failures: string[] = [];
  for (const [index, records] of snapshot) {
    const now = await world.call((c) => indexClient(c, index).read(), { housekeeping: true });
    const present = new Set(recordsOf(now).map((r) => r['id']));
    for (const record of records) {
      if (present.has(record['id'])) continue;
      const outcome = await world.call((c) => indexClient(c, index).create(record), { housekeeping: true });
      if (outcome.status !== 201) failures.push(`${index} ${String(record['id'])}: create answered ${outcome.status}`);
    }
  }
  if (failures.length > 0) throw new Error(`could not restore the snapshot:\n${failures.join('\n')}`);
}
