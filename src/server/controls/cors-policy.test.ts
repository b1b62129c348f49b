import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readCorsHeaders, readCorsOrigin, type CorsOptions } from './cors-policy.js';

const VITE = 'http://localhost:5173';
const exposed = { 'access-control-expose-headers': 'Allow, Content-Type, Retry-After, X-Mgmt-Kit-Injected' };

const headerCases: Array<[string, { origin: string | undefined; options: CorsOptions; want: Record<string, string> }]> = [
  ['any origin: *', { origin: VITE, options: { origins: '*' }, want: { 'access-control-allow-origin': '*', ...exposed } }],
  ['any origin, no Origin header (curl): still *', { origin: undefined, options: { origins: '*' }, want: { 'access-control-allow-origin': '*', ...exposed } }],
  [
    'listed origin is echoed, Vary: Origin',
    { origin: VITE, options: { origins: [VITE] }, want: { vary: 'Origin', 'access-control-allow-origin': VITE, ...exposed } },
  ],
  ['unlisted origin gets no Allow-Origin', { origin: 'http://evil.test', options: { origins: [VITE] }, want: { vary: 'Origin' } }],
  ['same host, other port is another origin', { origin: 'http://localhost:5174', options: { origins: [VITE] }, want: { vary: 'Origin' } }],
  ['no Origin with a list: nothing to allow', { origin: undefined, options: { origins: [VITE] }, want: { vary: 'Origin' } }],
];
for (const [name, { origin, options, want }] of headerCases) {
  test(`readCorsHeaders: ${name}`, () => assert.deepEqual(readCorsHeaders(origin, options), want));
}

const originCases: Array<[string, { given: string; want: string | RegExp }]> = [
  ['plain origin', { given: VITE, want: VITE }],
  ['trailing slash dropped', { given: `${VITE}/`, want: VITE }],
  ['default port dropped, host lower-cased', { given: 'http://LOCALHOST:80', want: 'http://localhost' }],
  ['https with port', { given: 'https://app.example.com:8443', want: 'https://app.example.com:8443' }],
  ['a path is refused', { given: `${VITE}/app`, want: /must be an origin/ }],
  ['a query is refused', { given: `${VITE}/?x=1`, want: /must be an origin/ }],
  ['not a URL', { given: 'localhost:5173x', want: /must be an origin/ }],
  ['no scheme', { given: 'example.com', want: /must be an origin/ }],
  ['opaque origin (file:) refused', { given: 'file:///tmp/x', want: /must be an origin/ }],
];
for (const [name, { given, want }] of originCases) {
  test(`readCorsOrigin: ${name}`, () => {
    const result = readCorsOrigin(given);
    if (typeof want === 'string') assert.deepEqual(result, { ok: true, origin: want });
    else assert.ok(!result.ok && want.test(result.error), JSON.stringify(result));
  });
}
