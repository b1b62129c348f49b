// Every TypeScript example of the docs (the README, docs/*.md) type-checks against the installed scoped packages
// (@mgmt-kit/client, @mgmt-kit/mock — what an app installs; built by `npm run build`), in strict
// mode with the DOM types and Vite's `import.meta.env`. The Playwright examples import
// @playwright/test, which this repository does not install (its browser tests use
// playwright-core), so they are left out and counted.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { listDocFiles } from '../../scripts/docs/doc-files.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const NOT_INSTALLED = ['@playwright/test'];

/** What `vite/client` declares for `import.meta.env` (the Vite example reads it). */
const VITE_ENV = `interface ImportMetaEnv { [key: string]: any; BASE_URL: string; MODE: string; DEV: boolean; PROD: boolean; SSR: boolean }
interface ImportMeta { readonly env: ImportMetaEnv }
`;

interface Example {
  /** `docs/msw.md:23`: where the block starts. */
  where: string;
  source: string;
}

function docExamples(file: string, markdown: string): Example[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => ({
    where: `${file}:${markdown.slice(0, match.index).split('\n').length}`,
    source: match[1]!,
  }));
}

const importsOf = (source: string) => [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]!);

/** tsc's messages for the examples, each named after where it is (`docs-msw.md-23.ts`). */
function typeCheck(examples: Example[]): string[] {
  const dir = mkdtempSync(join(REPO, '.readme-typecheck-')); // inside the repo: node_modules resolves
  try {
    const files = examples.map(({ where, source }) => {
      const file = join(dir, `${where.replace(/[/:]/g, '-')}.ts`);
      // An example without import or export would be a script sharing one scope with the others.
      writeFileSync(file, /^(import|export) /m.test(source) ? source : `${source}\nexport {};\n`);
      return file;
    });
    writeFileSync(join(dir, 'vite-env.d.ts'), VITE_ENV);
    const program = ts.createProgram([...files, join(dir, 'vite-env.d.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node'],
      skipLibCheck: true,
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.formatDiagnostic(d, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' }).trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('TypeScript examples of the docs', () => {
  const examples = listDocFiles(REPO).flatMap((file) => docExamples(file, readFileSync(join(REPO, file), 'utf8')));
  const checked = examples.filter(({ source }) => !importsOf(source).some((name) => NOT_INSTALLED.includes(name)));

  it('import the scoped packages, never the whole CLI', () => {
    // mgmt-kit/playwright is the one kit entry a frontend imports: its fixture starts the node:http
    // reference server, which only the kit holds (docs/playwright.md says why).
    const unscoped = examples.filter(({ source }) =>
      importsOf(source).some((name) => name === 'mgmt-kit' || (name.startsWith('mgmt-kit/') && name !== 'mgmt-kit/playwright')),
    );
    assert.deepEqual(
      unscoped.map(({ where }) => where),
      [],
    );
  });

  it('type-check in strict mode', { timeout: 120_000 }, () => {
    assert.ok(checked.length >= 10, `only ${checked.length} examples found to check`);
    assert.equal(examples.length - checked.length, 2, 'the two Playwright examples are the only ones left out');
    assert.deepEqual(typeCheck(checked), []);
  });

  it('the check fails where an example does not type-check (the message of a 406 is not always a string)', { timeout: 120_000 }, () => {
    const wrong = `import { createClient } from '@mgmt-kit/client';
declare function showError(message: string): void;
const created = await createClient({ baseURL: 'http://x' }).events.create({ body: { id: 'e1', kind: 'k' } });
if (created.status === 406) showError(created.data?.[0]?.message);
`;
    const messages = typeCheck([{ where: 'wrong.md:1', source: wrong }]);
    assert.equal(messages.length, 1, messages.join('\n'));
    assert.match(messages[0]!, /ValidationMessage|not assignable to parameter of type 'string'/);
  });
});
