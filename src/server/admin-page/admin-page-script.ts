import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The admin page's script as `npm run build` writes it into dist/, beside this module's own build. */
const BUILT = new URL('./page/admin-page.js', import.meta.url);
/** Its source: a browser TypeScript file, type-checked with lib DOM (./admin-page/tsconfig.json). */
const SOURCE = new URL('./page/admin-page.ts', import.meta.url);

/**
 * The admin page's script bundled for the browser by esbuild (a dev dependency): one classic
 * script, the admin prefix it imports inlined. `npm run build` writes it into dist/; a server run
 * from the sources (tsx, the unit tests) bundles it on the first start with `--admin`.
 */
export function bundleAdminPageScript(): string {
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [fileURLToPath(SOURCE)],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
  });
  return outputFiles[0]!.text;
}

/** The script served as `/__admin/admin.js`: the built one, or bundled now when there is none (sources). */
export function readAdminPageScript(): string {
  return existsSync(BUILT) ? readFileSync(BUILT, 'utf8') : bundleAdminPageScript();
}
