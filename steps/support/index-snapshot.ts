import type { ClientIndexKey } from '../../src/client/index.js';
import { indexTable } from '../../src/reference-server/core/index.js';
import type { KitWorld } from '../world.js';
import { PLAIN_READ_STATUSES } from '../../src/contract/faithful-answers.js';
import { indexClient, recordsOf } from './call-outcome.js';
import type { JsonRecord } from './sample-records.js';

const INDICES: readonly ClientIndexKey[] = indexTable.map((row) => row.clientKey);

/** Reads every index in full before a @destructive scenario. A read that fails stops the scenario. */
export async function takeSnapshot(world: KitWorld): Promise<Map<ClientIndexKey, JsonRecord[]>> {
  // The indices are independent: read them at once, so a distant target pays one round trip.
  const reads = await Promise.all(INDICES.map((index) => world.call((c) => indexClient(c, index).read(), { housekeeping: true })));
  const snapshot = new Map<ClientIndexKey, JsonRecord[]>();
  INDICES.forEach((index, i) => {
    const outcome = reads[i]!;
    if (!PLAIN_READ_STATUSES.includes(outcome.status)) {
      throw new Error(`cannot snapshot ${index} before a destructive scenario: read answered ${outcome.status}`);
    }
    snapshot.set(index, recordsOf(outcome));
  });
  return snapshot;
}

/** Creates of one restore in flight at once: a distant target pays a round trip per eight records. */
const RESTORE_CONCURRENCY = 8;

/**
 * Creates again every snapshot record that is gone, with its id (§4.1 create with id), the
 * preloaded link types included. Records still present are left alone. The indices are restored
 * at once, and within an index up to eight creates are in flight. Fails loudly when a record
 * cannot be restored.
 */
export async function restoreSnapshot(world: KitWorld, snapshot: Map<ClientIndexKey, JsonRecord[]>): Promise<void> {
  const failures = await Promise.all(
    [...snapshot].map(async ([index, records]) => {
      const now = await world.call((c) => indexClient(c, index).read(), { housekeeping: true });
      const present = new Set(recordsOf(now).map((r) => r['id']));
      const missing = records.filter((record) => !present.has(record['id']));
      const failed: string[] = [];
      const createNext = async (): Promise<void> => {
        for (let record = missing.shift(); record !== undefined; record = missing.shift()) {
          const outcome = await world.call((c) => indexClient(c, index).create({ body: record }), { housekeeping: true });
          if (outcome.status !== 201) failed.push(`${index} ${String(record['id'])}: create answered ${outcome.status}`);
        }
      };
      await Promise.all(Array.from({ length: RESTORE_CONCURRENCY }, createNext));
      return failed;
    }),
  );
  if (failures.flat().length > 0) throw new Error(`could not restore the snapshot:\n${failures.flat().join('\n')}`);
}
