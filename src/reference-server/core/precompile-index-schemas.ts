import type { SpecValidator } from '../../spec/spec-validator.js';
import { INDEX_DEFINITIONS } from './index-definitions.js';

/**
 * Compiles now every schema a request can meet, so no request pays for ajv's code generation.
 * Only a matter of time: a schema not compiled here is compiled on first use, with the same
 * result, so this file is not mutated (stryker.config.json, docs/mutation/README.md).
 */
export function precompileIndexSchemas(spec: SpecValidator): void {
  spec.precompile(INDEX_DEFINITIONS.flatMap((d) => [d.inputSchema, d.updateSchema, d.storedSchema]));
}
