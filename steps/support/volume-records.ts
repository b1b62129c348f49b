import type { ClientIndexKey } from '../../src/client/index.js';
import type { JsonRecord } from './sample-records.js';

/** The extra field (§2 rule 4) every record of a volume batch carries, with one value per batch. */
export const VOLUME_FIELD = 'volume_batch';

/**
 * A small valid record of the index, numbered: what a deployment holds by the hundred. Only the
 * fields an index requires (a link type's name, §2.2) and a number; every one is distinct.
 */
export function volumeRecord(index: ClientIndexKey, n: number): JsonRecord {
  switch (index) {
    case 'events':
      return { kind: 'volume', n };
    case 'networkLinkTypes':
      return { name: `Volume link ${n}`, n };
    case 'agents':
      return { n };
  }
}
