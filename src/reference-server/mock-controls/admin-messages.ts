/**
 * The messages of the admin routes (`--admin`), named once so tests import them. The admin
 * routes are not operations of the spec: they control the mock, not the management service.
 */

/** Every admin route, for the 404 of an unknown one and the docs. */
export const ADMIN_ROUTES = 'POST /__admin/reset, GET /__admin/state, PUT /__admin/state';

/** POST /__admin/reset. */
export const STATE_RESET = 'State reset to the start records (preload and seed)';

/** An unknown path under /__admin. */
export const UNKNOWN_ADMIN_PATH = `No admin route at this path (use ${ADMIN_ROUTES})`;

/** PUT /__admin/state without a body. */
export const STATE_BODY_MISSING = 'send the state as JSON: {"event": [...], "network-link-type": [...], "agent": [...]}';

/** PUT /__admin/state: done. */
export function stateReplaced(records: number): string {
  return `State replaced: ${records} record${records === 1 ? '' : 's'}`;
}

/** Another method on an admin path. */
export function adminMethodNotAllowed(allow: string): string {
  return `Method not allowed: use ${allow}`;
}
