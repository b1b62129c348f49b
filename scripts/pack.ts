/**
 * npm run pack:all [-- --out DIR]: the three tarballs as they ship (packed manifests: the bin, no
 * scripts; see scripts/packages/pack-packages.ts), written into DIR (default packed/; its
 * mgmt-kit-*.tgz are removed first, so it holds one version of each). Needs npm ci (it builds) or npm run build first.
 * The Containerfile installs what packed/ holds.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { packPackages, REPO } from './packages/pack-packages.js';

const { values } = parseArgs({ options: { out: { type: 'string', default: resolve(REPO, 'packed') } } });
const out = resolve(values.out);
mkdirSync(out, { recursive: true });
for (const old of readdirSync(out).filter((file) => /^mgmt-kit-.*\.tgz$/.test(file))) rmSync(join(out, old));
for (const [name, packed] of Object.entries(packPackages(out))) {
  console.log(`${relative(process.cwd(), packed.tarball) || packed.tarball}  (${name}: ${packed.files.length} files, ${(packed.bytes / 1000).toFixed(1)} kB)`);
}
