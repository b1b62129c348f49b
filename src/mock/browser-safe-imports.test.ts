// The msw adapter runs in a browser (setupWorker): nothing it loads may import a Node built-in.
// Follows the relative imports from src/mock/index.ts and lists every `node:` (or bare builtin) import.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const builtins = new Set(builtinModules);
const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function findNodeImports(entry: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.startsWith('node:') || builtins.has(specifier)) found.push(`${file}: ${specifier}`);
      else if (specifier.startsWith('.') && !specifier.endsWith('.json')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
    }
  };
  visit(entry);
  return found;
}

describe('src/mock/index.ts is browser-safe', () => {
  it('imports no Node built-in, directly or through the reference core', () => {
    assert.deepEqual(findNodeImports(fileURLToPath(new URL('./index.ts', import.meta.url))), []);
  });
  it('the scan does find Node imports where there are some (the Prism launcher of the CLI)', () => {
    assert.notDeepEqual(findNodeImports(fileURLToPath(new URL('../cli/prism/run-prism.ts', import.meta.url))), []);
  });
});
