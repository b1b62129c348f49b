/** Values with more JSON nodes than this are reported with their first violation only. */
export const ALL_ERRORS_NODE_LIMIT = 2000;

/** True when `value` has at most `limit` JSON nodes (counted without recursion, stopping early). */
export function isWithinNodes(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (++count > limit) return false;
    if (typeof node === 'object' && node !== null) for (const child of Object.values(node)) stack.push(child);
  }
  return true;
}
