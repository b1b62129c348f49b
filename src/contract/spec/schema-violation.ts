import type { ErrorObject } from 'ajv/dist/2020.js';

/** One schema violation, with the JSON pointer of the failing value and of the schema rule. */
export interface SchemaViolation {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

/** A validation function ajv compiled: true when valid, else its errors are on the function. */
export interface CompiledSchema {
  (value: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * The violations of `value`; [] when valid. First stop at the first error (linear time). Only a
 * value small enough gets every error from `every`: collecting all of them is quadratic in ajv (it
 * concatenates error lists per $ref), and a 1 MiB body of 20 000 broken entries then took seconds
 * (found by the hostile-input tests).
 */
export function violationsOf(value: unknown, first: CompiledSchema, every: () => CompiledSchema): SchemaViolation[] {
  if (first(value)) return [];
  if (!isWithinNodes(value, ALL_ERRORS_NODE_LIMIT)) return toViolations(first.errors);
  const all = every();
  all(value);
  return toViolations(all.errors);
}

/** ajv's errors as violations (none for a valid value). */
function toViolations(errors: ErrorObject[] | null | undefined): SchemaViolation[] {
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
function isWithinNodes(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (++count > limit) return false;
    if (typeof node === 'object' && node !== null) for (const child of Object.values(node)) stack.push(child);
  }
  return true;
}
