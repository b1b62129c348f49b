// What a user writes against each installed package: plain-Node smoke scripts (.mjs, no tsx)
// and strict TypeScript files. packed-packages.test.ts runs them in the empty projects.
import { readFileSync } from 'node:fs';

/**
 * A type test of the client (test/client-types/), importing the installed `@mgmt-kit/client`
 * instead of the sources: the same expectations, and the same refused mistakes, hold for the
 * published declaration files under a consumer's settings.
 */
export function clientTypeTest(name: 'named-types.ts' | 'mistakes.ts'): string {
  const source = readFileSync(new URL(`../client-types/${name}`, import.meta.url), 'utf8');
  const rewritten = source
    .replace("from '../../src/client/index.js'", "from '@mgmt-kit/client'")
    .replace("from '../../src/client/schema.js'", "from '@mgmt-kit/client/schema'");
  if (rewritten === source) throw new Error(`${name} no longer imports '../../src/client/index.js'`);
  return rewritten;
}

/** Prints `function <status> <data>`: the client against a node:http server in the same process. */
export const clientSmoke = `
import { createServer } from 'node:http';
import { createClient } from '@mgmt-kit/client';
const server = createServer((_q, r) => r.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":"p2p"}]'));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = createClient({ baseURL: 'http://127.0.0.1:' + server.address().port });
const result = await client.networkLinkTypes.read();
server.close();
console.log(typeof createClient, result.status, JSON.stringify(result.data));
`;

/** Narrowing on status must type `data`; a wrong body must not compile (so the types are not any). */
export const clientConsumer = `
import { createClient, UnexpectedStatusError, type CreateResult, type KitClient } from '@mgmt-kit/client';

const client: KitClient = createClient({ baseURL: 'https://mgmt.example', token: 'jwt' });

export async function linkNames(): Promise<string[]> {
  const result = await client.networkLinkTypes.read({ query: { select: ['name'] } });
  if (result.status !== 200) return [];
  return (result.data ?? []).map((row) => row.name ?? '');
}

export async function createdMessage(): Promise<string | undefined> {
  const created: CreateResult<'events'> = await client.events.create({ body: { id: 'e1', kind: 'link-down' } });
  if (created.status === 201) return String(created.data?.[0]?.message);
  // @ts-expect-error 418 is no documented status of a create, so the narrowing leaves nothing
  if (created.status === 418) return 'teapot';
  return undefined;
}

// @ts-expect-error a network link type's name is a string
void client.networkLinkTypes.create({ body: { id: 'mesh', name: 42 } });

export const isUndocumented = (error: unknown): boolean => error instanceof UnexpectedStatusError;
`;

/** Prints the msw version, then the statuses of six calls through node:http, then the core's type. */
export const mockSmoke = `
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { setupServer } from 'msw/node';
import { createHandlers } from '@mgmt-kit/mock';
import { createReferenceCore } from '@mgmt-kit/mock/core';
const base = 'http://mgmt.test';
// node:http, as axios' Node adapter uses it; a response that never ends fails after 5 s.
// http.request is read at call time: msw 2 patches the module object, not an imported binding.
const call = (method, path, body) => new Promise((resolve, reject) => {
  const req = http.request(base + path, { method, headers: { 'content-type': 'application/json' }, timeout: 5000 }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode));
  });
  req.on('timeout', () => req.destroy(new Error(method + ' ' + path + ': no complete answer within 5 s')));
  req.on('error', reject);
  req.end(body === undefined ? undefined : JSON.stringify(body));
});
console.log('msw ' + JSON.parse(readFileSync('node_modules/msw/package.json', 'utf8')).version + ' on Node ' + process.versions.node);
let server = setupServer(...createHandlers({ baseUrl: base }));
server.listen({ onUnhandledRequest: 'error' });
const statuses = [
  await call('POST', '/event', { id: 'e1', kind: 'link-down' }),
  await call('POST', '/event', { id: 'e1' }),
  await call('GET', '/event/e1'),
  await call('DELETE', '/event/e1'),
  await call('GET', '/type/network-link'),
];
server.close();
server = setupServer(...createHandlers({ baseUrl: base, auth: { secret: 'secret' } }));
server.listen({ onUnhandledRequest: 'error' });
statuses.push(await call('GET', '/event'));
server.close();
console.log(statuses.join(' '));
console.log('core ' + typeof createReferenceCore);
`;

export const mockConsumer = `
import { setupServer } from 'msw/node';
import { createHandlers, toMswResponse, type HandlerOptions } from '@mgmt-kit/mock';
import { createReferenceCore, type CoreResponse } from '@mgmt-kit/mock/core';

const options: HandlerOptions = { baseUrl: 'http://mgmt.test', auth: { secret: 'k' }, preload: false };
export const server = setupServer(...createHandlers(options));
export const core = createReferenceCore({ auth: false });
const answer: CoreResponse = { status: 205, headers: {} };
export const response = toMswResponse(answer);
// @ts-expect-error baseUrl is required
createHandlers({});
`;

/** Prints `same same same <status>`: mgmt-kit's entries are the sibling packages' own exports. */
export const kitSmoke = `
const kit = await import('mgmt-kit');
const client = await import('@mgmt-kit/client');
const mock = await import('mgmt-kit/mock');
const mockPackage = await import('@mgmt-kit/mock');
const referenceServer = await import('mgmt-kit/reference-server');
const core = await import('@mgmt-kit/mock/core');
const same = (a, b) => (typeof a === 'function' && a === b ? 'same' : 'different');
const server = await referenceServer.startReferenceServer({ port: 0, auth: { secret: 's' } });
const token = await referenceServer.mintToken({ secret: 's' });
const result = await kit.createClient({ baseURL: server.url, token }).networkLinkTypes.read();
await server.close();
console.log(same(kit.createClient, client.createClient), same(mock.createHandlers, mockPackage.createHandlers), same(referenceServer.SeedError, core.SeedError), result.status);
`;

export const kitConsumer = `
import { createClient, type ReadResult } from 'mgmt-kit';
import { createHandlers } from 'mgmt-kit/mock';
import { startReferenceServer, SeedError, type RunningReferenceServer } from 'mgmt-kit/reference-server';

export async function start(): Promise<RunningReferenceServer> {
  try {
    return await startReferenceServer({ port: 0, auth: false, seed: { event: [{ id: 'e1' }] } });
  } catch (error) {
    if (error instanceof SeedError) throw new Error(error.message);
    throw error;
  }
}
export async function read(url: string): Promise<ReadResult<'events'>> {
  return createClient({ baseURL: url }).events.read();
}
export const handlers = createHandlers({ baseUrl: 'http://mgmt.test' });
// @ts-expect-error port is a number
void startReferenceServer({ port: '8080' });
`;

/**
 * Module lines that spawn the installed `mgmt-kit serve --port 0 --quiet` with `extraArgs` and
 * wait for its URL: `child`, `url` and `started` (when the spawn began) are then defined.
 */
const startInstalledServe = (extraArgs: string) => `
import { spawn } from 'node:child_process';
const started = performance.now();
const child = spawn(process.execPath, ['node_modules/.bin/mgmt-kit', 'serve', '--port', '0', '--quiet'${extraArgs}], { stdio: ['ignore', 'pipe', 'inherit'] });
let printed = '';
const url = await new Promise((resolve, reject) => {
  child.stdout.on('data', (chunk) => {
    printed += chunk;
    const match = /listening on (http:\\/\\/[\\d.:]+)/.exec(printed);
    if (match) resolve(match[1]);
  });
  child.on('exit', (code) => reject(new Error('mgmt-kit serve exited ' + code + ' before it listened:\\n' + printed)));
});
`;

/**
 * Prints `<status> <openapi version> <ms>`: `mgmt-kit serve` started from the project's
 * node_modules/.bin, its first answer (/openapi.json), and how long that took from the spawn.
 */
export const kitServeSmoke = `${startInstalledServe('')}
const response = await fetch(url + '/openapi.json');
const document = await response.json();
const ms = Math.round(performance.now() - started);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('close', resolve));
console.log(response.status, document.openapi, ms);
`;

/** Captures the installed `mgmt-kit serve` with the installed `mgmt-kit capture` through the connection flags; prints the file's counts. */
export const kitCaptureSmoke = `${startInstalledServe(", '--no-auth'")}
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
try {
  execFileSync(process.execPath, ['node_modules/.bin/mgmt-kit', 'capture', '--base-url', url, '--token-command', 'echo any-token', '--header', 'X-Tenant: t', '--rate', '50', '--timeout', '5s', '--out', 'captured.json'], { stdio: 'inherit' });
  const captured = JSON.parse(readFileSync('captured.json', 'utf8'));
  console.log(Object.entries(captured).map(([index, records]) => index + '=' + records.length).join(' '));
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('close', resolve));
}
`;

/**
 * A CommonJS consumer (compiled to require() calls): the client, its named types and the schema
 * entry. Prints `function function 1` when run: createClient and withNullBodyStatuses load
 * through require(esm) (Node 20.19+), and the typed record went through.
 */
export const clientCommonJsConsumer = `
import { createClient, withNullBodyStatuses, type Event, type NetworkLinkTypeInput, type TokenProvider } from '@mgmt-kit/client';
import type { paths } from '@mgmt-kit/client/schema';

const token: TokenProvider = async () => 'jwt';
const client = createClient({ baseURL: 'https://mgmt.example', token });
const link: NetworkLinkTypeInput = { id: 'mesh', name: 'Mesh' };
const events: Event[] = [{ id: 'e1', kind: 'link-down' }];
const path: keyof paths = '/event';
void [client, link, path];
console.log(typeof createClient, typeof withNullBodyStatuses, events.length);
`;

/** A Playwright spec a frontend team writes with the fixture (compiled, not run, in the install). */
export const playwrightConsumer = `
import { expect, test, type MockServer } from 'mgmt-kit/playwright';

test.use({ mockOptions: { seed: { event: [{ id: 'seeded' }] } } });

test('creates an event', async ({ page, mock }) => {
  const server: MockServer = mock;
  server.faults.add({ method: 'GET', path: '/type/network-link', status: 503, times: 1 });
  await page.goto(server.url + '/__admin/');
  await expect(mock).toHaveReceived({ method: 'POST', path: '/event', body: { kind: 'link-down' } });
  await expect(mock).toHaveReceivedTimes({ method: 'GET' }, 1, { timeout: 1000 });
  await expect(mock).not.toHaveReceived({ status: '5xx' });
  // @ts-expect-error the journal filter has no field "url"
  await expect(mock).toHaveReceived({ url: '/event' });
  expect(server.records('event').length).toBe(1);
});
`;
