import type { IndexStore } from './index-store.js';
import type { StoredRecord } from './json-record.js';
import type { Clause } from './query/match-clause.js';

/** The id a clause pins: `equals` on `id`, alone or inside an `and`; undefined when it pins none. */
// Stryker disable next-line BlockStatement: equivalent: the id-index shortcut, the query is applied to what it returns (docs/mutation/SURVIVORS.md)
export function pinnedId(clause: Clause | undefined): string | undefined {
  // Stryker disable next-line StringLiteral: equivalent: the id-index shortcut, the query is applied to what it returns (docs/mutation/SURVIVORS.md)
  if (clause?.op === 'equals' && clause.target === 'id') return clause.expr;
  // Stryker disable next-line StringLiteral: equivalent: the id-index shortcut, the query is applied to what it returns (docs/mutation/SURVIVORS.md)
  if (clause?.op !== 'and') return undefined;
  // Every clause of an `and` must hold, so the id any of them pins is pinned by the whole.
  // Stryker disable next-line ArrowFunction,ConditionalExpression,EqualityOperator: equivalent: the id-index shortcut, the query is applied to what it returns (docs/mutation/SURVIVORS.md)
  return clause.clauses.map(pinnedId).find((id) => id !== undefined);
}

/**
 * The stored (frozen, not copied) records a read or delete must look at before its query is
 * applied: the one record of the path id, or of a `where` that pins the id (the store's id index
 * answers both without a scan), else every record. Every stored record has its id as an own
 * string field, so a record another id would miss cannot match `equals` on `id`
 * (x-decisions where-equals); the query itself is still applied to what this returns.
 */
export function candidateRecords(store: IndexStore, id: string | undefined, where: Clause | undefined): Array<Readonly<StoredRecord>> {
  const key = id ?? pinnedId(where);
  if (key === undefined) return [...store.values()];
  const record = store.peek(key);
  return record === undefined ? [] : [record];
}
