/**
 * The conformance steps as one ES module, made by `npm run build` (scripts/build-packages.ts) so
 * that the packed `mgmt-kit` runs them without a TypeScript loader: serial runs and every
 * `--parallel` worker import this one file. Only the code of steps/ (and of src/ modules nothing
 * in dist/ compiles) goes into it; everything else stays one shared instance:
 *   - packages (`@cucumber/cucumber`, axios, …) are imported, so the steps register on the
 *     cucumber instance that runs them;
 *   - a src/ module that dist/ compiles is imported from dist/ (one run prefix, one call log
 *     type for the runner and the steps);
 *   - a module a sibling package owns is imported through that package's entry
 *     (`@mgmt-kit/client`, `@mgmt-kit/mock/core`), as the compiled CLI imports it.
 * Modules run in the order of the profile's import list, expanded as cucumber expands it, so
 * the step definitions get the same order (and ids) as when cucumber imports the files one by one.
 */
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { build } from 'esbuild';

interface CucumberPaths {
  resolvePaths(
    logger: { debug(...args: unknown[]): void },
    cwd: string,
    sources: { paths: string[] },
    support: { requireModules: string[]; requirePaths: string[]; importPaths: string[]; loaders: string[] },
  ): Promise<{ importPaths: string[] }>;
}

/** Files the profile imports only to make `.ts` loadable (tsx): compiled code needs no loader. */
const LOADER_ONLY = /(^|\/)register\.mjs$/;

/**
 * The files an `import` list names, expanded exactly as cucumber expands them (globs, sorted per
 * pattern, de-duplicated), through cucumber's own path module.
 */
export async function expandImportPaths(imports: readonly string[], cwd: string): Promise<string[]> {
  const { resolvePaths } = createRequire(import.meta.url)('@cucumber/cucumber/lib/paths/paths') as CucumberPaths;
  const resolved = await resolvePaths(
    { debug: () => undefined },
    cwd,
    { paths: [] },
    { requireModules: [], requirePaths: [], importPaths: [...imports], loaders: [] },
  );
  return resolved.importPaths;
}

/** Options of {@link bundleConformanceSteps}. */
export interface StepBundleOptions {
  /** The package root: the import list and its globs are relative to it. */
  root: string;
  /** The profile's `import` list (cucumber.js). */
  imports: readonly string[];
  /** Absolute path of the bundle to write. */
  outfile: string;
  /**
   * What a relative import of `target` (an absolute `.ts` path) in `importer` becomes: a package
   * specifier or an absolute file to import instead, or undefined to put the module into the
   * bundle. May throw to refuse the import.
   */
  importInstead(target: string, importer: string): string | undefined;
}

/** Writes the bundle; returns the step files it holds, in the order they run. */
export async function bundleConformanceSteps(options: StepBundleOptions): Promise<string[]> {
  const files = (await expandImportPaths(options.imports, options.root)).filter((path) => !LOADER_ONLY.test(path));
  if (files.length === 0) throw new Error(`no step files in ${options.imports.join(', ')}`);
  await build({
    stdin: {
      contents: files.map((path) => `import ${JSON.stringify(path)};`).join('\n'),
      resolveDir: options.root,
      sourcefile: 'conformance-steps-entry.js',
      loader: 'js',
    },
    outfile: options.outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [
      {
        // Imports that importInstead replaces are left out of the bundle.
        name: 'mgmt-kit-shared-modules',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^\.\.?\// }, (args) => {
            const target = resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
            const replacement = options.importInstead(target, args.importer);
            if (replacement === undefined) return undefined;
            if (!replacement.startsWith('/')) return { path: replacement, external: true };
            const fromBundle = relative(dirname(options.outfile), replacement);
            return { path: fromBundle.startsWith('.') ? fromBundle : `./${fromBundle}`, external: true };
          });
        },
      },
    ],
    // Readable, so a failing step's stack trace can be followed; names kept for error classes.
    minify: false,
    keepNames: true,
    legalComments: 'none',
    banner: { js: '// The mgmt-kit conformance steps (steps/ of the repository), bundled by npm run build.' },
    logLevel: 'silent',
  });
  return files;
}
