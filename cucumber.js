// Cucumber profiles of the conformance suite. A named profile replaces the default one, so each
// spreads `common` (a named profile replaces the default one instead of adding to it), and cucumber adds up the formats and tags of the profile and
// of the caller, so the runner's profiles carry neither.
//
// Plain use (docs/conformance.md, "Run it"): BASE_URL=… TOKEN=… npx cucumber-js [-p extended]
//   ALLOW_DESTRUCTIVE=1 runs the @destructive scenarios, JWT_SECRET=… the @needs-jwt-secret ones;
//   without them those scenarios are skipped, and steps/hooks.ts says so once.

/**
 * cucumber's own report files in a report directory. junit.xml is the kit's: `mgmt-kit
 * conformance` writes it from the run model with the baseline and the run's checks, a plain run
 * through the kit's formatter (plainFormat below).
 */
export function reportFormats(dir) {
  return [`message:${dir}/messages.ndjson`, `html:${dir}/cucumber.html`, `json:${dir}/cucumber.json`];
}

const common = {
  paths: ['features/**/*.feature'],
  // register.mjs first: cucumber imports in order, and it makes the .ts steps loadable (tsx, a
  // development dependency: this list is for a clone). The packed mgmt-kit ships no steps/: its
  // compiled runner loads dist/steps/conformance-steps.js, which npm run build bundles from this
  // list (scripts/bundle-conformance-steps.ts).
  import: ['steps/support/register.mjs', 'steps/parameter-types.ts', 'steps/world.ts', 'steps/hooks.ts', 'steps/*.steps.ts'],
  strict: true,
  formatOptions: { snippetInterface: 'async-await' },
};

/** For `mgmt-kit conformance` (src/target/conformance/run-conformance.ts), which adds formats, tags and world parameters. */
export const conformanceCore = { ...common, tags: 'not @extension' };

/** For `mgmt-kit conformance --profile extended`: core plus the kit's extensions (batches, invalid enum values, …). */
export const conformanceExtended = { ...common };

// The kit's junit (src/target/conformance/kit-junit-formatter.ts: a test case per scenario by its stable
// id, a failure per failed check), loaded after the support code, so tsx (register.mjs) loads it.
const plainFormat = ['progress', ...reportFormats('reports'), ['./src/target/conformance/kit-junit-formatter.ts', 'reports/junit.xml']];

/** Plain `npx cucumber-js -p extended`: every scenario, reports into reports/. */
export const extended = { ...common, format: plainFormat };

/** Plain `npx cucumber-js`: the documented behaviour (no @extension), reports into reports/. */
export default { ...common, tags: 'not @extension', format: plainFormat };

/**
 * Mutation testing (npm run mutation): every scenario — extension, destructive and minted-token
 * ones included — against the mutated reference server that test/mutation/start-target.ts starts
 * in-process. It is imported right after register.mjs, so its BeforeAll (which sets BASE_URL)
 * runs before the plain-run check of steps/hooks.ts. No report files: Stryker reruns cucumber
 * once per mutant.
 */
export const stryker = {
  ...common,
  import: [common.import[0], 'test/mutation/start-target.ts', ...common.import.slice(1)],
  format: [],
};
