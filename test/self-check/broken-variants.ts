import type { CoreRequest, CoreResponse } from '../../src/server/core/core-types.js';
import type { ReferenceCoreOptions } from '../../src/server/core/reference-core.js';
import type { Store } from '../../src/server/core/store.js';
import { BROKEN_AGENT_VARIANTS } from './broken-agent-variants.js';
import { BROKEN_CHANGE_DETECTION_VARIANTS } from './broken-change-detection-variants.js';
import { BROKEN_ID_AND_AUTH_VARIANTS } from './broken-id-and-auth-variants.js';
import { BROKEN_NOTHING_DONE_VARIANTS } from './broken-nothing-done-variants.js';
import { BROKEN_RECORD_PATH_VARIANTS } from './broken-record-path-variants.js';
import { BROKEN_VALUE_VARIANTS } from './broken-value-variants.js';
import { BROKEN_EXTENSION_VARIANTS } from './extension-variants.js';
import { envelope, idInPath, isBasePath, isObject, parseBody, rewriteBody, type Json } from './variant-helpers.js';

/** The core's request handler, which a variant wraps to inject one fault. */
export type Handle = (request: CoreRequest) => Promise<CoreResponse>;

/**
 * What a fault may need: a token the server accepts (to bypass its authentication), and the
 * core's store (to act behind the core's back: keep a record it refused, put back one it changed).
 */
export interface FaultContext {
  validToken: string;
  store: Store;
}

/** A reference server changed by a wrapper: one that breaks exactly one documented rule, or a faithful alternative. */
export interface BrokenVariant {
  name: string;
  /** The rule of the description it breaks (for a faithful alternative: what it chooses differently). */
  breaks: string;
  /**
   * A broken variant's expected failures, as a cucumber tag expression over the features' tags:
   * the rule it breaks (`@rule.<id>`, the row of features/RULES.md) or the class of check it
   * defeats (`@check.<class>`). It must fail exactly the scenarios this selects among those its run
   * selects (broken-variant-expectations.ts). A faithful alternative has none: it fails nothing.
   */
  fails?: string;
  /** Options for createReferenceCore beyond auth (no preload, another seed, other generated ids). */
  coreOptions?: Omit<ReferenceCoreOptions, 'auth'>;
  /**
   * The profile the self-check runs it with; default extended. A faithful alternative of the
   * seed runs with core: the extensions fix what the description leaves open (a readonly id is 406).
   */
  profile?: 'core' | 'extended';
  wrap(handle: Handle, context: FaultContext): Handle;
}

/** Top-level fields the description tabulates per index (§2.1–2.3); everything else is "extra". */
const TABULATED: Array<[string, string[]]> = [
  ['/event', ['id']],
  ['/type/network-link', ['id', 'name', 'description']],
  ['/catalog/agent', ['id', 'actions', 'parameters', 'resources']],
];

/**
 * The broken variants of the self-check. Each wraps the reference core's `handle` and breaks one
 * rule of the description; its `fails` tag expression selects the scenarios it must fail (broken-variant-expectations.ts).
 */
export const BROKEN_VARIANTS: BrokenVariant[] = [
  {
    name: 'duplicate-id-created',
    fails: '@rule.4.1-rule-3',
    breaks: '§4.1 rule 3: a duplicate id answers 201 instead of 406 "Id already found"',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      const first = Array.isArray(response.body) ? (response.body[0] as Json | undefined) : undefined;
      if (request.method !== 'POST' || response.status !== 406 || first?.['message'] !== 'Id already found') return response;
      const body = parseBody(request);
      const id = idInPath(request.path) ?? (isObject(body) ? String(body['id']) : '?');
      return { ...response, status: 201, body: envelope('Created', 201, `Record with id=${id} created`) };
    },
  },
  {
    name: 'duplicate-id-in-path-overwrites',
    fails: '@check.duplicate-id-in-path',
    breaks: '§4.1 rule 3: POST {base}/{id} with an existing id replaces the record instead of 406 "Id already found"',
    wrap: (handle) => async (request) => {
      const id = idInPath(request.path);
      if (request.method !== 'POST' || id === undefined) return handle(request);
      const first = await handle(request);
      if (first.status !== 406 || !Array.isArray(first.body) || (first.body[0] as Json | undefined)?.['message'] !== 'Id already found') return first;
      await handle({ ...request, method: 'DELETE', body: undefined });
      return handle(request);
    },
  },
  {
    name: 'delete-answers-200',
    fails: '@check.delete-envelope or @check.delete-status',
    breaks: '§4.1 delete: answers HTTP 200 instead of 205',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      return response.status === 205 ? { ...response, status: 200 } : response;
    },
  },
  {
    name: 'delete-envelope-code-205',
    fails: '@check.delete-envelope or @check.delete-status',
    breaks: '§4.1 delete: envelope code 205 instead of 200',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      if (response.status !== 205 || !Array.isArray(response.body)) return response;
      return { ...response, body: response.body.map((item) => ({ ...(item as Json), code: 205 })) };
    },
  },
  {
    name: 'missing-name-accepted',
    fails: '@check.missing-field and @network-link-types',
    breaks: '§2.2 / §4.1 rule 4: a network link type without name is created',
    wrap: (handle) => async (request) => {
      if (request.method !== 'POST' || !request.path.startsWith('/type/network-link')) return handle(request);
      return handle(rewriteBody(request, (body) => ('name' in body ? body : { ...body, name: 'unnamed' })));
    },
  },
  {
    name: 'select-ignored',
    fails: '@check.select-applied',
    breaks: '§4.1 rule 8: read ignores select and returns whole records',
    wrap: (handle) => (request) => handle(request.method === 'GET' ? rewriteBody(request, ({ select: _select, ...rest }) => rest) : request),
  },
  {
    name: 'where-ignored-on-read',
    fails: '@check.where-applied-on-read',
    breaks: '§4.1 query body: read ignores where.equals',
    wrap: (handle) => (request) => handle(request.method === 'GET' ? rewriteBody(request, ({ where: _where, ...rest }) => rest) : request),
  },
  {
    name: 'delete-all-deletes-nothing',
    fails: '@rule.4.1-rule-1',
    breaks: '§4.1 rule 1: delete without a body answers 205 but removes nothing',
    wrap: (handle) => async (request) => {
      if (request.method !== 'DELETE' || !isBasePath(request.path) || (request.body ?? '').trim() !== '') return handle(request);
      const auth = await handle({ ...request, method: 'GET' }); // keeps 401 for a bad token
      if (auth.status === 401) return auth;
      return { status: 205, headers: { 'content-type': 'application/json' }, body: envelope('Reset Content', 200, 'All records deleted') };
    },
  },
  {
    name: 'delete-without-auth',
    fails: '@check.auth-on-delete',
    breaks: '§5: DELETE does not check the token',
    wrap:
      (handle, { validToken }) =>
      (request) =>
        handle(request.method === 'DELETE' ? { ...request, headers: { ...request.headers, authorization: `Bearer ${validToken}` } } : request),
  },
  {
    name: 'auth-only-on-base-path',
    fails: '@check.auth-on-record-path',
    breaks: '§5: requests on a record path ({base}/{id}) are not authenticated',
    wrap:
      (handle, { validToken }) =>
      (request) =>
        handle(idInPath(request.path) === undefined ? request : { ...request, headers: { ...request.headers, authorization: `Bearer ${validToken}` } }),
  },
  {
    name: 'where-matches-prefix-on-read',
    fails: '@check.equals-exactly',
    breaks: '§4.1 query body: read matches where.equals by prefix instead of equality',
    wrap: readMatchingWhere((value, expr) => value.startsWith(expr)),
  },
  {
    name: 'where-ignores-letter-case-on-read',
    fails: '@check.equals-exactly',
    breaks: '§4.1 query body: read matches where.equals ignoring letter case',
    wrap: readMatchingWhere((value, expr) => value.toLowerCase() === expr.toLowerCase()),
  },
  {
    name: 'envelope-status-not-reason-phrase',
    fails: '@check.envelope-status',
    breaks: '§4.1 envelope: status holds "success"/"failure" instead of the HTTP reason phrase',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      if (!Array.isArray(response.body)) return response;
      const items = response.body as Json[];
      if (!items.every((item) => isObject(item) && 'code' in item)) return response;
      return { ...response, body: items.map((item) => ({ ...item, status: item['error'] === true ? 'failure' : 'success' })) };
    },
  },
  {
    name: 'update-needs-path-id',
    fails: '@check.update-names-record-in-body',
    breaks: '§4.1 update: PUT {base} with the target id in the body is refused (406 {"id": "required"})',
    wrap: (handle) => async (request) => {
      if (request.method !== 'PUT' || !isBasePath(request.path)) return handle(request);
      const response = await handle(request);
      if (response.status === 401) return response;
      return { status: 406, headers: response.headers, body: [{ status: 'Not Acceptable', code: 406, error: true, message: { id: 'required' } }] };
    },
  },
  {
    name: 'token-signature-not-checked',
    fails: '@check.token-signature',
    breaks: '§5: any token of JWT shape is accepted (expired, not yet valid, wrong signature)',
    wrap:
      (handle, { validToken }) =>
      (request) => {
        const jwtShaped = /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(request.headers['authorization'] ?? '');
        return handle(jwtShaped ? { ...request, headers: { ...request.headers, authorization: `Bearer ${validToken}` } } : request);
      },
  },
  {
    name: 'update-never-304',
    fails: '@check.update-changing-nothing',
    breaks: '§4.1 update: answers 200 even when nothing changes',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      if (response.status !== 304) return response;
      return { status: 200, headers: { 'content-type': 'application/json' }, body: envelope('OK', 200, `Record with id=${idInPath(request.path)} updated`) };
    },
  },
  {
    name: 'extra-fields-dropped',
    fails: '@check.extra-fields-kept',
    breaks: '§2 rule 4: fields beyond the tables are not stored',
    wrap: (handle) => (request) => {
      const keep = TABULATED.find(([base]) => request.path === base || request.path.startsWith(`${base}/`))?.[1];
      if (!keep || (request.method !== 'POST' && request.method !== 'PUT')) return handle(request);
      return handle(rewriteBody(request, (body) => Object.fromEntries(Object.entries(body).filter(([k]) => keep.includes(k)))));
    },
  },
  {
    name: 'media-type-not-enforced',
    fails: '@rule.7-media-type',
    breaks: '§7: a body sent as text/plain is accepted instead of 415',
    wrap: (handle) => (request) => handle({ ...request, headers: { ...request.headers, 'content-type': 'application/json' } }),
  },
  {
    name: 'media-type-enforced-on-create-only',
    fails: '@rule.7-media-type and not @check.media-type-on-create',
    breaks: '§7: only create answers 415 for a body not sent as JSON; read, update and delete accept it',
    wrap: (handle) => (request) =>
      handle(request.method === 'POST' ? request : { ...request, headers: { ...request.headers, 'content-type': 'application/json' } }),
  },
  {
    name: 'non-object-body-crashes',
    fails: '@check.body-not-an-object',
    breaks: '§4.2: a create or update body that is JSON but not an object or a list (42, "text", true) answers 500 instead of a refusal',
    wrap: (handle) => (request) => {
      const body = request.method === 'POST' || request.method === 'PUT' ? parseBody(request) : undefined;
      if (body === undefined || body === null || typeof body === 'object') return handle(request);
      return Promise.resolve({
        status: 500,
        headers: { 'content-type': 'application/json' },
        body: [{ status: 'Internal Server Error', code: 500, error: true, message: 'Cannot read properties of a non-object body' }],
      });
    },
  },
  {
    name: 'missing-field-message-as-text',
    fails: '@check.message-names-the-field',
    breaks: '§4.1 rule 4: the 406 message is a sentence instead of {field: "required"}',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      if (response.status !== 406 || !Array.isArray(response.body)) return response;
      return {
        ...response,
        body: response.body.map((item) => {
          const message = (item as Json)['message'];
          return isObject(message) ? { ...(item as Json), message: `Missing required data: ${Object.keys(message).join(', ')}` } : item;
        }),
      };
    },
  },
  {
    name: 'no-preloaded-link-types',
    fails: '@rule.2.2-preload',
    breaks: '§2.2: the point-to-point and slice link types are not preloaded',
    coreOptions: { preload: false },
    wrap: (handle) => handle,
  },
  ...BROKEN_AGENT_VARIANTS,
  ...BROKEN_ID_AND_AUTH_VARIANTS,
  ...BROKEN_VALUE_VARIANTS,
  ...BROKEN_RECORD_PATH_VARIANTS,
  ...BROKEN_NOTHING_DONE_VARIANTS,
  ...BROKEN_CHANGE_DETECTION_VARIANTS,
  ...BROKEN_EXTENSION_VARIANTS,
];

/**
 * A read that applies where.equals with its own comparison instead of equality (§4.1 query
 * body): the records of the index are read in full, then filtered and selected here.
 */
function readMatchingWhere(matches: (value: string, expr: string) => boolean): BrokenVariant['wrap'] {
  return (handle) => async (request) => {
    const query = request.method === 'GET' ? parseBody(request) : undefined;
    // Only the description's query (select and where.equals, in the body): the extensions' order, limit
    // and ?q= are left to the core, so the variant breaks equality alone.
    const seedOnly = isObject(query) && Object.keys(query).every((k) => k === 'select' || k === 'where') && !/(?:^|&)q=/.test(request.query ?? '');
    const where = isObject(query) && isObject(query['where']) && Object.keys(query['where']).length === 1 ? query['where'] : undefined;
    const equals = seedOnly && where ? where['equals'] : undefined;
    if (!isObject(equals) || typeof equals['target'] !== 'string' || typeof equals['expr'] !== 'string') return handle(request);
    const { target, expr } = { target: equals['target'], expr: equals['expr'] };
    const all = await handle({ ...request, body: undefined });
    if (all.status !== 200 || !Array.isArray(all.body)) return all;
    const select = isObject(query) && Array.isArray(query['select']) ? (query['select'] as string[]) : undefined;
    const matching = (all.body as Json[])
      .filter((record) => typeof record[target] === 'string' && matches(record[target] as string, expr))
      .map((record) => (select ? Object.fromEntries(select.filter((f) => f in record).map((f) => [f, record[f]])) : record));
    if (matching.length === 0) return { ...all, status: 404, body: [{ status: 'Not Found', code: 404, error: true, message: 'Nothing found' }] };
    return { ...all, body: matching };
  };
}
