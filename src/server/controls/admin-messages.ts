/**
 * The messages of the admin routes (`--admin`), named once so tests import them. The admin
 * routes are not operations of the spec: they control the mock, not the management service.
 */

/** Every admin route, for the 404 of an unknown one and the docs. */
export const ADMIN_ROUTES =
  'GET /__admin/ (the page), POST /__admin/reset, GET|PUT /__admin/state, GET|DELETE /__admin/requests, GET|POST|DELETE /__admin/faults, DELETE /__admin/faults/{id}';

/** POST /__admin/reset. */
export const STATE_RESET = 'State reset to the start records (preload and seed); fault rules and the request journal cleared';

/** An unknown path under /__admin. */
export const UNKNOWN_ADMIN_PATH = `No admin route at this path (use ${ADMIN_ROUTES})`;

/** PUT /__admin/state without a body. */
export const STATE_BODY_MISSING = 'send the state as JSON: {"event": [...], "network-link-type": [...], "agent": [...]}';

/** PUT /__admin/state: done. */
export const stateReplaced = (records: number): string => `State replaced: ${records} record${records === 1 ? '' : 's'}`;

/** Another method on an admin path. */
export const adminMethodNotAllowed = (allow: string): string => `Method not allowed: use ${allow}`;

/** DELETE /__admin/requests. */
export const journalCleared = (entries: number): string => `Request journal cleared: ${entries} request${entries === 1 ? '' : 's'}`;

/** POST /__admin/faults: done. */
export const faultRuleAdded = (id: string): string => `Fault rule ${id} added`;

/** DELETE /__admin/faults[/{id}]: done. */
export const faultRulesRemoved = (count: number): string => `${count} fault rule${count === 1 ? '' : 's'} removed`;

/** DELETE /__admin/faults/{id} for an id no rule has. */
export const faultRuleNotFound = (id: string): string => `No fault rule with id ${id} (GET /__admin/faults lists them)`;

/** POST /__admin/faults without a body. */
export const FAULT_RULE_MISSING = 'send a fault rule as JSON: {"method": "POST", "path": "/event", "status": 503, "times": 2}';

/** Where the admin routes live: outside every index path, so no record id can collide. */
export const ADMIN_PREFIX = '/__admin';

/** True for `/__admin` and every path below it. */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}
