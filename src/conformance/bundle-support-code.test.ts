// The support bundle of --parallel runs: modules in the order of the import list, rebuilt when a
// source changes, reused when none does, and no bundle (so the plain files load) when it cannot
// be built.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { bundleSupportCode, expandImportPaths, supportBundleDirectory } from './bundle-support-code.js';
import { PACKAGE_ROOT } from './run-conformance.js';

const root = mkdtempSync(join(tmpdir(), 'mgmt-kit-bundle-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Imports a bundle afresh (query string) and returns the order its modules ran in. */
async function runBundle(file: string, round: number): Promise<string[]> {
  const order: string[] = [];
  (globalThis as { bundleOrder?: string[] }).bundleOrder = order;
  await import(`${pathToFileURL(file).href}?round=${round}`);
  return order;
}

describe('bundleSupportCode', () => {
  const record = (name: string) => `import { shared } from './shared.ts';\n(globalThis as any).bundleOrder.push('${name}:' + shared);\n`;
  write('steps/support/register.mjs', "throw new Error('the loader-only file is left out of a bundle');\n");
  write('steps/shared.ts', "export const shared: string = 'v1';\n");
  write('steps/world.ts', record('world'));
  write('steps/b.steps.ts', record('b'));
  write('steps/a.steps.ts', record('a'));
  const imports = ['steps/support/register.mjs', 'steps/world.ts', 'steps/*.steps.ts'];

  it('expands the list as cucumber does: in order, globs sorted', async () => {
    const expanded = await expandImportPaths(imports, root);
    assert.deepEqual(expanded.map((p) => p.slice(root.length + 1)), ['steps/support/register.mjs', 'steps/world.ts', 'steps/a.steps.ts', 'steps/b.steps.ts']);
  });

  it('runs the modules in the order of the list, once each, without the loader-only file', async () => {
    const bundle = await bundleSupportCode(await expandImportPaths(imports, root), root);
    assert.ok(bundle, 'a bundle was built');
    assert.equal(bundle.reused, false);
    assert.ok(bundle.file.startsWith(supportBundleDirectory(root)));
    assert.deepEqual(await runBundle(bundle.file, 1), ['world:v1', 'a:v1', 'b:v1']);
  });

  it('reuses the bundle while no source changes, and rebuilds it when one does', async () => {
    const expanded = await expandImportPaths(imports, root);
    assert.equal((await bundleSupportCode(expanded, root))?.reused, true);
    write('steps/shared.ts', "export const shared: string = 'v2';\n");
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, 'steps/shared.ts'), later, later); // a dependency, not a listed file
    const rebuilt = await bundleSupportCode(expanded, root);
    assert.ok(rebuilt);
    assert.equal(rebuilt.reused, false);
    assert.deepEqual(await runBundle(rebuilt.file, 2), ['world:v2', 'a:v2', 'b:v2']);
  });

  it('gives no bundle when the sources cannot be bundled, so the files load as they are', async () => {
    write('steps/broken.steps.ts', "import './missing-module.ts';\n");
    assert.equal(await bundleSupportCode([join(root, 'steps/broken.steps.ts')], root), undefined);
  });

  it('bundles the real conformance steps, with @cucumber/cucumber left external', async () => {
    const expanded = await expandImportPaths(['steps/support/register.mjs', 'steps/parameter-types.ts', 'steps/world.ts', 'steps/hooks.ts', 'steps/*.steps.ts'], PACKAGE_ROOT);
    const bundle = await bundleSupportCode(expanded, PACKAGE_ROOT);
    assert.ok(bundle, 'the steps bundle');
    const code = readFileSync(bundle.file, 'utf8');
    assert.match(code, /from\s*"@cucumber\/cucumber"/);
    assert.doesNotMatch(code, /support_code_library_builder/, 'cucumber itself is not copied in');
  });
});
