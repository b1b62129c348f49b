/**
 * npm run docs:packages: packs the three packages as they ship (needs npm run build first) and
 * writes their tarball figures into docs/packages.md (scripts/packages/package-figures.ts).
 * test/packages/packed-packages.test.ts fails when a written figure differs from its own pack.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packPackages, REPO } from './packages/pack-packages.js';
import { tarballFigures, writePackageFigures } from './packages/package-figures.js';

const out = mkdtempSync(join(tmpdir(), 'mgmt-kit-figures-'));
try {
  const figures = tarballFigures(packPackages(out));
  const page = join(REPO, 'docs/packages.md');
  writeFileSync(page, writePackageFigures(readFileSync(page, 'utf8'), figures));
  console.log(
    Object.entries(figures)
      .map(([name, value]) => `${name} ${value}`)
      .join('\n'),
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
