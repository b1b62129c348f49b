import type { CoreRequest } from '../../src/server/core/core-types.js';
import type { BrokenVariant, Handle } from './broken-variants.js';
import { envelope, isBasePath, isObject, parseBody, rewriteBody, targetId, type Json } from './variant-helpers.js';

// Variants that break the data model's values (§2.2, §2.3, §3), the update of an unknown id
// (§4.2) or the exact wording the description fixes (§4.1, §7), each in one place only.

type EnumField = 'status' | 'type' | 'schema';
const ENUM_VALUES: Record<EnumField, readonly string[]> = {
  status: ['started', 'stopped', 'unknown'],
  type: ['integer', 'number', 'time-duration', 'string', 'choice', 'boolean', 'binary'],
  schema: ['yaml', 'json', 'properties', 'propeties'],
};
const ENUM_LISTS: Record<EnumField, { list: 'actions' | 'parameters'; inConfig: boolean }> = {
  status: { list: 'actions', inConfig: false },
  type: { list: 'parameters', inConfig: false },
  schema: { list: 'parameters', inConfig: true },
};

/**
 * Rewrites, in an agent create or update body, every value of the named enumerations that the
 * list does not hold: what a server that stores whatever it gets (or matches loosely) keeps.
 */
function bendEnums(request: CoreRequest, fields: EnumField[], bend: (field: EnumField, value: unknown) => unknown): CoreRequest {
  if ((request.method !== 'POST' && request.method !== 'PUT') || !request.path.startsWith('/catalog/agent')) return request;
  return rewriteBody(request, (body) => {
    const out: Json = { ...body };
    for (const field of fields) {
      const { list, inConfig } = ENUM_LISTS[field];
      if (!Array.isArray(out[list])) continue;
      out[list] = (out[list] as unknown[]).map((entry) => {
        if (!isObject(entry)) return entry;
        const holder = inConfig ? entry['config'] : entry;
        if (!isObject(holder) || !(field in holder) || ENUM_VALUES[field].includes(holder[field] as string)) return entry;
        const bent = { ...holder, [field]: bend(field, holder[field]) };
        return inConfig ? { ...entry, config: bent } : bent;
      });
    }
    return out;
  });
}

const firstValue = (field: EnumField) => ENUM_VALUES[field][0];
const lowerCase = (field: EnumField, value: unknown) => (typeof value === 'string' ? value.toLowerCase() : firstValue(field));

/** Turns a value of another JSON type into the string a coercing server would store. */
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function coerceFields(request: CoreRequest, base: string, fields: string[]): CoreRequest {
  if ((request.method !== 'POST' && request.method !== 'PUT') || !request.path.startsWith(base)) return request;
  return rewriteBody(request, (body) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fields.includes(k) && v !== undefined ? asText(v) : v])));
}

function coerceEntryDescriptions(request: CoreRequest): CoreRequest {
  if ((request.method !== 'POST' && request.method !== 'PUT') || !request.path.startsWith('/catalog/agent')) return request;
  return rewriteBody(request, (body) => {
    const out: Json = { ...body };
    for (const list of ['actions', 'parameters', 'resources']) {
      if (Array.isArray(out[list]))
        out[list] = (out[list] as unknown[]).map((e) => (isObject(e) && 'description' in e ? { ...e, description: asText(e['description']) } : e));
    }
    return out;
  });
}

/** Answers an update of an unknown id with `answer` instead of the core's refusal. */
function onUnknownUpdate(
  answer: (handle: Handle, request: CoreRequest) => ReturnType<Handle>,
  only?: (request: CoreRequest) => boolean,
): BrokenVariant['wrap'] {
  return (handle) => async (request) => {
    if (request.method !== 'PUT' || (only && !only(request))) return handle(request);
    const response = await handle(request);
    const unknown = response.status === 406 && JSON.stringify(response.body).includes('"not found"');
    return unknown ? answer(handle, request) : response;
  };
}

/** Creates the record an update of an unknown id names (an upsert), and answers its id. */
async function createInstead(handle: Handle, request: CoreRequest): Promise<string> {
  const id = targetId(request) ?? 'unknown';
  const body = parseBody(request);
  const base = isBasePath(request.path) ? request.path : request.path.slice(0, request.path.lastIndexOf('/'));
  await handle({ ...request, method: 'POST', path: base, body: JSON.stringify({ ...(isObject(body) ? body : {}), id, name: 'upserted' }) });
  return id;
}

/** Rewrites the status of every envelope item the core sends. */
function rewriteItemStatus(rewrite: (status: string) => string): BrokenVariant['wrap'] {
  return (handle) => async (request) => {
    const response = await handle(request);
    if (!Array.isArray(response.body)) return response;
    return {
      ...response,
      body: (response.body as Json[]).map((item) => (typeof item['status'] === 'string' ? { ...item, status: rewrite(item['status']) } : item)),
    };
  };
}

export const BROKEN_VALUE_VARIANTS: BrokenVariant[] = [
  {
    name: 'enum-values-not-checked',
    fails: '@check.enum-refused',
    breaks: '§2.3, §3: a value outside an enumeration is stored (here: as the first listed value)',
    wrap: (handle) => (request) => handle(bendEnums(request, ['status', 'type', 'schema'], firstValue)),
  },
  {
    name: 'enums-ignore-letter-case',
    fails: '@check.enum-letter-case',
    breaks: '§2.3, §3: enumerations are compared ignoring letter case ("Started" is taken as started)',
    wrap: (handle) => (request) => handle(bendEnums(request, ['status', 'type', 'schema'], lowerCase)),
  },
  {
    name: 'parameter-enums-not-checked',
    fails: '@check.parameter-enum-refused',
    breaks: '§2.3: parameter type and config schema accept any value (only the action status is checked)',
    wrap: (handle) => (request) => handle(bendEnums(request, ['type', 'schema'], firstValue)),
  },
  {
    name: 'enums-not-checked-on-update',
    fails: '@check.enum-refused-on-update',
    breaks: '§2.3, §3: enumerations are checked on create only; an update stores any value',
    wrap: (handle) => (request) => handle(request.method === 'PUT' ? bendEnums(request, ['status', 'type', 'schema'], firstValue) : request),
  },
  {
    name: 'link-type-strings-coerced',
    fails: '@check.link-type-field-type',
    breaks: '§2.2: a network link type name or description of another JSON type is stored as text',
    wrap: (handle) => (request) => handle(coerceFields(request, '/type/network-link', ['name', 'description'])),
  },
  {
    name: 'entry-descriptions-coerced',
    fails: '@check.entry-description-type',
    breaks: '§2.3: an action, parameter or resource description of another JSON type is stored as text',
    wrap: (handle) => (request) => handle(coerceEntryDescriptions(request)),
  },
  {
    name: 'update-unknown-id-404',
    fails: '@check.update-unknown-id',
    breaks: '§4.2: an update of an id that does not exist answers 404, which update does not list',
    wrap: onUnknownUpdate(async () => ({
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: [{ status: 'Not Found', code: 404, error: true, message: 'Nothing found' }],
    })),
  },
  {
    name: 'update-unknown-id-creates',
    fails: '@check.update-unknown-id',
    breaks: '§4.2: an update of an id that does not exist creates the record (and answers 200)',
    wrap: onUnknownUpdate(async (handle, request) => {
      const id = await createInstead(handle, request);
      return { status: 200, headers: { 'content-type': 'application/json' }, body: envelope('OK', 200, `Record with id=${id} updated`) };
    }),
  },
  {
    name: '204-still-acts',
    fails: '@check.update-unknown-id',
    breaks: '§7: an update of an id that does not exist answers 204 "nothing to update", but creates the record',
    wrap: onUnknownUpdate(async (handle, request) => {
      await createInstead(handle, request);
      return { status: 204, headers: {} };
    }),
  },
  {
    name: 'update-unknown-id-ok-on-base-path',
    fails: '@check.update-unknown-id-at-base',
    breaks: '§4.2: PUT {base} naming an unknown id answers 200 as if it had updated (nothing is stored)',
    wrap: onUnknownUpdate(
      async (_handle, request) => ({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: envelope('OK', 200, `Record with id=${targetId(request)} updated`),
      }),
      (request) => isBasePath(request.path),
    ),
  },
  {
    name: 'envelope-status-lower-case',
    fails: '@check.envelope-status',
    breaks: '§4.1: the envelope status is the reason phrase in lower case ("created"), not as HTTP spells it',
    wrap: rewriteItemStatus((status) => status.toLowerCase()),
  },
  {
    name: 'duplicate-message-reworded',
    fails: '@rule.4.1-rule-3',
    breaks: '§4.1 rule 3, §7: a duplicate id answers 406 with "ID already found" instead of "Id already found"',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      if (response.status !== 406 || !Array.isArray(response.body)) return response;
      return {
        ...response,
        body: (response.body as Json[]).map((item) => (item['message'] === 'Id already found' ? { ...item, message: 'ID already found' } : item)),
      };
    },
  },
];
