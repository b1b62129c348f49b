import { defineParameterType } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { indexTable } from '../src/server/core/index.js';

/**
 * Maps the description's words for an index (with an optional article) to the client's index key, so
 * one step serves all three indices (§4.1: "All three indices follow the same operation
 * pattern"). "an event", "the network link types", "an agent catalog entry", "agents" …
 */
export function indexFromWords(words: string): ClientIndexKey {
  const noun = words.replace(/^(?:an?|the)\s+/i, '').toLowerCase();
  const row = indexTable.find((r) => noun.startsWith(r.label.one));
  if (row === undefined) throw new Error(`not an index: ${words}`);
  return row.clientKey;
}

defineParameterType({
  name: 'index',
  regexp: /(?:an? |the )?(?:events?|network link types?|agent catalog entr(?:y|ies)|agents?)/,
  transformer: indexFromWords,
});

/** The four operations of §4.1, as a step says them. */
export type IndexOperation = 'create' | 'read' | 'update' | 'delete';

/** The HTTP method of each operation (§4.1). */
export const METHOD_OF = { create: 'POST', read: 'GET', update: 'PUT', delete: 'DELETE' } as const;

defineParameterType({
  name: 'operation',
  regexp: /create|read|update|delete/,
  transformer: (word: string): IndexOperation => word as IndexOperation,
});

/** The two operations of §4.1 that take a query (where, select) rather than a record. */
export type QueryOperation = 'read' | 'delete';

defineParameterType({
  name: 'query-operation',
  regexp: /read|delete/,
  transformer: (word: string): QueryOperation => word as QueryOperation,
});

/** The two path forms of §4.1, `{base}` and `{base}/{id}`, as the features write them. */
export type PathForm = 'base' | 'record';

defineParameterType({
  name: 'path',
  regexp: /\{base\}\/\{id\}|\{base\}/,
  transformer: (words: string): PathForm => (words === '{base}' ? 'base' : 'record'),
});
