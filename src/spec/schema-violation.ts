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
