/**
 * The package.json a tarball carries, made from the one in the repository: everything a user's
 * install reads stays, and what only the repository uses goes.
 * - `scripts` go: a lifecycle script (`prepare`, `prepack`, `install`…) cannot run where the
 *   package is installed (npm warns about it in every consuming project), and the others run
 *   repository files the tarball does not hold.
 * - `workspaces` and `private` go: they describe the repository, not the package.
 * - `publishConfig.bin` becomes `bin`. The repository's root declares no `bin` of its own: npx
 *   would then install the clone into its cache and build it again for every `npx mgmt-kit`
 *   (packages/clone-bin puts the command on node_modules/.bin in a clone instead).
 */
export interface Manifest {
  name: string;
  version: string;
  scripts?: Record<string, string>;
  workspaces?: string[];
  private?: boolean;
  bin?: Record<string, string>;
  publishConfig?: Record<string, unknown>;
  files?: string[];
  [field: string]: unknown;
}

const REPOSITORY_ONLY = new Set(['scripts', 'workspaces', 'private', 'publishConfig']);

export function shippedManifest(manifest: Manifest): Manifest {
  const { bin: shippedBin, ...publishConfig } = (manifest.publishConfig ?? {}) as { bin?: Record<string, string> };
  const shipped: Manifest = { name: manifest.name, version: manifest.version };
  for (const [field, value] of Object.entries(manifest)) {
    if (REPOSITORY_ONLY.has(field)) continue;
    shipped[field] = value;
    // The bin right after the description, where a reader of the packed manifest looks for it.
    if (field === 'description' && shippedBin) shipped['bin'] = shippedBin;
  }
  if (shippedBin && shipped.bin === undefined) shipped.bin = shippedBin;
  if (Object.keys(publishConfig).length > 0) shipped.publishConfig = publishConfig;
  return shipped;
}
