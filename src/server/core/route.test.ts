import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchRoute } from './route.js';

const cases: Array<[string, string, string, string | undefined]> = [
  ['GET', '/event', 'operation:event', undefined],
  ['post', '/type/network-link/p2p', 'operation:network-link-type', 'p2p'],
  ['DELETE', '/catalog/agent/file%20beat', 'operation:agent', 'file beat'],
  ['GET', '/event/', 'unknown-path', undefined],
  ['GET', '/event/a/b', 'unknown-path', undefined],
  ['GET', '/events', 'unknown-path', undefined],
  ['GET', '/', 'unknown-path', undefined],
  ['GET', '/event/%E0%A4%A', 'unknown-path', undefined],
  ['PATCH', '/event', 'method-not-allowed', undefined],
  ['OPTIONS', '/catalog/agent/x', 'method-not-allowed', undefined],
  ['PATCH', '/nowhere', 'unknown-path', undefined],
];

for (const [method, path, want, id] of cases) {
  test(`matchRoute ${method} ${path} → ${want}`, () => {
    const route = matchRoute(method, path);
    const got = route.kind === 'operation' ? `operation:${route.index.name}` : route.kind;
    assert.equal(got, want);
    if (route.kind === 'operation') assert.equal(route.id, id);
  });
}
