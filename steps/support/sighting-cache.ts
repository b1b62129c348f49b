import type { ClientIndexKey } from '../../src/client/index.js';
import type { CleanupEntry } from '../../src/target/conformance/cleanup-registry.js';
import { recordsOf, type CallOutcome } from './call-outcome.js';
import type { JsonRecord } from './sample-records.js';

/**
 * What one entry of the scenario's cleanup registry names, as read at one moment: the record of
 * an id (none when it does not exist), or the records carrying a marker. `unreadable` when the
 * read answered something else than 200, 204 or 404.
 */
export interface Sighting {
  entry: CleanupEntry<ClientIndexKey>;
  records: JsonRecord[] | 'unreadable';
}

/** The key of a registry entry: `events <id>`, or `events <field>=<marker>`. */
export const keyOf = (entry: CleanupEntry<ClientIndexKey>) =>
  'id' in entry ? `${entry.index} ${entry.id}` : `${entry.index} ${entry.where.target}=${entry.where.expr}`;

/** What a read of an entry (GET {base}/{id}, or GET {base} with a where on the marker) shows of it. */
export function sightingOf(entry: CleanupEntry<ClientIndexKey>, outcome: CallOutcome): Sighting {
  if (![200, 204, 404].includes(outcome.status)) return { entry, records: 'unreadable' };
  const named = (record: JsonRecord) => ('id' in entry ? record['id'] === entry.id : record[entry.where.target] === entry.where.expr);
  return { entry, records: recordsOf(outcome).filter(named) };
}

/**
 * The scenario's latest readable sighting of each entry, valid only while nothing but the kit's
 * own reads happened since it was read. A read by the kit (a setup read-back, a Then step's
 * read, a look at the records in sight) is the very request the look before an action sends
 * (the same operation, path and client), so what it showed is what that look would show: the
 * look takes it from here instead of asking again (issue 36: time to a verdict at a distance).
 *
 * Every other call — a create, update or delete, any action step's request (a read included: a
 * target may act on any request, and that is what the checks judge), a raw request — may change
 * what is stored: it empties the cache when it is sent and again when it ends, answered or not.
 * A read only fills the cache when no such call began or ended while it was under way (`epoch`
 * unchanged since it was sent) and none is under way when it ends, so a write running beside it
 * never leaves a stale sighting. The clean-up reads it too (hooks.ts): an entry seen gone is not
 * deleted again.
 */
export class SightingCache {
  private epoch = 0;
  /** Calls that may change what is stored, sent and not ended yet: while one is under way, no read is kept. */
  private changing = 0;
  private readonly sightings = new Map<string, Sighting>();

  /** The moment a read is sent; pass it to {@link fill} with what the read showed. */
  stamp(): number {
    return this.epoch;
  }

  /** A call that may change what is stored begins or ends: every sighting may be stale. */
  invalidate(): void {
    this.epoch += 1;
    this.sightings.clear();
  }

  /** A call that may change what is stored is sent: every sighting may be stale, and none is kept until it ends. */
  changeBegins(): void {
    this.changing += 1;
    this.invalidate();
  }

  /** That call ended, answered or not: what a read showed while it was under way may be stale too. */
  changeEnds(): void {
    this.changing -= 1;
    this.invalidate();
  }

  /**
   * Keeps what a read sent at `stamp` showed, unless a possible change came since, one is still
   * under way, or it was unreadable (then the look reads again).
   */
  fill(sighting: Sighting, stamp: number): void {
    if (stamp !== this.epoch || this.changing > 0 || sighting.records === 'unreadable') return;
    this.sightings.set(keyOf(sighting.entry), sighting);
  }

  /** The sighting of that entry still valid now, if any. */
  get(entry: CleanupEntry<ClientIndexKey>): Sighting | undefined {
    return this.sightings.get(keyOf(entry));
  }
}
