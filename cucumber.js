// Cucumber profiles of the conformance suite (mgmt-kit conformance loads them in-process and
// adds the report formats and world parameters; see src/conformance/run-conformance.ts).
// A named profile replaces the default one, so each spreads `common` (TOOLCHAIN.md §2).
//
// Direct use: BASE_URL=… TOKEN=… NODE_OPTIONS=--import=tsx npx cucumber-js [-p extended]

/** The cucumber report files written into a report directory. */
export function reportFormats(dir) {
  return [`message:${dir}/messages.ndjson`, `junit:${dir}/junit.xml`, `html:${dir}/cucumber.html`, `json:${dir}/cucumber.json`];
}

const common = {
  paths: ['features/**/*.feature'],
  // register.mjs first: cucumber imports in order, and it makes the .ts steps loadable.
  import: ['steps/support/register.mjs', 'steps/parameter-types.ts', 'steps/world.ts', 'steps/hooks.ts', 'steps/*.steps.ts'],
  strict: true,
  formatOptions: { snippetInterface: 'async-await', junit: { suiteName: 'mgmt-kit conformance' } },
};

/** The seed's documented behaviour only. */
export const core = { ...common, tags: 'not @extension' };

/** core plus the kit's extensions (batches, invalid enum values, …). */
export const extended = { ...common };

// Plain `cucumber-js`: core, without the scenarios that need consent or a secret.
export default {
  ...core,
  tags: 'not @extension and not @destructive and not @needs-jwt-secret',
  format: ['progress', ...reportFormats('reports')],
};

/**
 * Mutation testing (npm run mutation): every scenario — extension, destructive and minted-token
 * ones included — against the mutated reference server started in-process by
 * test/mutation/start-target.ts. No report files: Stryker reruns cucumber once per mutant.
 */
export const stryker = { ...common, import: [...common.import, 'test/mutation/start-target.ts'], format: [] };
