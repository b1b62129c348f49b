import type { CoreRequest, CoreResponse } from '../../src/server/core/core-types.js';
import type { BrokenVariant, FaultContext } from './broken-variants.js';
import { coreIndexOf, idInPath, isObject, parseBody, targetId, type Json } from './variant-helpers.js';

// Variants whose answer says nothing was done while something was (§7: 204 nothing to act
// on, 304 no change needed, 404 nothing matches, a refusal): the status is right, the store is
// not. Each lies in one place.

/**
 * A check the server makes after carrying out the request: the answer is the core's `status`,
 * but the request is first handled again as if it had passed the check.
 */
function checkedAfterActing(status: number, passing: (request: CoreRequest, context: FaultContext) => CoreRequest): BrokenVariant['wrap'] {
  return (handle, context) => async (request) => {
    const response = await handle(request);
    if (response.status === status) await handle(passing(request, context));
    return response;
  };
}

/** True when a 406 names a missing field (§4.1 rule 4: the message maps it to `required`). */
function namesAMissingField(response: CoreResponse): boolean {
  const items = Array.isArray(response.body) ? (response.body as unknown[]).filter(isObject) : [];
  return items.some((item) => isObject(item['message']) && Object.values(item['message']).includes('required'));
}

export const BROKEN_NOTHING_DONE_VARIANTS: BrokenVariant[] = [
  {
    name: 'refusal-still-stores',
    fails: '@check.missing-field',
    breaks: '§4.1 rule 4, §7: a create that lacks a required field answers 406 naming it, but the record is stored',
    wrap:
      (handle, { store }) =>
      async (request) => {
        const response = await handle(request);
        const index = coreIndexOf(request.path);
        const body = parseBody(request);
        const id = targetId(request);
        if (request.method === 'POST' && response.status === 406 && index && isObject(body) && id !== undefined && namesAMissingField(response)) {
          store[index].put({ ...body, id });
        }
        return response;
      },
  },
  {
    name: '401-after-acting',
    fails: '@check.401-acts-on-nothing',
    breaks: '§5: a request whose token fails answers 401, but only after it was carried out',
    wrap: checkedAfterActing(401, (request, { validToken }) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${validToken}` } })),
  },
  {
    name: '415-after-acting',
    fails: '@check.415-acts-on-nothing',
    breaks: '§7: a body not sent as JSON answers 415, but only after the request was carried out',
    wrap: checkedAfterActing(415, (request) => ({ ...request, headers: { ...request.headers, 'content-type': 'application/json' } })),
  },
  {
    name: 'delete-404-still-deletes',
    fails: '@check.delete-where-not-holding',
    breaks: '§7: DELETE {base}/{id} whose where does not hold answers 404 "nothing matches", but deletes the record the path names',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      if (request.method === 'DELETE' && idInPath(request.path) !== undefined && response.status === 404) {
        await handle({ ...request, body: undefined, query: undefined });
      }
      return response;
    },
  },
  {
    name: '304-still-changes',
    fails: '@check.update-changing-nothing',
    breaks: '§4.1 update, §7: an update that changes nothing answers 304, but stamps the record with the time of the update',
    wrap:
      (handle, { store }) =>
      async (request) => {
        const response = await handle(request);
        const index = coreIndexOf(request.path);
        const id = targetId(request);
        const current = index && id !== undefined ? store[index].get(id) : undefined;
        if (request.method === 'PUT' && response.status === 304 && index && current) {
          store[index].put({ ...current, updated_at: new Date().toISOString() } as Json & { id: string });
        }
        return response;
      },
  },
];
