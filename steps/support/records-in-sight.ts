import type { ClientIndexKey } from '../../src/client/index.js';
import type { CleanupEntry } from '../../src/conformance/cleanup-registry.js';
import type { KitWorld } from '../world.js';
import { findSentMismatch } from './contains-sent.js';
import { indexClient } from './loose-index-client.js';
import { recordsOf } from './records-of.js';
import type { JsonRecord } from './sample-records.js';
import type { RecordsInSight, Sighting } from './action-watch.js';

const keyOf = (entry: CleanupEntry<ClientIndexKey>) =>
  'id' in entry ? `${entry.index} ${entry.id}` : `${entry.index} ${entry.where.target}=${entry.where.expr}`;

async function look(world: KitWorld, entry: CleanupEntry<ClientIndexKey>): Promise<Sighting> {
  const api = (c: Parameters<typeof indexClient>[0]) => indexClient(c, entry.index);
  const outcome = await world.call((c) => ('id' in entry ? api(c).read({ id: entry.id }) : api(c).read({ query: { where: { equals: entry.where } } })), {
    housekeeping: true,
  });
  if (![200, 204, 404].includes(outcome.status)) return { entry, records: 'unreadable' };
  const named = (record: JsonRecord) => ('id' in entry ? record['id'] === entry.id : record[entry.where.target] === entry.where.expr);
  return { entry, records: recordsOf(outcome).filter(named) };
}

/** Reads every record in sight at once (housekeeping calls: they are not the scenario's response). */
export async function lookAtRecordsInSight(world: KitWorld): Promise<RecordsInSight> {
  const sightings = await Promise.all(world.cleanup.entries().map((entry) => look(world, entry)));
  return new Map(sightings.map((sighting) => [keyOf(sighting.entry), sighting]));
}

/** How one record differs between two reads, or undefined when it is the same (field order aside). */
function describeChange(before: JsonRecord, after: JsonRecord): string | undefined {
  const lost = findSentMismatch(after, before);
  if (lost !== undefined) return `changed at ${lost}`;
  const gained = findSentMismatch(before, after);
  return gained === undefined ? undefined : `gained ${gained.replace(/: missing \(sent (.*)\)$/, ': $1')}`;
}

/**
 * Every difference between two looks at the records in sight: a record created, removed or
 * changed. An entry registered after the first look names a fresh id or marker of the scenario,
 * so nothing carried it before. Entries that could not be read either time are not compared.
 */
export function findChanges(before: RecordsInSight, after: RecordsInSight): string[] {
  const changes: string[] = [];
  for (const [key, { entry, records: now }] of after) {
    const then = before.get(key)?.records ?? [];
    if (then === 'unreadable' || now === 'unreadable') continue;
    for (const record of now) {
      const earlier = then.find((r) => r['id'] === record['id']);
      const change = earlier ? describeChange(earlier, record) : 'was created';
      if (change) changes.push(`${entry.index} ${String(record['id'])} ${change}: ${JSON.stringify(record).slice(0, 200)}`);
    }
    for (const record of then) {
      if (!now.some((r) => r['id'] === record['id'])) changes.push(`${entry.index} ${String(record['id'])} was removed`);
    }
  }
  return changes;
}
