import type { KitWorld } from '../world.js';
import { indexClient, recordsOf } from './call-outcome.js';

/**
 * Deletes what the scenario registered, pass or fail: by id, and for records created without
 * an id by reading them with `where.equals` on the run's marker first. A record is deleted by
 * id only after the read shows it carries the marker, so a server that ignores `where` still
 * cannot make the cleanup remove someone else's data. A 404 (already gone) is fine; anything
 * else is logged as a leftover, not a failure, so one broken delete does not fail every
 * scenario.
 */
export async function removeScenarioRecords(world: KitWorld): Promise<void> {
  const leftovers: string[] = [];
  const deleteById = async (index: Parameters<typeof indexClient>[1], id: string) => {
    try {
      const outcome = await world.call((c) => indexClient(c, index).delete({ id }), { housekeeping: true });
      if (outcome.status !== 205 && outcome.status !== 404) leftovers.push(`${index} ${id} (delete answered ${outcome.status})`);
    } catch (error) {
      leftovers.push(`${index} ${id} (${(error as Error).message})`);
    }
  };
  for (const entry of world.cleanup.drain()) {
    if ('id' in entry) {
      await deleteById(entry.index, entry.id);
      continue;
    }
    const { target, expr } = entry.where;
    try {
      const found = await world.call((c) => indexClient(c, entry.index).read({ query: { where: { equals: { target, expr } } } }), {
        housekeeping: true,
      });
      for (const record of recordsOf(found)) {
        if (record[target] === expr && typeof record['id'] === 'string') await deleteById(entry.index, record['id']);
      }
    } catch (error) {
      leftovers.push(`${entry.index} ${target}=${expr} (${(error as Error).message})`);
    }
  }
  if (leftovers.length > 0) world.log(`cleanup left records behind:\n${leftovers.join('\n')}`);
}
