import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findProxyProblem, proxyFor, proxyFromEnvironment } from './proxy-route.js';

test('proxyFromEnvironment: upper case first, then lower case; empty counts as unset', () => {
  assert.deepEqual(proxyFromEnvironment({ https_proxy: 'http://p:1', HTTP_PROXY: '', no_proxy: 'a' }), { httpsProxy: 'http://p:1', noProxy: 'a' });
  assert.deepEqual(proxyFromEnvironment({ HTTPS_PROXY: 'http://P:2', https_proxy: 'http://p:1' }), { httpsProxy: 'http://P:2' });
});

test('proxyFor: HTTPS_PROXY for https, HTTP_PROXY for http, a proxy without a scheme is http', () => {
  const proxy = { httpsProxy: 'proxy.corp:3128', httpProxy: 'http://plain:8080' };
  assert.equal(proxyFor(new URL('https://mgmt.example.net'), proxy)?.href, 'http://proxy.corp:3128/');
  assert.equal(proxyFor(new URL('http://mgmt.example.net'), proxy)?.href, 'http://plain:8080/');
  assert.equal(proxyFor(new URL('http://mgmt.example.net'), { httpsProxy: 'http://p:1' }), undefined);
});

test('proxyFor: NO_PROXY names hosts, their subdomains, ports, IPs, or everything', () => {
  const via = (url: string, noProxy: string) => proxyFor(new URL(url), { httpsProxy: 'http://p:1', httpProxy: 'http://p:1', noProxy }) !== undefined;
  assert.equal(via('https://mgmt.example.net', 'example.net'), false);
  assert.equal(via('https://mgmt.example.net', '.example.net'), false);
  assert.equal(via('https://mgmt.example.net', '*.example.net'), false);
  assert.equal(via('https://notexample.net', 'example.net'), true);
  assert.equal(via('http://127.0.0.1:8080', 'localhost, 127.0.0.1'), false);
  assert.equal(via('http://127.0.0.1:8080', '127.0.0.1:9090'), true);
  assert.equal(via('http://127.0.0.1:8080', '127.0.0.1:8080'), false);
  assert.equal(via('http://[::1]:8080', '::1'), false);
  assert.equal(via('https://anything', '*'), false);
  assert.equal(via('https://anything', ''), true);
});

test('findProxyProblem: a proxy variable that is not an http(s) URL', () => {
  assert.equal(findProxyProblem({ httpsProxy: 'http://p:1', httpProxy: 'p:2' }), undefined);
  assert.match(findProxyProblem({ httpsProxy: 'socks5://p:1' }) ?? '', /^HTTPS_PROXY="socks5:\/\/p:1" must be an http:\/\/ or https:\/\/ proxy$/);
  assert.match(findProxyProblem({ httpProxy: 'http://[bad' }) ?? '', /^HTTP_PROXY="http:\/\/\[bad" is not a URL/);
});
