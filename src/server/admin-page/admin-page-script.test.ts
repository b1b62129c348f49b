// The admin page's script is TypeScript for the browser (./admin-page/admin-page.ts); the page
// loads it with a classic <script src>, so what is served must be one plain script with the
// admin prefix inlined: no import left for the browser to resolve.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Script } from 'node:vm';
import { ADMIN_PREFIX } from '../controls/index.js';
import { bundleAdminPageScript, readAdminPageScript } from './admin-page-script.js';

test('the bundled admin script is one classic script with the admin prefix inlined', () => {
  const text = bundleAdminPageScript();
  assert.doesNotThrow(() => new Script(text), 'compiles as a classic script (no import or export)');
  assert.ok(text.includes(JSON.stringify(ADMIN_PREFIX)), 'the prefix is inlined');
  assert.doesNotMatch(text, /\bimport\s*[({'"]|\brequire\(/, 'nothing left to load');
});

test('run from the sources, the served script is the one the build would write', () => {
  assert.equal(readAdminPageScript(), bundleAdminPageScript());
});
