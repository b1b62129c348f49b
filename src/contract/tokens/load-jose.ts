/**
 * jose, imported on first use: by the first token verified (./authenticate.ts) or minted
 * (./mint-token.ts), not when the core is imported, so a server starts without loading it
 * (`mgmt-kit serve`'s start-up, src/cli/serve-start-modules.test.ts). One import per process.
 *
 * Not mutated (stryker.config.json, docs/mutation/README.md): *equivalent*, only when jose is
 * loaded changes.
 */
let jose: Promise<typeof import('jose')> | undefined;

/** The jose module, loaded once. */
export function loadJose(): Promise<typeof import('jose')> {
  jose ??= import('jose');
  return jose;
}
