import type { CoreRequest, CoreResponse } from '../../src/server/core/core-types.js';
import type { BrokenVariant, Handle } from './broken-variants.js';
import { isObject, parseBody, type Json } from './variant-helpers.js';

// Variants of the extensions (spec x-extension): each broken one breaks one extension rule; the
// faithful one chooses differently where the extensions leave the choice open.

/** The query of a read or delete, from the body or the q parameter, rewritten before the core sees it. */
function rewriteQuery(request: CoreRequest, rewrite: (query: Json) => Json): CoreRequest {
  if (request.method !== 'GET' && request.method !== 'DELETE') return request;
  const params = new URLSearchParams(request.query ?? '');
  // q given more than once is left for the core to refuse (setting it would keep only one).
  if (params.getAll('q').length > 1) return request;
  const q = params.get('q');
  if (q !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(q);
    } catch {
      return request;
    }
    if (!isObject(parsed)) return request;
    params.set('q', JSON.stringify(rewrite(parsed)));
    return { ...request, query: params.toString() };
  }
  const body = parseBody(request);
  return isObject(body) ? { ...request, body: JSON.stringify(rewrite(body)) } : request;
}

/** Applies `change` to every clause object of a where, depth first. */
function mapClauses(clause: unknown, change: (clause: Json) => Json): unknown {
  if (Array.isArray(clause)) return clause.map((c) => mapClauses(c, change));
  if (!isObject(clause)) return clause;
  const mapped = Object.fromEntries(Object.entries(clause).map(([op, value]) => [op, ['and', 'or', 'not'].includes(op) ? mapClauses(value, change) : value]));
  return change(mapped);
}

function rewriteWhere(request: CoreRequest, change: (clause: Json) => Json): CoreRequest {
  return rewriteQuery(request, (query) => (query['where'] === undefined ? query : { ...query, where: mapClauses(query['where'], change) }));
}

const items = (response: CoreResponse): Json[] | undefined => (Array.isArray(response.body) ? (response.body as Json[]) : undefined);

/** A create or update batch that holds an entry which is not an object, or undefined. */
function batchWithANonObject(request: CoreRequest): unknown[] | undefined {
  if (request.method !== 'POST' && request.method !== 'PUT') return undefined;
  const body = parseBody(request);
  return Array.isArray(body) && body.some((entry) => !isObject(entry)) ? body : undefined;
}

/**
 * The other reading of the batch text: the records are handled one by one, so an entry that is
 * not an object gets its own 406 item and the records around it are still created or updated.
 */
function refuseNonObjectEntriesOneByOne(handle: Handle): Handle {
  return async (request) => {
    const batch = batchWithANonObject(request);
    const records = batch?.filter(isObject) ?? [];
    if (!batch || records.length === 0) return handle(request);
    const response = await handle({ ...request, body: JSON.stringify(records) });
    const handled = items(response);
    if (!handled || handled.length !== records.length) return response;
    let next = 0;
    const notARecord = { status: 'Not Acceptable', code: 406, error: true, message: { record: 'must be an object' } };
    return { ...response, status: 406, body: batch.map((entry) => (isObject(entry) ? handled[next++] : notARecord)) };
  };
}

export const BROKEN_EXTENSION_VARIANTS: BrokenVariant[] = [
  {
    name: 'reg-exp-matches-a-substring',
    fails: '@check.reg-exp-whole',
    breaks: 'query language: reg_exp matches when the value only contains a match, not when the whole value matches',
    wrap: (handle) => (request) =>
      handle(
        rewriteWhere(request, (clause) => {
          const regExp = clause['reg_exp'];
          if (!isObject(regExp) || typeof regExp['expr'] !== 'string') return clause;
          return { ...clause, reg_exp: { ...regExp, expr: `.*(?:${regExp['expr']}).*` } };
        }),
      ),
  },
  {
    name: 'limit-to-exclusive',
    fails: '@check.limit-to-inclusive',
    breaks: 'query language: limit.to is taken as exclusive (one record short)',
    wrap: (handle) => (request) =>
      handle(
        rewriteQuery(request, (query) => {
          const limit = query['limit'];
          if (!isObject(limit) || typeof limit['to'] !== 'number' || limit['to'] <= (Number(limit['from']) || 0)) return query;
          return { ...query, limit: { ...limit, to: limit['to'] - 1 } };
        }),
      ),
  },
  {
    name: 'order-ignored',
    fails: '@check.order-applied',
    breaks: 'query language: order is ignored (records come in stored order)',
    wrap: (handle) => (request) =>
      handle(
        rewriteQuery(request, (query) => {
          const { order: _order, ...rest } = query;
          return rest;
        }),
      ),
  },
  {
    name: 'or-taken-as-and',
    fails: '@check.or-clauses',
    breaks: 'query language: or needs every clause, as and does',
    wrap: (handle) => (request) =>
      handle(
        rewriteWhere(request, (clause) => {
          if (clause['or'] === undefined) return clause;
          const { or, ...rest } = clause;
          return { ...rest, and: or };
        }),
      ),
  },
  {
    name: 'q-ignored',
    fails: '@check.q-applied',
    breaks: 'query parameter: ?q= is ignored (a read answers every record, a delete by id deletes it)',
    wrap: (handle) => (request) => handle({ ...request, query: undefined }),
  },
  {
    name: 'batch-status-of-the-first-item',
    fails: '@rule.ext-batch-status',
    breaks: 'batches: the HTTP status is the code of the first item, not of the most severe one',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      const list = items(response);
      if ((request.method !== 'POST' && request.method !== 'PUT') || !list || list.length < 2) return response;
      const first = list[0]!['code'];
      return typeof first === 'number' ? { ...response, status: first } : response;
    },
  },
  {
    name: 'create-items-without-id',
    fails: '@rule.ext-create-item-id',
    breaks: 'create: the envelope item of a created record does not carry the id as a field',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      const list = items(response);
      if (request.method !== 'POST' || !list) return response;
      return { ...response, body: list.map(({ id: _id, ...item }) => item) };
    },
  },
  {
    name: 'batch-non-object-entry-crashes',
    fails: '@rule.ext-batch-not-a-record',
    breaks: 'batches: a batch holding an entry that is not an object answers 500 instead of a refusal',
    wrap: (handle) => (request) =>
      batchWithANonObject(request)
        ? Promise.resolve({
            status: 500,
            headers: { 'content-type': 'application/json' },
            body: [{ status: 'Internal Server Error', code: 500, error: true, message: 'entry is not an object' }],
          })
        : handle(request),
  },
  {
    name: 'readonly-id-answers-400',
    fails: '@rule.ext-readonly-id',
    breaks: 'stricter validation: an update changing the id answers 400 without naming the field (faithful to the description, not to the extension)',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      const readonly =
        request.method === 'PUT' && response.status === 406 && items(response)?.some((i) => isObject(i['message']) && i['message']['id'] === 'Readonly field');
      return readonly ? { ...response, status: 400, body: [{ status: 'Bad Request', code: 400, error: true, message: 'id cannot change' }] } : response;
    },
  },
];

/** Where the extensions leave a choice open, another choice must not fail the extended profile. */
export const FAITHFUL_EXTENSION_ALTERNATIVE: BrokenVariant = {
  name: 'extension-other-choices',
  breaks:
    'nothing: query problems told in a sentence (naming the field) rather than a field object, the original wording with its period ' +
    '("Readonly field.", "Repeated values."), reads without an order in reverse stored order, a 304 item that says "unchanged", ' +
    'a batch entry that is not an object refused as its own 406 item while the other records are created',
  wrap: (inner) => async (request) => {
    const handle = refuseNonObjectEntriesOneByOne(inner);
    const response = await handle(request);
    const list = items(response);
    if (!list) return response;
    if (response.status === 400) {
      const body = list.map((item) =>
        isObject(item['message'])
          ? {
              ...item,
              message: Object.entries(item['message'])
                .map(([field, reason]) => `${field}: ${String(reason)}`)
                .join('; '),
            }
          : item,
      );
      return { ...response, body };
    }
    if (request.method === 'GET' && response.status === 200) {
      const query = new URLSearchParams(request.query ?? '').get('q') ?? request.body ?? '';
      return query.includes('"order"') ? response : { ...response, body: [...list].reverse() };
    }
    const withPeriod = (message: unknown) =>
      isObject(message)
        ? Object.fromEntries(Object.entries(message).map(([k, v]) => [k, v === 'Readonly field' || v === 'Repeated values' ? `${v}.` : v]))
        : message;
    return { ...response, body: list.map((item) => ({ ...item, message: item['code'] === 304 ? 'unchanged' : withPeriod(item['message']) })) };
  },
};
