import type { AxiosInstance } from 'axios';
import { indexTable } from '../generated/index-table.js';
import { operationTable } from '../generated/operation-table.js';
import { NetworkError, UnexpectedStatusError, type ApiResult, type OperationId } from './api-result.js';
import type { CallOptions, IndexClient, KitClient, QueryCall, QueryPlacement } from './index-calls.js';
import { indexOperations, type ClientIndexKey } from './index-operations.js';
import { holdToken, type TokenProvider } from './token-provider.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Base address of the service, e.g. `http://127.0.0.1:8080`. */
  baseURL: string;
  /** The JWT sent in `Authorization` (§5), or a {@link TokenProvider}: after a 401 the call goes once more with its new token. */
  token?: string | TokenProvider | undefined;
  /** Scheme word before the token; `''` sends the bare token. Default `Bearer` (x-decisions auth-header). */
  authScheme?: string | undefined;
  /** An axios instance to send through (interceptors, a custom adapter in tests). */
  axiosInstance?: AxiosInstance | undefined;
  /** Sends each call instead of axios (the conformance kit's connection, which owns time-out and token); `timeout` is then its own. */
  transport?: ClientTransport | undefined;
  /** Extra headers on every call. */
  headers?: Record<string, string> | undefined;
  /** Milliseconds before a call fails with a NetworkError; default 30 000. */
  timeout?: number | undefined;
  /** Where read and delete queries go (x-decisions query-parameter); default `'auto'`: `?q=` for a GET in a browser, else the body. */
  queryIn?: QueryPlacement | undefined;
}

/** Sends a call as the client built it (`url`: base URL and path joined as axios joins them); rejects when no answer came. */
export type ClientTransport = (request: ClientRequest) => Promise<{ status: number; headers: Record<string, unknown>; body: string }>;
export type ClientRequest = { method: string; url: string; headers: Record<string, string>; body: string | undefined };

/**
 * Creates the typed client. Calls resolve to `{ operation, status, data, headers, rawBody }` for a status the spec
 * documents, and throw {@link UnexpectedStatusError} for another, {@link NetworkError} when no response arrives.
 * Browsers cannot send a GET body (`queryIn`) nor read a 205 body: see docs/typed-client.md.
 *
 * @example
 * const client = createClient({ baseURL: 'http://127.0.0.1:8080', token });
 * const created = await client.events.create({ body: { id: 'e1', kind: 'link-down' } });
 * if (created.status === 201) console.log(created.data?.[0]?.message); // data may be undefined: a deployment may send no body
 */
export function createClient(options: ClientOptions): KitClient {
  // axios loads on the first call through it: a client given a `transport` (every conformance worker's) never loads it.
  let http = options.axiosInstance && Promise.resolve(options.axiosInstance);
  const axiosInstance = () => (http ??= loadAxios().then((axios) => axios.create()));
  const scheme = options.authScheme ?? 'Bearer';
  const token = holdToken(options.token);

  async function send(operation: OperationId, method: string, path: string, body: unknown, extraHeaders: Record<string, string> | undefined) {
    const sendWith = async (bearer: string | undefined) => {
      const headers = { ...describedHeaders(scheme, bearer), ...options.headers, ...extraHeaders };
      const data = body === undefined ? undefined : JSON.stringify(body);
      try {
        if (options.transport)
          return await options.transport({ method, url: `${options.baseURL.replace(/\/?\/$/, '')}/${path.replace(/^\/+/, '')}`, headers, body: data });
        const response = await (await axiosInstance()).request<string>({
          baseURL: options.baseURL,
          url: path,
          method,
          headers,
          data,
          responseType: 'text',
          // Keep the raw text: the body may be empty (204, 304, a dropped 205) or not JSON at all.
          transformResponse: [(raw: unknown) => raw],
          validateStatus: () => true,
          timeout: options.timeout ?? 30_000,
        });
        return { status: response.status, headers: response.headers as Record<string, unknown>, body: typeof response.data === 'string' ? response.data : '' };
      } catch (error) {
        throw new NetworkError(operation, !options.transport && (await loadAxios()).isAxiosError(error) ? error.code : undefined, { cause: error });
      }
    };
    const sent = await token.current();
    let response = await sendWith(sent);
    // As --token-command: the token may have been revoked or expired early; one retry with a new one.
    const renewed = response.status === 401 ? await token.renewAfter401(sent) : undefined;
    if (renewed !== undefined) response = await sendWith(renewed);
    const rawBody = response.body;
    const responseHeaders = normaliseHeaders(response.headers);
    // The generated table, not the spec document: a browser bundle must not carry the whole spec.
    const documented = (operationTable[operation].statuses as readonly number[]).includes(response.status);
    if (!documented) throw new UnexpectedStatusError(operation, response.status, rawBody, responseHeaders);
    return { operation, status: response.status, data: parseJsonOrUndefined(rawBody), headers: responseHeaders, rawBody } as ApiResult<OperationId>;
  }

  function indexClient<I extends ClientIndexKey>(index: I): IndexClient<I> {
    const ops = indexOperations[index];
    const pathOf = (id: string | undefined) => (id === undefined ? ops.basePath : `${ops.basePath}/${encodeURIComponent(id)}`);
    const pick = (pair: readonly [OperationId, OperationId], id: string | undefined) => (id === undefined ? pair[0] : pair[1]);
    // async: a call object with a misplaced key rejects like any other failed call, never throws.
    const withQuery = async (method: 'read' | 'delete', call: QueryCall | undefined) => {
      checkCallKeys(`${index}.${method}`, call, ['id', 'query', 'queryIn', 'headers']);
      const verb = method === 'read' ? 'GET' : 'DELETE';
      const placed = placeQuery(verb, call?.query, call?.queryIn ?? options.queryIn ?? 'auto', runsInBrowser());
      return send(pick(ops[method], call?.id), verb, `${pathOf(call?.id)}${placed.search}`, placed.body, call?.headers);
    };
    const withBody = async (method: 'create' | 'update', call: (CallOptions & { body?: unknown }) | undefined) => {
      checkCallKeys(`${index}.${method}`, call, ['id', 'body', 'headers']);
      return send(pick(ops[method], call?.id), method === 'create' ? 'POST' : 'PUT', pathOf(call?.id), call?.body, call?.headers);
    };
    return {
      create: (call?: CallOptions & { body?: unknown }) => withBody('create', call),
      read: (call?: QueryCall) => withQuery('read', call),
      update: (call?: CallOptions & { body?: unknown }) => withBody('update', call),
      delete: (call?: QueryCall) => withQuery('delete', call),
    } as unknown as IndexClient<I>;
  }

  return Object.fromEntries(indexTable.map((row) => [row.clientKey, indexClient(row.clientKey)])) as KitClient;
}

const loadAxios = async () => (await import('axios')).default;
// TypeScript refuses a key a method does not read; from JavaScript it would be dropped in silence, and for
// `delete({ where })` (the query not under `query`) that means deleting every record (§4.1 rule 1).
function checkCallKeys(method: string, call: object | undefined, keys: readonly string[]): void {
  const unknown = Object.keys(call ?? {}).filter((key) => !keys.includes(key));
  if (unknown.length === 0) return;
  const named = unknown.map((key) => `"${key}"`).join(', ');
  throw new TypeError(`${method}: ${named} is not a key of the call object, which takes { ${keys.join(', ')} } — nothing was sent`);
}

/** True in a browser page or worker context, where a GET cannot carry a body (fetch, XHR). */
export function runsInBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown; importScripts?: unknown };
  return (scope.window !== undefined && scope.document !== undefined) || typeof scope.importScripts === 'function';
}

/**
 * Where a query goes: the JSON body, or `?q=` (x-decisions query-parameter). `auto` keeps a DELETE's query in the body
 * even in a browser: a server without the extension ignores `q`, and a DELETE without its query deletes every record.
 * @example placeQuery('GET', { select: ['id'] }, 'url', false) // → { body: undefined, search: '?q=%7B%22select%22%3A%5B%22id%22%5D%7D' }
 */
export function placeQuery(method: 'GET' | 'DELETE', query: unknown, placement: QueryPlacement, inBrowser: boolean): { body: unknown; search: string } {
  if (query === undefined) return { body: undefined, search: '' };
  const url = placement === 'url' || (placement === 'auto' && method === 'GET' && inBrowser);
  return url ? { body: undefined, search: `?q=${encodeURIComponent(JSON.stringify(query))}` } : { body: query, search: '' };
}

/** The Authorization value of a token: `<scheme> <token>`, or the bare token with scheme `''`. */
export const authorizationOf = (scheme: string, token: string): string => (scheme === '' ? token : `${scheme} ${token}`);

/** The headers the description lists for every operation (§4.1, §5); the client's and the connection's requests start from them. */
export function describedHeaders(scheme: string, token: string | undefined): Record<string, string> {
  return { accept: 'application/json', 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: authorizationOf(scheme, token) }) };
}

/** JSON.parse, but undefined for an empty or non-JSON body (204, 304, a dropped 205, a proxy's HTML): the caller decides. */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Response headers as a plain object with lower-case names; repeated values joined with ", ". */
export function normaliseHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && value !== null) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
