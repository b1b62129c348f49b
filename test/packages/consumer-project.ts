// An empty npm project in a temp folder, as a user starts one: install packed tarballs into
// it, measure what came, run plain Node and strict tsc in it.
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_FOLDERS, packPackage, type PackageName, type Packed } from '../../scripts/packages/pack-packages.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

/** What an install brought: package count (nested ones included), names, bytes. */
export interface InstallMeasure {
  packages: number;
  names: string[];
  /** Sum of file sizes under node_modules (what `du --apparent-size` shows). */
  bytes: number;
  /** Disk use (allocated blocks), as `du` counts it. */
  diskBytes: number;
  seconds: number;
}

/** The environment of a child npm or node: without the variables `npm test` sets for itself. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const keep = new Set(['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig']);
  for (const [name, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(name) && !keep.has(name.toLowerCase())) continue;
    env[name] = value;
  }
  return { ...env, NODE_OPTIONS: '', npm_config_update_notifier: 'false', ...extra };
}

/** Runs a command; throws with its output when it fails. */
export function run(command: string, args: string[], cwd: string, timeoutMs = 300_000): string {
  const result = spawnSync(command, args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout: timeoutMs });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${result.status ?? result.signal}:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

export type { Packed } from '../../scripts/packages/pack-packages.js';

/** The package as it ships (scripts/packages/pack-packages.ts): one workspace folder, or the root with `undefined`. */
export function pack(workspace: string | undefined, destination: string): Packed {
  const name = Object.entries(PACKAGE_FOLDERS).find(([, folder]) => folder === (workspace ?? '.'))?.[0] as PackageName | undefined;
  if (name === undefined) throw new Error(`no package in ${workspace}`);
  return packPackage(name, destination);
}

/** `147 files, 205.8 kB packed, 735.7 kB unpacked` for a report line. */
export function describeTarball(packed: Packed): string {
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  return `${packed.files.length} files, ${kb(packed.bytes)} packed, ${kb(packed.unpackedBytes)} unpacked`;
}

/** Makes an empty `"type": "module"` project and installs the tarballs into it. */
export function installTarballs(dir: string, tarballs: string[], extra: string[] = []): InstallMeasure {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const started = Date.now();
  run('npm', ['install', ...tarballs, ...extra, '--no-audit', '--no-fund'], dir);
  const seconds = (Date.now() - started) / 1000;
  const lock = JSON.parse(readFileSync(join(dir, 'node_modules', '.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  const names = Object.keys(lock.packages)
    .filter((key) => key.startsWith('node_modules/'))
    .map((key) => key.replace(/^.*node_modules\//, ''));
  const { bytes, diskBytes } = measureTree(join(dir, 'node_modules'));
  return { packages: names.length, names, bytes, diskBytes, seconds };
}

function measureTree(dir: string): { bytes: number; diskBytes: number } {
  let bytes = 0;
  let diskBytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const stat = lstatSync(path);
    diskBytes += stat.blocks * 512;
    if (entry.isDirectory()) {
      const inner = measureTree(path);
      bytes += inner.bytes;
      diskBytes += inner.diskBytes;
    } else if (entry.isFile()) bytes += stat.size;
  }
  return { bytes, diskBytes };
}

/** Runs an ES module script with plain Node (no tsx) in the project; returns its stdout. */
export function runModule(dir: string, name: string, source: string): string {
  writeFileSync(join(dir, name), source);
  return run(process.execPath, [name], dir, 60_000).trim();
}

/** Compiles the file with strict TypeScript (NodeNext) against what the project installed. */
export function compileStrict(dir: string, name: string, source: string, nodeTypes: boolean): void {
  writeFileSync(join(dir, name), source);
  const compilerOptions = {
    strict: true,
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    noEmit: true,
    skipLibCheck: false,
    ...(nodeTypes ? { types: ['node'], typeRoots: [join(REPO, 'node_modules', '@types')] } : { types: [] }),
  };
  writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions, files: [name] }));
  run(process.execPath, [TSC, '-p', `tsconfig.${name}.json`], dir, 120_000);
}

/** `12.3 MB (11.8 MB on disk)` for a report line. */
export function describeSize(measure: InstallMeasure): string {
  const mb = (n: number) => `${(n / 1_000_000).toFixed(1)} MB`;
  return `${measure.packages} packages, ${mb(measure.bytes)} (${mb(measure.diskBytes)} on disk), installed in ${measure.seconds.toFixed(1)} s`;
}

/**
 * Compiles the file as a CommonJS project does (a `cjs/` folder of the project whose package.json
 * says `"type": "commonjs"`, as `npm init` leaves it): strict, `module` and `moduleResolution`
 * set to `module`, output beside the source. Returns tsc's errors ("" when it compiled).
 */
export function compileCommonJs(dir: string, name: string, source: string, module: 'nodenext' | 'node16'): { folder: string; errors: string } {
  const folder = join(dir, `cjs-${module}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'cjs-consumer', private: true, type: 'commonjs' }));
  writeFileSync(join(folder, name), source);
  const compilerOptions = {
    strict: true,
    module,
    moduleResolution: module,
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    types: [],
    skipLibCheck: false,
    outDir: '.',
  };
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: [name] }));
  const result = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: folder, env: cleanEnv(), encoding: 'utf8', timeout: 120_000 });
  return { folder, errors: result.status === 0 ? '' : `${result.stdout}${result.stderr}` };
}
