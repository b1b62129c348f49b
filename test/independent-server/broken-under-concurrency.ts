/**
 * The race switches of server.mjs (its "concurrency switches" block) and the groups that show
 * each one to `mgmt-kit fuzz --concurrency N` (signature `concurrent-<kind>:serial-order:none`).
 * A sequence of single requests never shows them: fuzz-concurrency.test.ts runs the fuzzer with
 * --concurrency on each.
 */
export const BROKEN_UNDER_CONCURRENCY: Readonly<Record<string, RegExp>> = {
  'race-create': /^concurrent-create-(create|delete):serial-order:none$/,
  'race-lost-update': /^concurrent-update-(update|delete):serial-order:none$/,
  'race-update-resurrects': /^concurrent-update-delete:serial-order:none$/,
  'race-delete-twice': /^concurrent-(delete-delete|create-delete):serial-order:none$/,
  'race-delete-in-steps': /^concurrent-read-delete:serial-order:none$/,
};
