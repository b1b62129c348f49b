/**
 * `npm run build`: compiles the three packages from the one src/ tree.
 *   packages/client → @mgmt-kit/client  (src/client + the generated types and operation table)
 *   packages/mock   → @mgmt-kit/mock    (src/mock + the reference core it runs)
 *   dist/           → mgmt-kit          (its entries; what belongs to the two packages above is
 *                                        imported from them, not compiled a second time)
 * A module a sibling package owns is reached only through that package's entry (its `exports`
 * map): `import … from '../core/index.js'` in src/ becomes `'@mgmt-kit/mock/core'` in dist/, so
 * `mgmt-kit/reference-server` and `@mgmt-kit/mock` share one core (one `SeedError`, one store
 * type). Importing a non-entry module of a sibling fails the build, naming both files.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

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

function clean(build: PackageBuild): void {
  rmSync(join(root, build.folder, 'dist'), { recursive: true, force: true });
}

// 1. The sibling packages: plain tsc, every file they reach.
const owner = new Map<string, { specifiers: Map<string, string>; folder: string }>();
for (const build of siblings) {
  clean(build);
  const program = createProgram(build);
  report(program, program.emit(), build.folder);
  const specifiers = entriesOf(build);
  for (const file of ownFiles(program)) owner.set(resolve(file.fileName), { specifiers, folder: build.folder });
  console.log(`built ${build.folder}/dist (${ownFiles(program).length} modules)`);
}

// 2. mgmt-kit: only the modules no sibling owns; imports of a sibling's entry become its specifier.
clean(mgmtKit);
const program = createProgram(mgmtKit);
const problems: string[] = [];

function rewrite(specifier: string, fromFile: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dirname(fromFile), specifier.replace(/\.js$/, '.ts'));
  const owned = owner.get(target);
  if (!owned) return undefined;
  const packageSpecifier = owned.specifiers.get(target);
  if (packageSpecifier) return packageSpecifier;
  problems.push(`${relative(root, fromFile)} imports ${relative(root, target)}, which ${owned.folder} owns: import it through that package's entry`);
  return undefined;
}

function rewriteSpecifiers(context: ts.TransformationContext): ts.Transformer<ts.SourceFile> {
  const { factory } = context;
  return (file) => {
    const from = file.fileName.replace(/\.d\.ts$/, '.ts');
    const literal = (node: ts.Expression | undefined) =>
      node && ts.isStringLiteral(node) ? rewrite(node.text, resolve(from)) : undefined;
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isImportDeclaration(node)) {
        const next = literal(node.moduleSpecifier);
        if (next) return factory.updateImportDeclaration(node, node.modifiers, node.importClause, factory.createStringLiteral(next), node.attributes);
      }
      if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
        const next = literal(node.moduleSpecifier);
        if (next) return factory.updateExportDeclaration(node, node.modifiers, node.isTypeOnly, node.exportClause, factory.createStringLiteral(next), node.attributes);
      }
      if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const next = literal(node.argument.literal as ts.Expression);
        if (next) {
          const argument = factory.updateLiteralTypeNode(node.argument, factory.createStringLiteral(next));
          return factory.updateImportTypeNode(node, argument, node.attributes, node.qualifier, node.typeArguments, node.isTypeOf);
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitNode(file, visit) as ts.SourceFile;
  };
}

const transformers: ts.CustomTransformers = {
  before: [rewriteSpecifiers],
  afterDeclarations: [rewriteSpecifiers as ts.TransformerFactory<ts.SourceFile | ts.Bundle>],
};
const emitted: ts.EmitResult[] = [];
let count = 0;
for (const file of ownFiles(program)) {
  if (owner.has(resolve(file.fileName))) continue;
  emitted.push(program.emit(file, undefined, undefined, false, transformers));
  count += 1;
}
report(program, { emitSkipped: false, diagnostics: emitted.flatMap((e) => e.diagnostics) }, 'mgmt-kit');
if (problems.length > 0) {
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  throw new Error(`mgmt-kit: ${problems.length} import(s) bypass a package entry:\n  ${[...new Set(problems)].join('\n  ')}`);
}
if (!existsSync(join(root, 'dist'))) throw new Error('mgmt-kit: nothing emitted');
console.log(`built dist (${count} modules; @mgmt-kit/client and @mgmt-kit/mock imported, not copied)`);
