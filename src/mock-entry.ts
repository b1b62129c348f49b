/**
 * @module mgmt-kit/mock
 * The `mgmt-kit/mock` entry: the msw handlers of `@mgmt-kit/mock`, re-exported so that the
 * `mgmt-kit` package keeps this entry point (the build imports them from that package).
 */
export * from './server/msw/index.js';
