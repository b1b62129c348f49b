import { indexTable, type IndexName } from '../../generated/index-table.js';

/**
 * The spec's operationIds, for tests, logs and the mock controls. No request to the service
 * reaches this file, so it is not mutated (stryker.config.json, docs/mutation/README.md).
 */

const CALL_OF_METHOD: Readonly<Record<string, 'read' | 'create' | 'update' | 'delete'>> = { GET: 'read', POST: 'create', PUT: 'update', DELETE: 'delete' };

/**
 * The spec's operationId for a method on an index, with or without an id in the path
 * (e.g. `readNetworkLinkTypeById`, `deleteEvents`). Tests use it to check responses against the spec.
 */
export function operationIdFor(index: IndexName, method: string, byId: boolean): string {
  const row = indexTable.find((r) => r.name === index)!;
  const call = CALL_OF_METHOD[method.toUpperCase()];
  if (call === undefined) return byId ? `unknown${row.stem.one}ById` : `unknown${row.stem.one}`;
  return row.operations[call][byId ? 1 : 0];
}
