/**
 * The race switches of server.mjs (its "concurrency switches" block) and the groups that show
 * each one to `mgmt-kit fuzz --concurrency N` (signature `<operations>:serial-order:<kind of group>`).
 * A sequence of single requests never shows them: fuzz-concurrency.test.ts runs the fuzzer with
 * --concurrency on each.
 */
export const BROKEN_UNDER_CONCURRENCY: Readonly<Record<string, RegExp>> = {
  'race-create': /:serial-order:create-(create|delete)$/,
  'race-lost-update': /:serial-order:update-(update|delete)$/,
  'race-update-resurrects': /:serial-order:update-delete$/,
  'race-delete-twice': /:serial-order:(delete-delete|create-delete)$/,
  'race-delete-in-steps': /:serial-order:read-delete$/,
};
