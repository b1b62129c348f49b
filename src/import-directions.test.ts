// Which part may import which: the client and the msw handlers are published on their
// own, so they must not reach into the CLI, the conformance runner or the steps; the runner
// does not import the steps (the steps import it); the CLI runs the benchmark, never the other
// way round; nothing in src/ imports test code.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every relative import of the non-test .ts files under `folder`, as repo paths `from → to`. */
function importsUnder(folder: string): Array<{ from: string; to: string }> {
  const found: Array<{ from: string; to: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(importPattern)) {
          const specifier = match[1] ?? match[2] ?? '';
          if (specifier.startsWith('.')) found.push({ from: relative(REPO, path), to: relative(REPO, join(dir, specifier)) });
        }
      }
    }
  };
  walk(join(REPO, folder));
  return found;
}

const rules: Array<[string, string, RegExp]> = [
  [
    'src/client imports only the client and the generated types and table',
    'src/client',
    /^src\/(?!client\/|generated\/(openapi|operation-table|index-table)\.js$)/,
  ],
  ['src/mock does not reach up into the CLI, the runner or the node:http adapter', 'src/mock', /^src\/(cli|conformance|reference-server\/node-http)\//],
  ['the reference core imports only itself and the spec', 'src/reference-server/core', /^src\/(?!reference-server\/core\/|spec\/|generated\/)/],
  ['src/conformance does not import the steps', 'src/conformance', /^steps\//],
  ['src/bench starts its processes itself: it does not import the CLI', 'src/bench', /^src\/cli\//],
  ['nothing in src/ imports test/ or steps/', 'src', /^(test|steps)\//],
  ['the steps (bundled into the package) import no test code', 'steps', /^test\//],
];

describe('import directions', () => {
  for (const [name, folder, forbidden] of rules) {
    it(name, () => {
      assert.deepEqual(
        importsUnder(folder).filter(({ to }) => forbidden.test(to)),
        [],
      );
    });
  }
  it('the scan sees a forbidden import where there is one (steps import src/conformance)', () => {
    assert.ok(importsUnder('steps').some(({ to }) => to.startsWith('src/conformance/')));
  });
});
