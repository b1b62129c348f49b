import type { ValidationMessage } from './envelope.js';
import { getOwnField, isJsonObject, type JsonObject } from './json-record.js';
import { singularOf } from './map-violations.js';

/** The reason given for a repeated entry id, e.g. `{"parameter.id": "duplicate"}`. */
export const DUPLICATE_ENTRY_ID = 'duplicate';

/**
 * The 406 message naming each list (by its singular) in which two entries share an id, or
 * undefined when every id is unique. Entries are addressed by id (seed §4.1 rule 5), so a
 * repeated id is refused on create and update (x-decisions update-merge).
 *
 * @example findDuplicateEntryIds({ parameters: [{ id: 'p' }, { id: 'p' }] }, ['parameters'])
 * // → { 'parameter.id': 'duplicate' }
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
        message[`${singularOf(list)}.id`] = DUPLICATE_ENTRY_ID;
        break;
      }
      seen.add(id);
    }
  }
  return Object.keys(message).length === 0 ? undefined : message;
}
