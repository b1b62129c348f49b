import type { CoreContext, CoreResponse } from './core-types.js';
import { envelopeItem, errorResponse, jsonResponse } from './envelope.js';
import type { IndexDefinition } from './index-definitions.js';
import type { IndexStore } from './index-store.js';
import type { StoredRecord } from './json-record.js';
import { NOTHING_FOUND, recordDeleted } from './messages.js';
import type { JsonBody } from './parse-json-body.js';
import { applyQuery } from './query/apply-query.js';
import type { Clause } from './query/match-clause.js';
import { parseQuery, type ParsedQuery } from './query/parse-query.js';
import { selectFields } from './select-fields.js';

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

/**
 * The query of a read or delete, and the records it picks: `{}` without one; 400 naming the field
 * when it is not a query (x-decisions query-validation): an unknown operator or query field, a
 * clause without target or expr, a bad regular expression, an `order` or `limit` of the wrong
 * shape, a value that is not an object (`[]`, `5` → `{"body": "must be object"}`). Invalid JSON
 * was answered 400 before.
 */
function pickRecords(index: IndexDefinition, id: string | undefined, body: JsonBody, context: CoreContext) {
  let query: ParsedQuery = {};
  if (body.present) {
    const parsed = parseQuery(body.value);
    if (!parsed.ok) return errorResponse(400, { [parsed.problem.field]: parsed.problem.reason });
    query = parsed.value;
  }
  return { query, records: applyQuery(candidateRecords(context.store[index.name], id, query.where), query) };
}

/**
 * Read (§4.1): every record without a where — no body, `{}` or select only — (rule 2; so
 * `200 []` for an empty index, x-decisions read-empty), narrowed by the path id and `where`,
 * sorted by `order` and cut by `limit` (x-decisions query-language), restricted by `select`
 * (rule 8). An id, a where or a limit that leaves nothing → 404 (§7), on an empty index too.
 */
export function readRecords(index: IndexDefinition, id: string | undefined, body: JsonBody, context: CoreContext): CoreResponse {
  const picked = pickRecords(index, id, body, context);
  if (!('query' in picked)) return picked;
  const { query, records } = picked;
  if ((id !== undefined || query.where || query.limit) && records.length === 0) return errorResponse(404, NOTHING_FOUND);
  return jsonResponse(200, query.select ? records.map((r) => selectFields(r, query.select!)) : records);
}

/**
 * Delete (§4.1): the record of the path id, the records the query picks (`where`, then
 * `order` and `limit`, x-decisions query-language), or — without a query — every record of the
 * index (rule 1). `select` is ignored. 205 with one item per deleted record, each with code 200
 * (§4.1); nothing to delete → 404 (x-decisions delete-nothing).
 */
export function deleteRecords(index: IndexDefinition, id: string | undefined, body: JsonBody, context: CoreContext): CoreResponse {
  const picked = pickRecords(index, id, body, context);
  if (!('query' in picked)) return picked;
  if (picked.records.length === 0) return errorResponse(404, NOTHING_FOUND);
  for (const record of picked.records) context.store[index.name].delete(record.id);
  return jsonResponse(
    205,
    picked.records.map((r) => envelopeItem(200, recordDeleted(r.id), 205)),
  );
}
