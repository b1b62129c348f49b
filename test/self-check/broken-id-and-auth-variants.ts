import type { BrokenVariant } from './broken-variants.js';
import { idInPath, isObject, parseBody } from './variant-helpers.js';

/** Variants of id generation (§2 rule 3), unknown ids (§7) and token checks (§5). */
export const BROKEN_ID_AND_AUTH_VARIANTS: BrokenVariant[] = [
  {
    name: 'constant-generated-id',
    fails: '@check.generated-ids-differ',
    breaks: '§2 rule 3: every create without an id gets the same generated id',
    coreOptions: { generateId: () => 'generated' },
    wrap: (handle) => handle,
  },
  {
    name: 'read-unknown-id-answers-empty-list',
    fails: '@check.read-by-id-finds-nothing',
    breaks: '§7: a read naming an id that does not exist answers 200 [] instead of 404',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      if (request.method !== 'GET' || idInPath(request.path) === undefined || response.status !== 404) return response;
      return { ...response, status: 200, body: [] };
    },
  },
  {
    name: 'same-id-in-path-and-body-refused',
    fails: '@check.same-id-in-path-and-body',
    breaks: '§4.1: POST {base}/{id} whose body names the same id is refused with 406 instead of created',
    wrap: (handle) => async (request) => {
      const id = idInPath(request.path);
      const body = request.method === 'POST' && id !== undefined ? parseBody(request) : undefined;
      if (!isObject(body) || body['id'] !== id) return handle(request);
      return {
        status: 406,
        headers: { 'content-type': 'application/json' },
        body: [{ status: 'Not Acceptable', code: 406, error: true, message: { id: 'Readonly field' } }],
      };
    },
  },
  {
    name: 'alg-none-accepted',
    fails: '@rule.5-unsigned-token',
    breaks: '§5: an unsigned token (alg none) is accepted',
    wrap:
      (handle, { validToken }) =>
      (request) => {
        const token = /^Bearer ([\w-]+)\.[\w-]+\.$/.exec(request.headers['authorization'] ?? '')?.[1];
        const header = token ? Buffer.from(token, 'base64url').toString('utf8') : '';
        const unsigned = /"alg"\s*:\s*"none"/.test(header);
        return handle(unsigned ? { ...request, headers: { ...request.headers, authorization: `Bearer ${validToken}` } } : request);
      },
  },
];
