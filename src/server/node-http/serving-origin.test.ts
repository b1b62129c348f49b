import assert from 'node:assert/strict';
import { test } from 'node:test';
import { servingOrigin, type ReachedVia } from './serving-origin.js';

const socket = { localAddress: '127.0.0.1', localPort: 9000 };

// [name, { given, want }]: the Host header wins when it is a host; otherwise the socket's local end.
const cases: Array<[string, { given: ReachedVia; want: string }]> = [
  ['Host with a port', { given: { hostHeader: '127.0.0.1:9000', ...socket }, want: 'http://127.0.0.1:9000' }],
  ['Host as a name the client used', { given: { hostHeader: 'localhost:9000', ...socket }, want: 'http://localhost:9000' }],
  ['Host without a port (port 80 behind a proxy)', { given: { hostHeader: 'mgmt.example.internal', ...socket }, want: 'http://mgmt.example.internal' }],
  ['Host is lower-cased', { given: { hostHeader: 'LocalHost:9000', ...socket }, want: 'http://localhost:9000' }],
  ['Host with an underscore (container names)', { given: { hostHeader: 'mgmt_kit:8080', ...socket }, want: 'http://mgmt_kit:8080' }],
  ['IPv6 literal Host', { given: { hostHeader: '[::1]:9000', ...socket }, want: 'http://[::1]:9000' }],
  ['no Host (HTTP/1.0): the socket', { given: { ...socket }, want: 'http://127.0.0.1:9000' }],
  ['empty Host: the socket', { given: { hostHeader: '', ...socket }, want: 'http://127.0.0.1:9000' }],
  ['Host with a path: the socket', { given: { hostHeader: 'evil.example/x', ...socket }, want: 'http://127.0.0.1:9000' }],
  ['Host with userinfo: the socket', { given: { hostHeader: 'user@evil.example', ...socket }, want: 'http://127.0.0.1:9000' }],
  ['Host with a quote or space: the socket', { given: { hostHeader: 'a"b c', ...socket }, want: 'http://127.0.0.1:9000' }],
  ['Host with a port over 65535: the socket', { given: { hostHeader: 'localhost:70000', ...socket }, want: 'http://127.0.0.1:9000' }],
  ['dual-stack socket, IPv4 peer', { given: { localAddress: '::ffff:10.0.0.5', localPort: 8080 }, want: 'http://10.0.0.5:8080' }],
  ['IPv6 socket', { given: { localAddress: '::1', localPort: 8080 }, want: 'http://[::1]:8080' }],
];

for (const [name, { given, want }] of cases) {
  test(`servingOrigin: ${name}`, () => {
    assert.equal(servingOrigin(given), want);
  });
}
