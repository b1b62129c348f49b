/** Where the admin routes live: outside every index path, so no record id can collide. */
export const ADMIN_PREFIX = '/__admin';

/** True for `/__admin` and every path below it. */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}
