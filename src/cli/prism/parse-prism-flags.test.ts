import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseMockFlags, parseProxyFlags } from './parse-prism-flags.js';
import { buildMockArgs, buildProxyArgs, SPEC_PATH } from './prism-args.js';

describe('parseMockFlags', () => {
  const rows: Array<[string, string[], unknown]> = [
    ['defaults', [], { ok: true, options: { host: '127.0.0.1', port: 4010, dynamic: false } }],
    ['port, host, dynamic', ['--port', '0', '--host', '0.0.0.0', '--dynamic'], { ok: true, options: { host: '0.0.0.0', port: 0, dynamic: true } }],
    ['--port=4020 form', ['--port=4020'], { ok: true, options: { host: '127.0.0.1', port: 4020, dynamic: false } }],
    ['help', ['--help'], { ok: true, help: true }],
    ['port out of range', ['--port', '70000'], { ok: false, message: '--port must be between 0 and 65535, got 70000' }],
    ['port not a number', ['--port', '4o1'], { ok: false, message: '--port must be a whole number, got "4o1"' }],
    ['a positional', ['spec.yaml'], { ok: false, message: 'unexpected argument "spec.yaml"' }],
  ];
  for (const [name, argv, want] of rows) it(name, () => assert.deepEqual(parseMockFlags(argv), want));
  it('an unknown flag is an error value, not a throw', () => {
    const result = parseMockFlags(['--nope']);
    assert.equal(result.ok, false);
  });
});

describe('parseProxyFlags', () => {
  const rows: Array<[string, string[], unknown]> = [
    ['defaults', ['--upstream', 'http://svc:8080'], { ok: true, options: { host: '127.0.0.1', port: 4011, upstream: 'http://svc:8080' } }],
    ['missing upstream', [], { ok: false, message: '--upstream URL is required' }],
    ['not a URL', ['--upstream', 'svc'], { ok: false, message: '--upstream must be an http(s) URL, got "svc"' }],
    ['not http', ['--upstream', 'file:///etc'], { ok: false, message: '--upstream must be an http(s) URL, got "file:///etc"' }],
  ];
  for (const [name, argv, want] of rows) it(name, () => assert.deepEqual(parseProxyFlags(argv), want));
});

describe('Prism arguments', () => {
  it('mock serves the repository spec', () => {
    assert.deepEqual(buildMockArgs({ host: 'h', port: 1, dynamic: true }), ['mock', SPEC_PATH, '-h', 'h', '-p', '1', '--dynamic']);
    assert.match(SPEC_PATH, /spec[\\/]openapi\.yaml$/);
  });
  it('proxy always passes --errors', () => {
    assert.deepEqual(buildProxyArgs({ host: 'h', port: 2, upstream: 'http://u' }), ['proxy', SPEC_PATH, 'http://u', '-h', 'h', '-p', '2', '--errors']);
  });
});
