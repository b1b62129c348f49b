import type { CoreRequest } from '../../src/server/core/core-types.js';
import type { BrokenVariant } from './broken-variants.js';
import { isObject, parseBody, rewriteBody, type Json } from './variant-helpers.js';

type Entry = Json & { config?: unknown };
const LISTS = ['actions', 'parameters', 'resources'] as const;
const TABULATED_ENTRY_FIELDS: Record<(typeof LISTS)[number], string[]> = {
  actions: ['id', 'config', 'status', 'description', 'example'],
  parameters: ['id', 'type', 'config', 'description', 'example'],
  resources: ['id', 'config', 'description', 'example'],
};
const TABULATED_CONFIG_FIELDS: Record<(typeof LISTS)[number], string[]> = {
  actions: ['cmd'],
  parameters: ['schema', 'source', 'path'],
  resources: ['path'],
};

const isAgentWrite = (method: string, path: string) => (method === 'POST' || method === 'PUT') && path.startsWith('/catalog/agent');
const entriesOf = (body: Json, list: ListName) => (Array.isArray(body[list]) ? (body[list] as unknown[]).filter(isObject) : []) as Entry[];
const pick = (value: Json, keep: string[]) => Object.fromEntries(Object.entries(value).filter(([key]) => keep.includes(key)));
type ListName = (typeof LISTS)[number];

/** Rewrites every entry of the agent's lists in a create or update body before the core sees it. */
function rewriteEntries(request: CoreRequest, rewrite: (list: ListName, entry: Entry, position: number) => Json): CoreRequest {
  if (!isAgentWrite(request.method, request.path)) return request;
  return rewriteBody(request, (body) => {
    const out: Json = { ...body };
    for (const list of LISTS) {
      if (Array.isArray(body[list])) out[list] = entriesOf(body, list).map((entry, position) => rewrite(list, entry, position));
    }
    return out;
  });
}

const refuse = (field: string) => ({
  status: 406,
  headers: { 'content-type': 'application/json' },
  body: [{ status: 'Not Acceptable', code: 406, error: true, message: { [field]: 'required' } }],
});

/** Variants of the agent catalog's nested rules (§2.3, §2 rule 4, §4.1 rule 5). */
export const BROKEN_AGENT_VARIANTS: BrokenVariant[] = [
  {
    name: 'nested-extra-fields-dropped',
    fails: '@rule.2.3-entry-extras',
    breaks: '§2 rule 4: fields beyond the tables inside actions, parameters, resources and their configs are not stored',
    wrap: (handle) => (request) =>
      handle(
        rewriteEntries(request, (list, entry) => {
          const kept: Json = pick(entry, TABULATED_ENTRY_FIELDS[list]);
          if (isObject(entry.config)) kept['config'] = pick(entry.config, TABULATED_CONFIG_FIELDS[list]);
          return kept;
        }),
      ),
  },
  {
    name: 'partial-entry-refused',
    fails: '@check.partial-entry-update',
    breaks: '§4.1 rule 5: an update entry must repeat the whole entry (entries are not addressed by id field by field)',
    wrap: (handle) => (request) => {
      if (request.method !== 'PUT' || !request.path.startsWith('/catalog/agent')) return handle(request);
      const body = parseBody(request);
      if (!isObject(body)) return handle(request);
      for (const list of LISTS) {
        if (entriesOf(body, list).some((entry) => entry.config === undefined)) return Promise.resolve(refuse(`${list.slice(0, -1)}.config`));
      }
      return handle(request);
    },
  },
  {
    name: 'properties-refused',
    fails: '@check.properties-schema',
    breaks: '§2.3 ParameterConfig: neither properties nor the tabulated propeties is accepted as schema',
    wrap: (handle) => (request) => {
      if (!isAgentWrite(request.method, request.path) || !/"schema"\s*:\s*"prop/.test(request.body ?? '')) return handle(request);
      return Promise.resolve({
        status: 406,
        headers: { 'content-type': 'application/json' },
        body: [{ status: 'Not Acceptable', code: 406, error: true, message: { 'parameter.config.schema': 'must be one of: yaml, json' } }],
      });
    },
  },
];

/**
 * A faithful choice on the agent's lists: an entry sent without an id gets one generated, as the
 * seed's §2 rule 3 allows for records (x-decisions entry-ids). Run with the faithful alternatives.
 */
export const ENTRY_IDS_GENERATED: BrokenVariant = {
  name: 'entry-ids-generated',
  breaks: 'nothing: an action, parameter or resource without id gets a generated one instead of 406',
  wrap: (handle) => (request) => handle(rewriteEntries(request, (list, entry, position) => ({ id: `${list}-${position}`, ...entry }))),
};
