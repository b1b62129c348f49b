import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where a bundle of the support code lives, with the fingerprint of the sources it was built from. */
export interface SupportBundle {
  /** Absolute path of the ES module that imports every support file, in the profile's order. */
  file: string;
  /** True when an up-to-date bundle of an earlier run was reused. */
  reused: boolean;
}

/** The generated entry module, which exists only in memory. */
const ENTRY_NAME = 'conformance-support-entry.mjs';

/** Files the profile imports only to make `.ts` loadable: a bundle needs no loader. */
const LOADER_ONLY = /(^|\/)register\.mjs$/;

interface CucumberPaths {
  resolvePaths(
    logger: { debug(...args: unknown[]): void },
    cwd: string,
    sources: { paths: string[] },
    support: { requireModules: string[]; requirePaths: string[]; importPaths: string[]; loaders: string[] },
  ): Promise<{ importPaths: string[] }>;
}

/**
 * The files an `import` list names, expanded exactly as cucumber expands them (globs, sorted per
 * pattern, de-duplicated): the step definitions must be registered in cucumber's own order.
 */
export async function expandImportPaths(imports: readonly string[], cwd: string): Promise<string[]> {
  const { resolvePaths } = createRequire(import.meta.url)('@cucumber/cucumber/lib/paths/paths') as CucumberPaths;
  const resolved = await resolvePaths({ debug: () => undefined }, cwd, { paths: [] }, { requireModules: [], requirePaths: [], importPaths: [...imports], loaders: [] });
  return resolved.importPaths;
}

/** The cache directory next to the package's node_modules (the convention of babel, eslint, esbuild-loader). */
export function supportBundleDirectory(packageRoot: string): string {
  return join(packageRoot, 'node_modules', '.cache', 'mgmt-kit');
}

function fingerprintOf(inputs: readonly string[], packageRoot: string): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const stat = statSync(resolve(packageRoot, input), { throwIfNoEntry: false });
    hash.update(`${input}\0${stat ? `${stat.size}:${stat.mtimeMs}` : 'missing'}\n`);
  }
  return hash.digest('hex');
}

function readReusable(manifestFile: string, packageRoot: string, imports: readonly string[]): boolean {
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { imports: string[]; inputs: string[]; fingerprint: string };
    return JSON.stringify(manifest.imports) === JSON.stringify(imports) && manifest.fingerprint === fingerprintOf(manifest.inputs, packageRoot);
  } catch {
    return false;
  }
}

/**
 * Bundles the cucumber support code of `imports` (the profile's `import` list) into one ES module
 * for `--parallel N`. Every worker process loads the support code before its first scenario; from
 * some thirty TypeScript modules through the tsx loader that costs each worker about a second of
 * CPU, so four workers on two CPUs start about 2.5 s late. One pre-built module loads in about
 * half that and needs no loader. `@cucumber/cucumber` stays external, so the bundle registers its
 * steps on the instance that runs them; the module is written under the package's
 * node_modules so that import resolves. Modules are evaluated in the order of `imports`, so the
 * step definitions get the same order (and ids) as when the files are imported one by one.
 *
 * The bundle is rebuilt when any file it was built from changes (size or mtime). Returns
 * undefined when it cannot be built (no esbuild, read-only install): the caller then imports the
 * files as they are, which is slower and otherwise the same.
 */
export async function bundleSupportCode(imports: readonly string[], packageRoot: string): Promise<SupportBundle | undefined> {
  const directory = supportBundleDirectory(packageRoot);
  const key = createHash('sha256').update(imports.join('\n')).digest('hex').slice(0, 12);
  const file = join(directory, `conformance-support-${key}.mjs`);
  const manifestFile = `${file}.json`;
  if (readReusable(manifestFile, packageRoot, imports)) return { file, reused: true };
  try {
    const { build } = await import('esbuild');
    const entry = imports
      .filter((path) => !LOADER_ONLY.test(path))
      .map((path) => `import ${JSON.stringify(resolve(packageRoot, path))};`)
      .join('\n');
    const result = await build({
      stdin: { contents: entry, resolveDir: packageRoot, sourcefile: ENTRY_NAME, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: ['@cucumber/cucumber', '@cucumber/cucumber/*'],
      // CommonJS dependencies inside an ES module still call require().
      banner: {
        js: "import { createRequire as __mgmtKitCreateRequire } from 'node:module'; const require = __mgmtKitCreateRequire(import.meta.url);",
      },
      // A linked map costs nothing unless source maps are on: the coordinator has them (tsx), so
      // step-definition locations name the TypeScript files; workers get them with
      // NODE_OPTIONS=--enable-source-maps (about 0.1 s of start-up each, so not by default).
      sourcemap: 'linked',
      sourcesContent: false,
      minify: true,
      keepNames: true,
      metafile: true,
      absWorkingDir: packageRoot,
      // Not written by esbuild (write: false), but the source map's paths are relative to it.
      outfile: file,
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles.find((output) => output.path === file)?.text;
    const map = result.outputFiles.find((output) => output.path === `${file}.map`)?.text;
    if (code === undefined || map === undefined) return undefined;
    const inputs = Object.keys(result.metafile.inputs).filter((input) => input !== ENTRY_NAME);
    mkdirSync(directory, { recursive: true });
    // Write then rename: a concurrent run never imports a half-written bundle.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(`${file}.map`, map);
    writeFileSync(temporary, code);
    renameSync(temporary, file);
    writeFileSync(manifestFile, `${JSON.stringify({ imports, inputs, fingerprint: fingerprintOf(inputs, packageRoot) })}\n`);
    return { file, reused: false };
  } catch {
    return undefined;
  }
}
