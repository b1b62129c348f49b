/**
 * Every unit test file names what it tests (issue 38 point 3; CONTRIBUTING.md "Layout"): a product
 * file beside it (`x.test.ts` or `x.<aspect>.test.ts` next to `x.ts`/`.mjs`/`.tsx`/`.js`), or a
 * behaviour registered with one line in test/behaviour-tests.md. A test left named after a file that
 * was renamed or split fails here, as does a registered row whose test file is gone.
 * Run by `npm run lint:deps` after dependency-cruiser. Usage: node --import tsx scripts/check-test-names.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folders scripts/run-unit-tests.mjs collects `*.test.ts` from. */
export const TEST_ROOTS = ['src', 'steps', 'scripts', 'test'] as const;
export const BEHAVIOUR_TABLE = 'test/behaviour-tests.md';
const PRODUCT_EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js'];
const TEST_SUFFIX = '.test.ts';

/** The files a test's name may be about: `a.b.c.test.ts` → `a.b.c`, `a.b`, `a` (+ each product extension), beside it. */
export function candidateProducts(testPath: string): string[] {
  const cut = testPath.lastIndexOf('/') + 1;
  const dir = testPath.slice(0, cut);
  const parts = testPath.slice(cut, -TEST_SUFFIX.length).split('.');
  return parts.flatMap((_, at) => PRODUCT_EXTENSIONS.map((ext) => `${dir}${parts.slice(0, parts.length - at).join('.')}${ext}`));
}

/** The test files the table's rows name (first column, in backquotes). */
export function readBehaviourTable(markdown: string): string[] {
  return [...markdown.matchAll(/^\|\s*`([^`]+\.test\.ts)`\s*\|/gm)].map((match) => match[1] as string);
}

export interface TestNameProblem {
  file: string;
  problem: string;
}

/** Each test file that names neither a product file beside it nor a registered behaviour, then each row of a missing file. */
export function findMisnamedTests(testFiles: readonly string[], exists: (path: string) => boolean, registered: readonly string[]): TestNameProblem[] {
  const known = new Set(registered);
  const tests = new Set(testFiles);
  const unnamed = testFiles
    .filter((file) => !known.has(file) && !candidateProducts(file).some(exists))
    .map((file) => ({
      file,
      problem: `names no product file beside it (${file.slice(file.lastIndexOf('/') + 1, -TEST_SUFFIX.length).split('.')[0]}.ts) and no behaviour of ${BEHAVIOUR_TABLE}`,
    }));
  const stale = registered.filter((file) => !tests.has(file)).map((file) => ({ file, problem: `is a row of ${BEHAVIOUR_TABLE} but no test file` }));
  return [...unnamed, ...stale];
}

function listTests(root: string, dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) listTests(root, path, out);
    else if (name.endsWith(TEST_SUFFIX)) out.push(relative(root, path).replaceAll('\\', '/'));
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const tests = TEST_ROOTS.filter((dir) => existsSync(join(root, dir)))
    .flatMap((dir) => listTests(root, join(root, dir), []))
    .sort();
  const problems = findMisnamedTests(tests, (path) => existsSync(join(root, path)), readBehaviourTable(readFileSync(join(root, BEHAVIOUR_TABLE), 'utf8')));
  for (const { file, problem } of problems) console.error(`check-test-names: ${file} ${problem}`);
  if (problems.length > 0) {
    console.error(
      'check-test-names: name a unit test after the file it tests (x.test.ts or x.<aspect>.test.ts beside x.ts), or register its behaviour in test/behaviour-tests.md',
    );
    process.exit(1);
  }
  console.log(`check-test-names: ${tests.length} test files, each names a product file or a registered behaviour`);
}
