/**
 * `npm run build`: compiles the three packages from the one src/ tree.
 *   packages/client → @mgmt-kit/client  (src/client + the generated types and operation table)
 *   packages/mock   → @mgmt-kit/mock    (src/server/msw + the reference core it runs)
 *   dist/           → mgmt-kit          (its library entries, the command, the conformance runner,
 *                                        the fuzzer and the benchmark; what belongs to the two
 *                                        packages above is imported from them, not compiled a
 *                                        second time; declarations for the library entries only)
 *   dist/steps/conformance-steps.js     (steps/ bundled into one module, see
 *                                        scripts/bundle-conformance-steps.ts)
 *   dist/server/admin-page/page/admin-page.js
 *                                       (the admin page's browser script, bundled by esbuild)
 * A module a sibling package owns is reached only through that package's entry (its `exports`
 * map): `import … from '../core/index.js'` in src/ becomes `'@mgmt-kit/mock/core'` in dist/, so
 * one install holds one reference core (one `SeedError`, one store type). Importing a non-entry
 * module of a sibling fails the build, naming both files.
 *
 * Each package is built into `.dist-next/` beside its `dist/` and swapped in by two renames once
 * all three built: a rebuild (the `prepare` that a first `npx mgmt-kit` in a clone runs, or
 * `npm run build` while a server or a test runs) never leaves a moment of seconds without
 * `dist/`, and a failed build leaves the last good one.
 */
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { bundleConformanceSteps } from './bundle-conformance-steps.js';
import { STEP_BUNDLE_PATH } from '../src/target/conformance/step-bundle-path.js';
import { bundleAdminPageScript } from '../src/server/admin-page/admin-page-script.js';

const root = fileURLToPath(new URL('../', import.meta.url));

/** A package built by tsc from src/: its folder (root = mgmt-kit), name and tsconfig. */
interface PackageBuild {
  folder: string;
  tsconfig: string;
}

const siblings: PackageBuild[] = [
  { folder: 'packages/client', tsconfig: 'packages/client/tsconfig.json' },
  { folder: 'packages/mock', tsconfig: 'packages/mock/tsconfig.json' },
];
const mgmtKit: PackageBuild = { folder: '.', tsconfig: 'tsconfig.build.json' };

function createProgram(build: PackageBuild): ts.Program {
  const path = join(root, build.tsconfig);
  const parsed = ts.getParsedCommandLineOfConfigFile(path, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: fail });
  if (!parsed) throw new Error(`cannot read ${build.tsconfig}`);
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences ?? [] });
}

function fail(diagnostic: ts.Diagnostic): never {
  throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/** The files of src/ a program compiles (no declaration files from node_modules or lib). */
function ownFiles(program: ts.Program): ts.SourceFile[] {
  return program.getSourceFiles().filter((file) => !file.isDeclarationFile && !file.fileName.includes('/node_modules/'));
}

/** Source entry file (absolute) → package specifier, read from the package's `exports` map. */
function entriesOf(build: PackageBuild): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(root, build.folder, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, string | { default: string }>;
  };
  const entries = new Map<string, string>();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const file = typeof target === 'string' ? target : target.default;
    const match = /^\.\/dist\/(.+)\.js$/.exec(file);
    if (!match) continue; // ./package.json
    entries.set(resolve(root, 'src', `${match[1]}.ts`), `${manifest.name}${subpath.slice(1)}`);
  }
  return entries;
}

function report(program: ts.Program, emitted: ts.EmitResult, name: string): void {
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (diagnostics.length === 0) return;
  const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  throw new Error(`${name}: build failed\n${ts.formatDiagnostics(diagnostics, host)}`);
}

const STAGE = '.dist-next';

/** Where a file tsc (or the bundler) would write under `folder/dist/` is written while building. */
function staged(build: PackageBuild, path: string): string {
  const dist = join(root, build.folder, 'dist');
  const rel = relative(dist, resolve(path));
  if (rel.startsWith('..')) throw new Error(`${path} is outside ${dist}`);
  return join(root, build.folder, STAGE, rel);
}

function clean(build: PackageBuild): void {
  rmSync(join(root, build.folder, STAGE), { recursive: true, force: true });
}

/** The staged build becomes `dist/`: the old one steps aside, the new one takes its name. */
function publish(build: PackageBuild): void {
  const dist = join(root, build.folder, 'dist');
  const old = join(root, build.folder, '.dist-old');
  rmSync(old, { recursive: true, force: true });
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(join(root, build.folder, STAGE), dist);
  rmSync(old, { recursive: true, force: true });
}

/** Writes where {@link staged} says. */
const stagedWriter =
  (build: PackageBuild): ts.WriteFileCallback =>
  (name, text, bom) =>
    ts.sys.writeFile(staged(build, name), text, bom);

// 1. The sibling packages: plain tsc, every file they reach.
/** The sibling package that compiles a module, and its entries (source file → package specifier). */
interface Owned {
  specifiers: Map<string, string>;
  folder: string;
}
const owner = new Map<string, Owned>();
for (const build of siblings) {
  clean(build);
  const program = createProgram(build);
  report(program, program.emit(undefined, stagedWriter(build)), build.folder);
  const specifiers = entriesOf(build);
  for (const file of ownFiles(program)) owner.set(resolve(file.fileName), { specifiers, folder: build.folder });
  console.log(`built ${build.folder}/dist (${ownFiles(program).length} modules)`);
}

// 2. mgmt-kit: only the modules no sibling owns; imports of a sibling's entry become its specifier.
clean(mgmtKit);
const program = createProgram(mgmtKit);
const problems: string[] = [];

/** The package specifier of a sibling's entry `target`; undefined (and a problem) for its other modules. */
function entrySpecifier(target: string, owned: Owned, fromFile: string): string | undefined {
  const packageSpecifier = owned.specifiers.get(target);
  if (packageSpecifier) return packageSpecifier;
  problems.push(`${relative(root, fromFile)} imports ${relative(root, target)}, which ${owned.folder} owns: import it through that package's entry`);
  return undefined;
}

function rewrite(specifier: string, fromFile: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dirname(fromFile), specifier.replace(/\.js$/, '.ts'));
  const owned = owner.get(target);
  return owned && entrySpecifier(target, owned, fromFile);
}

function rewriteSpecifiers(context: ts.TransformationContext): ts.Transformer<ts.SourceFile> {
  const { factory } = context;
  return (file) => {
    const from = file.fileName.replace(/\.d\.ts$/, '.ts');
    // The specifier a module-naming string literal becomes, as a new literal; undefined to keep it.
    const replace = (node: ts.Node | undefined) => {
      const next = node && ts.isStringLiteral(node) ? rewrite(node.text, resolve(from)) : undefined;
      return next === undefined ? undefined : factory.createStringLiteral(next);
    };
    const visit = (node: ts.Node): ts.Node => {
      const declared = ts.isImportDeclaration(node) || ts.isExportDeclaration(node) ? replace(node.moduleSpecifier) : undefined;
      if (declared && ts.isImportDeclaration(node)) return factory.updateImportDeclaration(node, node.modifiers, node.importClause, declared, node.attributes);
      if (declared && ts.isExportDeclaration(node))
        return factory.updateExportDeclaration(node, node.modifiers, node.isTypeOnly, node.exportClause, declared, node.attributes);
      // `await import('../core/index.js')` (a lazily loaded command) follows the same rule as a static import.
      const called = ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword ? replace(node.arguments[0]) : undefined;
      if (called && ts.isCallExpression(node))
        return factory.updateCallExpression(node, node.expression, node.typeArguments, [called, ...node.arguments.slice(1)]);
      const typed = ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) ? replace(node.argument.literal) : undefined;
      if (typed && ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const argument = factory.updateLiteralTypeNode(node.argument, typed);
        return factory.updateImportTypeNode(node, argument, node.attributes, node.qualifier, node.typeArguments, node.isTypeOf);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitNode(file, visit) as ts.SourceFile;
  };
}

/** The files `entries` reach through their relative imports and re-exports, type-only ones included. */
function reachableFrom(entries: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const statement of program.getSourceFile(file)?.statements ?? []) {
      const specifier = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
      if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
        queue.push(resolve(dirname(file), specifier.text.replace(/\.js$/, '.ts')));
      }
    }
  }
  return seen;
}

const transformers: ts.CustomTransformers = {
  before: [rewriteSpecifiers],
  afterDeclarations: [rewriteSpecifiers as ts.TransformerFactory<ts.SourceFile | ts.Bundle>],
};
// Declarations are for `import … from 'mgmt-kit'` users: the command's modules need none.
const typed = reachableFrom(entriesOf(mgmtKit).keys());
const emitted: ts.EmitResult[] = [];
const compiled = new Set<string>();
for (const file of ownFiles(program)) {
  const source = resolve(file.fileName);
  if (owner.has(source)) continue;
  const writeFile: ts.WriteFileCallback = (name, text, bom) => {
    if (!name.endsWith('.d.ts') || typed.has(source)) ts.sys.writeFile(staged(mgmtKit, name), text, bom);
  };
  emitted.push(program.emit(file, writeFile, undefined, false, transformers));
  compiled.add(source);
}
report(program, { emitSkipped: false, diagnostics: emitted.flatMap((e) => e.diagnostics) }, 'mgmt-kit');

function failOnBypasses(): void {
  if (problems.length === 0) return;
  for (const build of [...siblings, mgmtKit]) clean(build);
  throw new Error(`mgmt-kit: ${problems.length} import(s) bypass a package entry:\n  ${[...new Set(problems)].join('\n  ')}`);
}
failOnBypasses();
if (!existsSync(join(root, STAGE))) throw new Error('mgmt-kit: nothing emitted');
console.log(
  `built dist (${compiled.size} modules, ${[...compiled].filter((file) => typed.has(file)).length} with declarations; @mgmt-kit/client and @mgmt-kit/mock imported, not copied)`,
);

// 3. The conformance steps: one module, importing dist/ and the sibling packages (same rules).
const { conformanceCore } = (await import(pathToFileURL(join(root, 'cucumber.js')).href)) as { conformanceCore: { import: string[] } };
const stepFiles = await bundleConformanceSteps({
  root,
  imports: conformanceCore.import,
  outfile: staged(mgmtKit, join(root, STEP_BUNDLE_PATH)),
  importInstead(target, importer) {
    const owned = owner.get(target);
    // A refused import stays external (never bundled, so never a second copy); failOnBypasses reports it.
    if (owned) return entrySpecifier(target, owned, importer) ?? target;
    return compiled.has(target) ? join(root, STAGE, relative(join(root, 'src'), target)).replace(/\.ts$/, '.js') : undefined;
  },
});
failOnBypasses();

// 4. The admin page's script: browser TypeScript, bundled by esbuild beside the module that serves it.
ts.sys.writeFile(staged(mgmtKit, join(root, 'dist/server/admin-page/page/admin-page.js')), bundleAdminPageScript());
for (const build of [...siblings, mgmtKit]) publish(build);
console.log(`built ${STEP_BUNDLE_PATH} (${stepFiles.length} step files)`);
