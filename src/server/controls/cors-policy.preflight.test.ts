import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerPreflight, isPreflight, readAllowedRequestHeaders } from './cors-policy.js';

const VITE = 'http://localhost:5173';
const preflight = (headers: Record<string, string>) => ({ method: 'OPTIONS', headers });

test('isPreflight: OPTIONS with Origin and Access-Control-Request-Method only', () => {
  assert.equal(isPreflight(preflight({ origin: VITE, 'access-control-request-method': 'PUT' })), true);
  assert.equal(isPreflight({ method: 'options', headers: { origin: VITE, 'access-control-request-method': 'PUT' } }), true);
  assert.equal(isPreflight(preflight({ origin: VITE })), false, 'a plain OPTIONS stays a 405 of the core');
  assert.equal(isPreflight(preflight({ 'access-control-request-method': 'PUT' })), false);
  assert.equal(isPreflight({ method: 'GET', headers: { origin: VITE, 'access-control-request-method': 'PUT' } }), false);
});

const headerCases: Array<[string, { asked: string | undefined; want: string }]> = [
  ['nothing asked: the two every call carries', { asked: undefined, want: 'authorization, content-type' }],
  ['asked ones among the documented', { asked: 'Authorization, Content-Type', want: 'authorization, content-type' }],
  ['fault headers are documented', { asked: 'x-mgmt-kit-status,X-MGMT-KIT-DELAY', want: 'authorization, content-type, x-mgmt-kit-status, x-mgmt-kit-delay' }],
  [
    'tracing and request-id headers are allowed, as asked (lower case)',
    { asked: 'traceparent, Sentry-Trace,x-request-id', want: 'authorization, content-type, traceparent, sentry-trace, x-request-id' },
  ],
  ['what is not a header name is left out', { asked: 'x-ok, bad name, "quoted", ', want: 'authorization, content-type, x-ok' }],
];
for (const [name, { asked, want }] of headerCases) {
  test(`readAllowedRequestHeaders: ${name}`, () => assert.equal(readAllowedRequestHeaders(asked), want));
}

test('answerPreflight: 204 without body, methods, headers, max-age; no token looked at', () => {
  const answer = answerPreflight(
    preflight({ origin: VITE, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' }),
    { origins: '*' },
  );
  assert.equal(answer.status, 204);
  assert.equal(answer.body, undefined);
  assert.deepEqual(answer.headers, {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'Allow, Content-Type, Retry-After, X-Mgmt-Kit-Injected',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE',
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-max-age': '600',
    vary: 'Access-Control-Request-Headers',
  });
});

test('answerPreflight: a listed origin is echoed; an unlisted one gets nothing to pass the browser check', () => {
  const listed = answerPreflight(preflight({ origin: VITE, 'access-control-request-method': 'DELETE' }), { origins: [VITE] });
  assert.equal(listed.headers['access-control-allow-origin'], VITE);
  assert.equal(listed.headers['vary'], 'Origin, Access-Control-Request-Headers');
  const other = answerPreflight(preflight({ origin: 'http://evil.test', 'access-control-request-method': 'DELETE' }), { origins: [VITE] });
  assert.deepEqual(other, { status: 204, headers: { vary: 'Origin' } });
});
