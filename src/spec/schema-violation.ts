import type { ErrorObject } from 'ajv/dist/2020.js';

/** One schema violation, with the JSON pointer of the failing value and of the schema rule. */
export interface SchemaViolation {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

/** ajv's errors as violations (none for a valid value). */
export function toViolations(errors: ErrorObject[] | null | undefined): SchemaViolation[] {
  return (errors ?? []).map((e) => ({
    instancePath: e.instancePath,
    schemaPath: e.schemaPath,
    keyword: e.keyword,
    message: e.message ?? e.keyword,
    params: e.params as Record<string, unknown>,
  }));
}

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
