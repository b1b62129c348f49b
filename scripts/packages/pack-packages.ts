/**
 * Packs the three packages as they ship: each package's files (what `npm pack` would take from
 * its folder, by its `files` list) are copied into a staging folder with the manifest of
 * shipped-manifest.ts, and `npm pack` runs there, so the tarball's package.json carries the bin
 * and no script (npm pack in the repository would ship the repository's manifest).
 * Needs `npm run build` first: it packs the dist/ folders as they are.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shippedManifest, type Manifest } from './shipped-manifest.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** The three packages by short name, with their folder in the repository. */
export const PACKAGE_FOLDERS = { client: 'packages/client', mock: 'packages/mock', kit: '.' } as const;
export type PackageName = keyof typeof PACKAGE_FOLDERS;

/** A packed tarball: its path, its files, and its size packed and unpacked (bytes). */
export interface Packed {
  tarball: string;
  files: string[];
  bytes: number;
  unpackedBytes: number;
  manifest: Manifest;
}

interface PackJson {
  filename: string;
  files: Array<{ path: string }>;
  size: number;
  unpackedSize: number;
}

/** The environment of a child npm: without the variables an npm script sets for itself. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const keep = new Set(['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig']);
  for (const [name, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(name) && !keep.has(name.toLowerCase())) continue;
    env[name] = value;
  }
  return { ...env, npm_config_update_notifier: 'false' };
}

function npmPack(cwd: string, args: string[]): PackJson {
  const result = spawnSync('npm', ['pack', '--json', '--ignore-scripts', ...args], { cwd, env: npmEnv(), encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`npm pack ${args.join(' ')} (in ${cwd}) exited ${result.status ?? result.signal}:\n${result.stdout}\n${result.stderr}`);
  const [info] = JSON.parse(result.stdout) as PackJson[];
  if (!info) throw new Error(`npm pack (in ${cwd}) printed nothing`);
  return info;
}

/** Packs one package into `destination` as it ships; returns the tarball and what it holds. */
export function packPackage(name: PackageName, destination: string): Packed {
  const folder = join(REPO, PACKAGE_FOLDERS[name]);
  const listed = npmPack(folder, ['--dry-run']).files.map((file) => file.path);
  const stage = mkdtempSync(join(tmpdir(), `mgmt-kit-pack-${name}-`));
  try {
    for (const file of listed) {
      if (file === 'package.json') continue;
      mkdirSync(dirname(join(stage, file)), { recursive: true });
      copyFileSync(join(folder, file), join(stage, file));
    }
    const manifest = shippedManifest(JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest);
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(destination, { recursive: true });
    const info = npmPack(stage, ['--pack-destination', destination]);
    const files = info.files.map((file) => file.path);
    const differ = [...files.filter((f) => !listed.includes(f)), ...listed.filter((f) => !files.includes(f))];
    if (differ.length > 0) throw new Error(`${name}: the staged tarball's files differ from the folder's: ${differ.join(', ')}`);
    return { tarball: join(destination, info.filename), files, bytes: info.size, unpackedBytes: info.unpackedSize, manifest };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** Packs the three packages into `destination`. */
export function packPackages(destination: string): Record<PackageName, Packed> {
  return { client: packPackage('client', destination), mock: packPackage('mock', destination), kit: packPackage('kit', destination) };
}
