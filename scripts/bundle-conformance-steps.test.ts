// The build-time bundle of the conformance steps: modules in the order of the import list, the
// loader-only file left out, a module that dist/ or a sibling package provides imported instead of
// copied; and the real bundle of `npm run build`, which the compiled runner loads.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleConformanceSteps, expandImportPaths } from './bundle-conformance-steps.js';
import { STEP_BUNDLE_PATH } from '../src/target/conformance/step-bundle-path.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mgmt-kit-step-bundle-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Imports a bundle and returns the order its modules ran in. */
async function runBundle(file: string): Promise<string[]> {
  const order: string[] = [];
  (globalThis as { bundleOrder?: string[] }).bundleOrder = order;
  await import(pathToFileURL(file).href);
  return order;
}

describe('bundleConformanceSteps', () => {
  const record = (name: string) => `import { shared } from '../src/shared.js';\n(globalThis as any).bundleOrder.push('${name}:' + shared);\n`;
  write('package.json', '{ "type": "module" }\n');
  write('steps/support/register.mjs', "throw new Error('the loader-only file is left out of a bundle');\n");
  write('src/shared.ts', "throw new Error('the source of a compiled module is not copied in');\n");
  // What npm run build compiled of src/shared.ts: the bundle must import this one instance.
  write('dist/shared.js', "globalThis.sharedLoads = (globalThis.sharedLoads ?? 0) + 1;\nexport const shared = 'dist';\n");
  write('steps/world.ts', record('world'));
  write('steps/b.steps.ts', record('b'));
  write('steps/a.steps.ts', record('a'));
  const imports = ['steps/support/register.mjs', 'steps/world.ts', 'steps/*.steps.ts'];
  const importInstead = (target: string) => (target === join(root, 'src/shared.ts') ? join(root, 'dist/shared.js') : undefined);

  it('expands the list as cucumber does: in order, globs sorted', async () => {
    const expanded = await expandImportPaths(imports, root);
    assert.deepEqual(
      expanded.map((p) => p.slice(root.length + 1)),
      ['steps/support/register.mjs', 'steps/world.ts', 'steps/a.steps.ts', 'steps/b.steps.ts'],
    );
  });

  it('runs the modules in the order of the list, once each, without the loader-only file, importing the compiled module once', async () => {
    const outfile = join(root, 'dist/steps/bundle.js');
    const files = await bundleConformanceSteps({ root, imports, outfile, importInstead });
    assert.deepEqual(
      files.map((p) => p.slice(root.length + 1)),
      ['steps/world.ts', 'steps/a.steps.ts', 'steps/b.steps.ts'],
    );
    assert.match(readFileSync(outfile, 'utf8'), /from "\.\.\/shared\.js"/);
    assert.deepEqual(await runBundle(outfile), ['world:dist', 'a:dist', 'b:dist']);
    assert.equal((globalThis as { sharedLoads?: number }).sharedLoads, 1);
  });

  it('imports a package specifier the callback gives instead of the module', async () => {
    const outfile = join(root, 'dist/steps/by-package.js');
    await bundleConformanceSteps({
      root,
      imports: ['steps/world.ts'],
      outfile,
      importInstead: (target) => (target.endsWith('/src/shared.ts') ? '@scope/shared' : undefined),
    });
    assert.match(readFileSync(outfile, 'utf8'), /from "@scope\/shared"/);
  });

  it('fails when a step cannot be bundled', async () => {
    write('steps/broken.steps.ts', "import './missing-module.js';\n");
    await assert.rejects(
      bundleConformanceSteps({ root, imports: ['steps/broken.steps.ts'], outfile: join(root, 'dist/broken.js'), importInstead }),
      /missing-module/,
    );
  });
});

describe('the bundle npm run build made of steps/', () => {
  const bundle = join(REPO, STEP_BUNDLE_PATH);
  const code = existsSync(bundle) ? readFileSync(bundle, 'utf8') : '';

  it('exists (npm run build writes it)', () => {
    assert.notEqual(code, '', `${STEP_BUNDLE_PATH} is missing: run npm run build`);
  });
  it('imports cucumber, the sibling packages through their entries and the compiled runner modules, copying none of them', () => {
    for (const specifier of ['@cucumber/cucumber', '@mgmt-kit/client', '@mgmt-kit/mock/core', '../contract/faithful-answers.js']) {
      assert.ok(code.includes(`from "${specifier}"`), `imports ${specifier}`);
    }
    assert.doesNotMatch(code, /from "[^"]*\/src\//, 'nothing from src/');
    assert.doesNotMatch(code, /from "\.\.\/(client|reference-server)\//, 'the siblings only through their entries');
    assert.doesNotMatch(
      code,
      /support_code_library_builder|function createReferenceCore|function createSpecValidator/,
      'no copy of cucumber, the core or the validator',
    );
    assert.doesNotMatch(code, /tsx/, 'no TypeScript loader');
  });
});
