import { http, type HttpHandler } from 'msw';
import {
  bodyTooLarge,
  createReferenceCore,
  decodeBody,
  DEFAULT_BODY_LIMIT,
  errorResponse,
  SERVER_ERROR,
  type CoreRequest,
  type CoreResponse,
  type ReferenceCoreOptions,
} from '../reference-server/core/index.js';
import { listOperations } from '../spec/openapi-document.js';
import { readLimitedBody } from './read-limited-body.js';
import { readRawGetBodyWithin } from './read-raw-get-body.js';
import { toMswResponse } from './to-msw-response.js';

/** Options of {@link createHandlers}. */
export interface HandlerOptions {
  /** Where the app sends its requests, e.g. `http://127.0.0.1:8080` or `https://app.test/api`. */
  baseUrl: string;
  /** Records loaded at start (the `--seed` file shape of the reference server). */
  seed?: ReferenceCoreOptions['seed'];
  /** Preload p2p and slice (seed §2.2); default true. */
  preload?: boolean;
  /** `{ secret }` checks `Authorization: Bearer <jwt>` (seed §5); default `false`, no check. */
  auth?: ReferenceCoreOptions['auth'];
  /** Id of a record created without one; default `crypto.randomUUID()`. */
  generateId?: () => string;
  /** Largest body in bytes; larger → 413 without reading the rest (x-decisions body-limit). Default 1 MiB. */
  bodyLimit?: number;
}

const methods = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/**
 * msw v2 handlers for the 24 operations of the spec, answered by the reference server's core
 * with its own in-memory store: stateful, and following every rule of the seed (create then
 * read returns the record; a duplicate id is a 406; delete without a query empties the index).
 * Each call makes a fresh store; an invalid `seed` throws `SeedError` listing every problem.
 *
 * @example
 * // browser
 * const worker = setupWorker(...createHandlers({ baseUrl: 'http://127.0.0.1:8080' }));
 * await worker.start();
 */
export function createHandlers(options: HandlerOptions): HttpHandler[] {
  const core = createReferenceCore({
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.preload === undefined ? {} : { preload: options.preload }),
    ...(options.generateId === undefined ? {} : { generateId: options.generateId }),
    auth: options.auth ?? false,
  });
  const base = options.baseUrl.replace(/\/+$/, '');
  const basePath = new URL(base).pathname.replace(/\/+$/, '');
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  return listOperations().map((operation) => {
    const route = `${base}${operation.pathTemplate.replace('{id}', ':id')}`;
    return methods[operation.method](route, async ({ request }) => {
      const coreRequest = await toCoreRequest(request, basePath, bodyLimit);
      if (!coreRequest) return toMswResponse(errorResponse(413, bodyTooLarge(bodyLimit)));
      return toMswResponse(await answer(() => core.handle(coreRequest)));
    });
  });
}

/**
 * The msw request as the core's plain request: path without the base path, lower-case headers,
 * raw body — or undefined when the body is over the limit (checked before authentication, as on
 * node:http).
 */
async function toCoreRequest(request: Request, basePath: string, bodyLimit: number): Promise<CoreRequest | undefined> {
  const pathname = new URL(request.url).pathname;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  const path = pathname.slice(basePath.length) || '/';
  // A fetch Request has no GET body (TOOLCHAIN §4); it is read from msw's raw stream when there
  // is one. Bytes are decoded strictly, so invalid UTF-8 is a 400 as on node:http (x-decisions malformed-json).
  const body = request.method === 'GET' ? await readRawGetBodyWithin(request, bodyLimit) : await readLimitedBody(request, bodyLimit);
  if (body === undefined) return { method: request.method, path, headers };
  if (!body.ok) return undefined;
  const { text, notUtf8 } = decodeBody(body.bytes);
  return { method: request.method, path, headers, body: text, bodyNotUtf8: notUtf8 };
}

/** The one place an unexpected throw becomes a 500 envelope (STYLE: errors are values at the edge). */
async function answer(handle: () => Promise<CoreResponse>): Promise<CoreResponse> {
  try {
    return await handle();
  } catch {
    return errorResponse(500, SERVER_ERROR);
  }
}
