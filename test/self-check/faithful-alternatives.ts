import { STATUS_CODES } from 'node:http';
import { ENTRY_IDS_GENERATED } from './broken-agent-variants.js';
import { FAITHFUL_EXTENSION_ALTERNATIVE } from './extension-variants.js';
import type { BrokenVariant } from './broken-variants.js';
import { isBasePath, isObject, type Json } from './variant-helpers.js';

let generated = 0;

/**
 * Implementations that differ from the reference server only where the description leaves the choice
 * open. The suite must pass on each (design rule: assert only what the description fixes). The
 * self-check runs them next to the broken variants, with the core profile: several choose what
 * an extension fixes (400 for a readonly id, error bodies left out).
 */
export const FAITHFUL_ALTERNATIVES: BrokenVariant[] = [
  {
    name: 'other-choices',
    profile: 'core',
    breaks:
      'nothing: other generated ids, other preloaded link type ids and names, other success wording (reason phrase of the item code), ' +
      'records in reverse order, id always added to select results, error bodies left out, "Id already found." with its period, ' +
      '400 for a readonly id, 422 for values the data model forbids, 204 for an update of an unknown id, plural/indexed missing-field names',
    coreOptions: {
      generateId: () => `generated-${++generated}`,
      preload: false,
      seed: {
        'network-link-type': [
          { id: 'point-to-point', name: 'P2P link', description: 'Two endpoints' },
          { id: 'network-slice', name: 'Network slice', description: 'Shared by several endpoints' },
        ],
      },
    },
    wrap: (handle) => async (original) => {
      // x-decisions select: an implementation may add the id to every selected record.
      const select = original.method === 'GET' ? selectOf(original.body) : undefined;
      const request = select && !select.includes('id') ? { ...original, body: withSelect(original.body, ['id', ...select]) } : original;
      const response = await handle(request);
      const body = response.body;
      // §7: the envelope content of 400, 401, 404, 415 is not shown.
      if ([400, 401, 404, 415].includes(response.status)) return { status: response.status, headers: {} };
      if (!Array.isArray(body)) return response;
      if (request.method === 'GET' && response.status === 200) return { ...response, body: [...body].reverse() };
      // §4.2 lists 204 "nothing to update" for an update that finds no record.
      if (request.method === 'PUT' && JSON.stringify(body).includes('"not found"')) return { status: 204, headers: {} };
      return { ...response, ...rewriteEnvelope(response.status, body as Json[]) };
    },
  },
  {
    name: 'empty-reads-204',
    profile: 'core',
    breaks: 'nothing: a read of an empty index answers 204 instead of 200 []',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      const empty =
        request.method === 'GET' && isBasePath(request.path) && response.status === 200 && Array.isArray(response.body) && response.body.length === 0;
      return empty ? { status: 204, headers: {} } : response;
    },
  },
  ENTRY_IDS_GENERATED,
  FAITHFUL_EXTENSION_ALTERNATIVE,
  {
    name: 'open-shapes',
    profile: 'core',
    breaks:
      'nothing: fields beyond the tables inside agent entries refused (400), ResourceConfig.path taken only as a single string, ' +
      "a preloaded agent whose hidden-name fields hold other JSON types than the spec's own choice",
    coreOptions: {
      seed: {
        agent: [
          {
            id: 'legacy-agent',
            description: { text: 'A text that is an object here', lang: 'en' },
            deployment_source: 'https://example.invalid/legacy.tar.gz',
            actions: [{ id: 'run', config: { cmd: 'legacy run', args: '-v --once', daemon: 'yes' } }],
            parameters: [{ id: 'mode', type: 'choice', config: { schema: 'yaml' }, list: 'no', values: 'fast' }],
          },
        ],
      },
    },
    wrap: (handle) => async (request) => {
      const body = agentWriteBody(request);
      if (body && hasNestedExtras(body)) return refusal(400, 'Bad Request', 'unknown fields inside an entry');
      if (body && hasResourcePathList(body)) return refusal(406, 'Not Acceptable', { 'resource.config.path': 'must be a string' });
      return handle(request);
    },
  },
];

const ENTRY_FIELDS = ['id', 'config', 'status', 'type', 'description', 'example', 'list', 'values'];
const CONFIG_FIELDS = ['cmd', 'args', 'daemon', 'schema', 'source', 'path'];

function agentWriteBody(request: { method: string; path: string; body?: string | undefined }): Json | undefined {
  if ((request.method !== 'POST' && request.method !== 'PUT') || !request.path.startsWith('/catalog/agent')) return undefined;
  try {
    const body = JSON.parse(request.body ?? '') as unknown;
    return isObject(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

const entriesOf = (body: Json) =>
  ['actions', 'parameters', 'resources'].flatMap((list) => (Array.isArray(body[list]) ? (body[list] as unknown[]) : [])).filter(isObject);

function hasNestedExtras(body: Json): boolean {
  return entriesOf(body).some(
    (entry) =>
      Object.keys(entry).some((k) => !ENTRY_FIELDS.includes(k)) ||
      (isObject(entry['config']) && Object.keys(entry['config']).some((k) => !CONFIG_FIELDS.includes(k))),
  );
}

function hasResourcePathList(body: Json): boolean {
  const resources = Array.isArray(body['resources']) ? (body['resources'] as unknown[]).filter(isObject) : [];
  return resources.some((r) => isObject(r['config']) && Array.isArray(r['config']['path']));
}

function refusal(status: number, phrase: string, message: unknown) {
  return { status, headers: { 'content-type': 'application/json' }, body: [{ status: phrase, code: status, error: true, message }] };
}

function selectOf(text: string | undefined): unknown[] | undefined {
  try {
    const query = JSON.parse(text ?? '') as unknown;
    return isObject(query) && Array.isArray(query['select']) ? query['select'] : undefined;
  } catch {
    return undefined;
  }
}

function withSelect(text: string | undefined, select: unknown[]): string {
  return JSON.stringify({ ...(JSON.parse(text ?? '{}') as Json), select });
}

function reasonPhraseOf(code: unknown): string {
  return (typeof code === 'number' ? STATUS_CODES[code] : undefined) ?? 'Unknown';
}

function rewriteEnvelope(status: number, items: Json[]): { status: number; body: Json[] } {
  const rewritten = items.map((item) => {
    const message = item['message'];
    if (message === 'Id already found') return { ...item, message: 'Id already found.' };
    if (typeof message === 'string') {
      // The id runs to the message's last word ("Record with id=<id> created"): it may hold spaces.
      const id = /id=(.*) \S+$/.exec(message)?.[1];
      // The status stays a reason phrase (§4.1), but of the item's code (a 205 item says "OK"):
      // the description fixes the phrase, not whose it is.
      return id ? { ...item, status: reasonPhraseOf(item['code']), message: `[${id}] ok` } : item;
    }
    if (!isObject(message)) return item;
    // §4.1 rule 4 fixes `name` and `parameter.type`; other nested names may be spelled per entry.
    const renamed = Object.fromEntries(
      Object.entries(message).map(([key, value]) => {
        if (key === 'parameter.type' || !key.includes('.')) return [key, value];
        const [head, ...rest] = key.split('.');
        return [`${head}s[0].${rest.join('.')}`, value];
      }),
    );
    return { ...item, message: renamed };
  });
  const readonly = status === 406 && items.some((i) => isObject(i['message']) && i['message']['id'] === 'Readonly field');
  if (readonly) return { status: 400, body: [{ status: 'Bad Request', code: 400, error: true, message: 'id cannot change' }] };
  // A value the data model forbids (not a missing field): refused with 422, as §4.2 allows.
  const badValue =
    status === 406 && items.some((i) => isObject(i['message']) && Object.values(i['message']).some((v) => v !== 'required' && v !== 'Repeated values'));
  if (badValue)
    return { status: 422, body: [{ status: 'Unprocessable Entity', code: 422, error: true, message: 'not possible to create or update the record' }] };
  return { status, body: rewritten };
}
