// Test helper (not a test file): starts the real node:http server on port 0 and sends raw
// requests with node:http, because fetch drops 205 bodies and cannot send a GET body.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, beforeEach } from 'node:test';
import { createSpecValidator } from '../../src/contract/spec/spec-validator.js';
import { operationIdFor } from '../../src/server/core/index-definitions.js';
import { mintToken } from '../../src/contract/tokens/mint-token.js';
import { matchRoute } from '../../src/server/core/route.js';
import { startReferenceServer, type ReferenceServerOptions, type RunningReferenceServer } from '../../src/server/start-reference-server.js';

/** The secret test servers verify with. */
export const TEST_SECRET = 'test-secret-for-the-reference-server';

/** A response as the wire delivered it. */
export interface WireResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed JSON, or undefined when the body is empty. */
  body: unknown;
}

/** What to send: `json` is serialised; `raw` is sent as is; `token: null` sends no Authorization. */
export interface SendOptions {
  json?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
  token?: string | null;
}

const spec = createSpecValidator();

/** Asserts that a response of an index operation is documented by the spec with a matching body. */
export function assertMatchesSpec(method: string, path: string, response: { status: number; body: unknown }): void {
  const route = matchRoute(method, path.split('?', 1)[0]!);
  if (route.kind !== 'operation') return;
  const operationId = operationIdFor(route.index.name, route.method, route.id !== undefined);
  const check = spec.checkResponse(operationId, response.status, response.body);
  assert.ok(check.ok, check.ok ? '' : check.reason);
}

/**
 * Sends one request over a real socket and reads the whole answer. It calls `http.request`
 * through the module object, so msw's interceptor (which patches that property) sees the request
 * too: the hostile-input suite sends the same bytes to the msw handlers.
 */
export function sendRaw(
  baseUrl: string,
  method: string,
  path: string,
  body: string | Buffer | undefined,
  headers: Record<string, string>,
): Promise<WireResponse> {
  const url = new URL(baseUrl);
  // GET and DELETE are not chunked by default: without Content-Length node would send the body unframed.
  const framing = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers: { ...framing, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text === '' ? undefined : JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A started test server with a ready token and a `send` that checks every answer against the spec. */
export interface TestServer extends RunningReferenceServer {
  token: string;
  send(method: string, path: string, options?: SendOptions): Promise<WireResponse>;
}

/** Starts a reference server on port 0 (auth with {@link TEST_SECRET} unless options say otherwise). */
export async function startTestServer(options: ReferenceServerOptions = {}): Promise<TestServer> {
  const server = await startReferenceServer({ auth: { secret: TEST_SECRET }, ...options, port: 0 });
  const token = await mintToken({ secret: TEST_SECRET, expiresIn: '1h' });
  const send = async (method: string, path: string, opts: SendOptions = {}): Promise<WireResponse> => {
    const headers: Record<string, string> = {};
    const body = opts.raw ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json));
    if (body !== undefined) headers['content-type'] = 'application/json';
    const bearer = opts.token === undefined ? token : opts.token;
    if (bearer !== null) headers['authorization'] = `Bearer ${bearer}`;
    Object.assign(headers, opts.headers);
    const response = await sendRaw(server.url, method, path, body, headers);
    assertMatchesSpec(method, path.split('?')[0]!, response);
    return response;
  };
  return { ...server, token, send };
}

/**
 * The test server of one test file: started before its tests, reset to its start records before
 * each test (none depends on what an earlier one stored), closed after them. Reading it before
 * it started is an error, not an undefined.
 */
export function useTestServer(options: ReferenceServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  before(async () => {
    started = await startTestServer(options);
  });
  beforeEach(() => started?.core.reset());
  after(() => started?.close());
  const current = (): TestServer => {
    if (!started) throw new Error('the test server is used before it started (use it inside a test)');
    return started;
  };
  return new Proxy({} as TestServer, { get: (_, key) => Reflect.get(current(), key) });
}

/** The message of the first envelope item of a JSON body. */
export const firstMessageOf = (body: unknown): unknown => (body as Array<{ message: unknown }>)[0]!.message;
