// The tarball check names every kind of file that must not ship, and lets built code through.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entrySpecifiers, unshippableFiles } from './tarball-contents.js';

test('a test file, TypeScript source, a test helper, the mutation report and a tsconfig are named with the reason', () => {
  const files = [
    'src/target/conformance/run-conformance.test.ts',
    'dist/cli/main.test.js',
    'src/cli/main.ts',
    'steps/world.mts',
    'src/server/node-http/test-server.ts',
    'dist/cli/prism/start-cli-for-tests.js',
    'dist/server/node-http/test-server.js',
    'test/support/launch-chromium.js',
    'SURVIVORS.md',
    'docs/mutation/SURVIVORS.md',
    'tsconfig.json',
  ];
  assert.deepEqual(unshippableFiles(files), [
    'src/target/conformance/run-conformance.test.ts: test file',
    'dist/cli/main.test.js: test file',
    'src/cli/main.ts: TypeScript source',
    'steps/world.mts: TypeScript source',
    'src/server/node-http/test-server.ts: TypeScript source',
    'dist/cli/prism/start-cli-for-tests.js: test helper',
    'dist/server/node-http/test-server.js: test helper',
    'test/support/launch-chromium.js: test helper',
    'SURVIVORS.md: mutation report',
    'docs/mutation/SURVIVORS.md: mutation report',
    'tsconfig.json: TypeScript configuration',
  ]);
});

test('built JavaScript (the self-test server the command starts included), declarations, features and documents pass', () => {
  const files = [
    'bin/mgmt-kit.js',
    'dist/cli/self-test-server.js',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/server/core/index.d.mts',
    'dist/steps/conformance-steps.js',
    'features/event.feature',
    'features/RULES.md',
    'docs/management-service.md',
    'spec/openapi.yaml',
    'package.json',
    'README.md',
  ];
  assert.deepEqual(unshippableFiles(files), []);
});

test('every subpath of an exports map but ./package.json is an entry to import', () => {
  assert.deepEqual(entrySpecifiers('@mgmt-kit/mock', { '.': {}, './core': {}, './package.json': './package.json' }), ['@mgmt-kit/mock', '@mgmt-kit/mock/core']);
});
