import type { IndexName } from './index-definitions.js';

/**
 * The spec's operationIds, for tests, logs and the mock controls. No request to the service
 * reaches this file, so it is not mutated (stryker.config.json, docs/mutation/README.md).
 */

/** operationId stem of each index in the spec, e.g. `Event` in createEvent / readEventById. */
const OPERATION_STEMS: Readonly<Record<IndexName, { one: string; many: string }>> = {
  event: { one: 'Event', many: 'Events' },
  'network-link-type': { one: 'NetworkLinkType', many: 'NetworkLinkTypes' },
  agent: { one: 'Agent', many: 'Agents' },
};

/**
 * The spec's operationId for a method on an index, with or without an id in the path
 * (e.g. `readNetworkLinkTypeById`, `deleteEvents`). Tests use it to check responses against the spec.
 */
export function operationIdFor(index: IndexName, method: string, byId: boolean): string {
  const stem = OPERATION_STEMS[index];
  const verb = { GET: 'read', POST: 'create', PUT: 'update', DELETE: 'delete' }[method.toUpperCase()] ?? 'unknown';
  if (byId) return `${verb}${stem.one}ById`;
  const pluralVerbs = verb === 'read' || verb === 'delete';
  return `${verb}${pluralVerbs ? stem.many : stem.one}`;
}
