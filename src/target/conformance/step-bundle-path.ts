/**
 * Where `npm run build` writes the conformance steps bundled into one module
 * (scripts/bundle-conformance-steps.ts), relative to the package root: the compiled runner
 * (dist/target/conformance/run-conformance.js) loads them from there.
 */
export const STEP_BUNDLE_PATH = 'dist/steps/conformance-steps.js';
