import { STATUS_CODES } from 'node:http';
import { ENTRY_IDS_GENERATED } from './broken-agent-variants.js';
import type { BrokenVariant } from './broken-variants.js';
import { isBasePath, isObject, type Json } from './variant-helpers.js';

let generated = 0;

/**
 * Implementations that differ from the reference server only where the seed leaves the choice
 * open. The suite must pass on each (design rule: assert only what the seed fixes). The
 * self-check runs them next to the broken variants.
 */
export const FAITHFUL_ALTERNATIVES: BrokenVariant[] = [
  {
    name: 'other-choices',
    breaks:
      'nothing: other generated ids, other preloaded link type ids and names, other success wording (reason phrase of the item code, upper case), ' +
      'records in reverse order, id always added to select results, error bodies left out, ' +
      '400 for a readonly id, plural/indexed missing-field names',
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
      // seed §7: the envelope content of 400, 401, 404, 415 is not shown.
      if ([400, 401, 404, 415].includes(response.status)) return { status: response.status, headers: {} };
      if (!Array.isArray(body)) return response;
      if (request.method === 'GET' && response.status === 200) return { ...response, body: [...body].reverse() };
      return { ...response, ...rewriteEnvelope(response.status, body as Json[]) };
    },
  },
  {
    name: 'empty-reads-204',
    breaks: 'nothing: a read of an empty index answers 204 instead of 200 []',
    wrap: (handle) => async (request) => {
      const response = await handle(request);
      const empty = request.method === 'GET' && isBasePath(request.path) && response.status === 200 && Array.isArray(response.body) && response.body.length === 0;
      return empty ? { status: 204, headers: {} } : response;
    },
  },
  ENTRY_IDS_GENERATED,
];

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
    if (typeof message === 'string') {
      const id = /id=(\S+)/.exec(message)?.[1];
      // The status stays a reason phrase (seed §4.1), but of the item's code (a 205 item says "OK")
      // and in upper case: the seed fixes the phrase, not whose it is or how it is cased.
      return id ? { ...item, status: reasonPhraseOf(item['code']).toUpperCase(), message: `[${id}] ok` } : item;
    }
    if (!isObject(message)) return item;
    // seed §4.1 rule 4 fixes `name` and `parameter.type`; other nested names may be spelled per entry.
    const renamed = Object.fromEntries(
      Object.entries(message).map(([key, value]) => {
        if (key === 'parameter.type' || !key.includes('.')) return [key, value];
        const [head, ...rest] = key.split('.');
        return [`${head}s[0].${rest.join('.')}`, value];
      }),
    );
    return { ...item, message: renamed };
  });
  const readonly = status === 406 && items.some((i) => isObject(i['message']) && i['message']['id'] === 'readonly');
  return readonly
    ? { status: 400, body: [{ status: 'Bad Request', code: 400, error: true, message: 'id cannot change' }] }
    : { status, body: rewritten };
}
