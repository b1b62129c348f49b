import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  bodyTooLarge,
  createReferenceCore,
  decodeBody,
  DEFAULT_BODY_LIMIT,
  errorResponse,
  SERVER_ERROR,
  type CoreRequest,
  type CoreResponse,
  type ReferenceCore,
  type ReferenceCoreOptions,
} from '../core/index.js';
import {
  answerPreflight,
  ANY_ORIGIN,
  createFaultRules,
  createRequestJournal,
  isPreflight,
  readCorsHeaders,
  withMockControls,
  type CorsOptions,
  type MockControlFunctions,
  type MockControlOptions,
  type MockResponse,
} from '../controls/index.js';
import { listOperations } from '../../contract/spec/openapi-document.js';
import { readLimitedBody, readRawGetBodyWithin } from './read-raw-get-body.js';
import { toMswResponse } from './to-msw-response.js';

export interface HandlerOptions {
  /** Where the app sends its requests, e.g. `http://127.0.0.1:8080` or `https://app.test/api`. */
  baseUrl: string;
  /** Records loaded at start (the `--seed` file shape of the reference server). */
  seed?: ReferenceCoreOptions['seed'];
  /** Preload p2p and slice (§2.2); default true. */
  preload?: boolean;
  /** `{ secret }` checks `Authorization: Bearer <jwt>` (§5); default `false`, no check. */
  auth?: ReferenceCoreOptions['auth'];
  /** Id of a record created without one; default `crypto.randomUUID()`. */
  generateId?: () => string;
  /** Wait before every answer, as `--delay`: `'300ms'`, `'100-800ms'`, a number of ms. */
  delay?: MockControlOptions['delay'];
  /** Honour the fault headers `x-mgmt-kit-status` / `x-mgmt-kit-delay`, as `--admin`; default false. */
  admin?: boolean;
  /** CORS headers on every answer and preflights answered; default any origin; `false` for none. */
  cors?: CorsOptions | false;
  /** Largest body in bytes; larger → 413 without reading the rest (x-decisions body-limit). Default 1 MiB. */
  bodyLimit?: number;
  /** How many answered requests `handlers.requests()` keeps, oldest dropped first; default 2000, 0 keeps none. */
  journalSize?: number;
}

/** The handlers, plus the state control of their store (what `--admin` offers over HTTP). */
export type MockHandlers = HttpHandler[] &
  MockControlFunctions &
  Pick<ReferenceCore, 'state' | 'replaceState'> & {
    /** Back to the preload and seed, fault rules and journal cleared (`POST /__admin/reset`). */
    reset(): void;
  };

const methods = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/**
 * msw handlers (msw 2.15+ or 3) for the 24 operations of the spec, answered by the reference server's core
 * with its own in-memory store: stateful, and following every rule of the description (create then
 * read returns the record; a duplicate id is a 406; delete without a query empties the index).
 * Each call makes a fresh store; an invalid `seed` throws `SeedError` listing every problem.
 * The array also carries `reset()`, `state()` and `replaceState()` over that store, the request
 * journal (`requests(filter)`, `clearRequests()`) and the fault rules (`faults.add(rule)`, …),
 * as the `--admin` routes give them; the options `delay`, `admin` (fault headers) and `cors`
 * work as the `serve` flags do. A `drop` fault answers `HttpResponse.error()` (a network error);
 * a `timeout` never answers.
 *
 * @example
 * // browser
 * const handlers = createHandlers({ baseUrl: 'http://127.0.0.1:8080', delay: '100-800ms' });
 * const worker = setupWorker(...handlers);
 * await worker.start();
 * handlers.reset(); // e.g. between two tests
 */
export function createHandlers(options: HandlerOptions): MockHandlers {
  const core = createReferenceCore({
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.preload === undefined ? {} : { preload: options.preload }),
    ...(options.generateId === undefined ? {} : { generateId: options.generateId }),
    auth: options.auth ?? false,
  });
  const journal = createRequestJournal(options.journalSize);
  const faults = createFaultRules();
  const handle = withMockControls(core, { admin: options.admin, delay: options.delay, journal, faults });
  const cors = options.cors ?? ANY_ORIGIN;
  const base = options.baseUrl.replace(/\/+$/, '');
  const basePath = new URL(base).pathname.replace(/\/+$/, '');
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const withCors = (response: CoreResponse, origin: string | undefined) =>
    cors === false ? response : { ...response, headers: { ...response.headers, ...readCorsHeaders(origin, cors) } };

  /**
   * One answer: 413 for a body over the limit (before authentication, as on node:http), a preflight
   * at once, anything else through the mock controls and the core, with the CORS headers.
   */
  async function respond({ request }: { request: Request }) {
    const coreRequest = await toCoreRequest(request, basePath, bodyLimit);
    if (!coreRequest) return toMswResponse(withCors(errorResponse(413, bodyTooLarge(bodyLimit)), request.headers.get('origin') ?? undefined));
    if (cors !== false && isPreflight(coreRequest)) return toMswResponse(answerPreflight(coreRequest, cors));
    let response: MockResponse;
    try {
      response = await handle(coreRequest);
    } catch {
      // The one place an unexpected throw becomes a 500 envelope: errors are values at the edge.
      response = errorResponse(500, SERVER_ERROR);
    }
    // A dropped connection is a network error, as fetch reports a cut one; a timeout never gets here.
    if (response.fault?.kind === 'drop') return HttpResponse.error();
    return toMswResponse(withCors(response, coreRequest.headers['origin']));
  }

  const routeOf = (template: string) => `${base}${template.replace('{id}', ':id')}`;
  const handlers: HttpHandler[] = listOperations().map((operation) => methods[operation.method](routeOf(operation.pathTemplate), respond));
  // Preflights only reach handlers served over real HTTP (e.g. @mswjs/http-middleware): a
  // service worker answers a page's fetch before the browser would send one.
  if (cors !== false) {
    for (const template of new Set(listOperations().map((op) => op.pathTemplate))) handlers.push(http.options(routeOf(template), respond));
  }
  // In code a bad filter or rule is a programming error, so it throws where the HTTP routes answer 400, with the same message.
  const functions: MockControlFunctions = {
    requests(filter = {}) {
      const listed = journal.list(filter);
      if (!listed.ok) throw new RangeError(`requests: ${listed.error}`);
      return listed.entries;
    },
    clearRequests: () => journal.clear(),
    faults: {
      add(rule) {
        const added = faults.add(rule);
        if (!added.ok) throw new RangeError(`faults.add: ${added.error}`);
        return added.rule;
      },
      list: () => faults.list(),
      remove: (id) => faults.remove(id),
      clear: () => faults.clear(),
    },
  };
  return Object.assign(handlers, functions, {
    reset: () => {
      core.reset();
      faults.clear();
      journal.clear();
    },
    state: () => core.state(),
    replaceState: (state: unknown) => core.replaceState(state),
  });
}

/**
 * The msw request as the core's plain request: path without the base path, lower-case headers,
 * the query string, raw body — or undefined when the body is over the limit.
 */
async function toCoreRequest(request: Request, basePath: string, bodyLimit: number): Promise<CoreRequest | undefined> {
  const url = new URL(request.url);
  // The query string carries ?q= (x-decisions query-parameter): in a browser the only way a read can carry a query.
  const query = url.search.slice(1);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const path = url.pathname.slice(basePath.length) || '/';
  // A fetch Request has no GET body (msw hands handlers one); it is read from msw's raw stream when there
  // is one. Bytes are decoded strictly, so invalid UTF-8 is a 400 as on node:http (x-decisions malformed-json).
  const body = request.method === 'GET' ? await readRawGetBodyWithin(request, bodyLimit) : await readLimitedBody(request, bodyLimit);
  if (body === undefined) return { method: request.method, path, query, headers };
  if (!body.ok) return undefined;
  const { text, notUtf8 } = decodeBody(body.bytes);
  return { method: request.method, path, query, headers, body: text, bodyNotUtf8: notUtf8 };
}
