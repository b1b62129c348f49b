// The types a World holds while it watches an action step: kept apart from the code that fills
// them, which reads the World, so that the World's own type imports nothing that imports it.
import type { ClientIndexKey } from '../../src/client/index.js';
import type { CleanupEntry } from '../../src/conformance/cleanup-registry.js';
import type { CallOutcome } from './call-outcome.js';
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

/**
 * The records a scenario can see: every id and marker it registered for cleanup — the records it
 * made, the spare ids it named, the markers of records created without an id. Only these: a
 * deployment holds other clients' data, which may change at any time.
 */
export type RecordsInSight = Map<string, Sighting>;

/** One action step under watch: the records in sight before it, and every answer it got. */
export interface ActionWatch {
  before: RecordsInSight;
  outcomes: CallOutcome[];
}
