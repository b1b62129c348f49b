import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildMockArgs, buildProxyArgs, SPEC_PATH } from './prism-args.js';

describe('Prism arguments', () => {
  it('mock serves the repository spec', () => {
    assert.deepEqual(buildMockArgs({ host: 'h', port: 1, dynamic: true }), ['mock', SPEC_PATH, '-h', 'h', '-p', '1', '--dynamic']);
    assert.match(SPEC_PATH, /spec[\\/]openapi\.yaml$/);
  });
  it('proxy always passes --errors', () => {
    assert.deepEqual(buildProxyArgs({ host: 'h', port: 2, upstream: 'http://u' }), ['proxy', SPEC_PATH, 'http://u', '-h', 'h', '-p', '2', '--errors']);
  });
});
