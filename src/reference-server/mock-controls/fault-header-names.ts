/**
 * The request headers that inject a fault when the server runs with `--admin` (the msw
 * handlers with `admin: true`). Named once: the fault reader, the CORS preflight and the docs use them.
 */

/** `x-mgmt-kit-status: 500` answers that documented status with the envelope instead of acting. */
export const FAULT_STATUS_HEADER = 'x-mgmt-kit-status';

/** `x-mgmt-kit-delay: 2s` delays this one answer (it replaces `--delay` for it). */
export const FAULT_DELAY_HEADER = 'x-mgmt-kit-delay';
