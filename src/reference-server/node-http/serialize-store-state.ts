import { INDEX_NAMES, type Store } from '../core/index.js';

/**
 * Every index of a store as the text of a `--seed` file, one record per line:
 *
 *     {
 *     "event": [
 *       {"id":"e1","kind":"link-down"},
 *       {"id":"e2","kind":"link-up"}
 *     ],
 *     "network-link-type": [ … ],
 *     "agent": []
 *     }
 *
 * A data file kept under version control shows a changed record as one changed line. The stored
 * records are read as they are (frozen, no copies), so 100 000 records cost one pass.
 */
export function serializeStoreState(store: Store): string {
  const indices = INDEX_NAMES.map((name) => {
    const lines: string[] = [];
    for (const record of store[name].values()) lines.push(JSON.stringify(record));
    return `${JSON.stringify(name)}: [${lines.length === 0 ? '' : `\n  ${lines.join(',\n  ')}\n`}]`;
  });
  return `{\n${indices.join(',\n')}\n}\n`;
}
