import type { ValidationMessage } from './envelope.js';
import { getOwnField, isJsonObject, type JsonObject } from './json-record.js';
import { REPEATED_VALUES } from './messages.js';

/**
 * The 406 message naming each list in which two entries share an id, or undefined when every
 * id is unique. Entries are addressed by id (§4.1 rule 5), so a repeated id is refused on
 * create and update with the original service's wording (x-decisions entry-ids).
 *
 * @example findDuplicateEntryIds({ parameters: [{ id: 'p' }, { id: 'p' }] }, ['parameters'])
 * // → { parameters: 'Repeated values' }
 */
export function findDuplicateEntryIds(record: JsonObject, lists: readonly string[]): ValidationMessage | undefined {
  const message: ValidationMessage = {};
  for (const list of lists) {
    const entries = getOwnField(record, list);
    if (!Array.isArray(entries)) continue;
    const seen = new Set<unknown>();
    for (const entry of entries) {
      const id = isJsonObject(entry) ? getOwnField(entry, 'id') : undefined;
      if (id === undefined) continue;
      if (seen.has(id)) {
        message[list] = REPEATED_VALUES;
        break;
      }
      seen.add(id);
    }
  }
  return Object.keys(message).length === 0 ? undefined : message;
}
