import * as everyErrorValidators from '../../generated/record-validators-all-errors.js';
import * as firstErrorValidators from '../../generated/record-validators.js';
import { violationsOf, type CompiledSchema, type SchemaViolation } from './schema-violation.js';

/** Validates a value against a record component schema; [] when valid. */
export type RecordSchemaValidator = (schemaName: string, value: unknown) => SchemaViolation[];

const FIRST_ERROR = firstErrorValidators as unknown as Readonly<Record<string, CompiledSchema | undefined>>;
const EVERY_ERROR = everyErrorValidators as unknown as Readonly<Record<string, CompiledSchema | undefined>>;

/**
 * The record schemas (each index's input, update and stored schema) as ajv compiled them ahead
 * of time into src/generated/ (`npm run generate`): the same functions `createSpecValidator`
 * compiles at run time, so the same violations, without loading ajv or compiling a schema when
 * a server starts. As there, a value gets every violation only when it is small enough
 * (collecting all of them is quadratic in ajv); a larger one gets its first.
 *
 * @example createRecordSchemaValidator()('NetworkLinkTypeInput', { id: 'x' }) // → [{ keyword: 'required', … }]
 */
export function createRecordSchemaValidator(): RecordSchemaValidator {
  return (schemaName, value) => {
    const first = Object.hasOwn(FIRST_ERROR, schemaName) ? FIRST_ERROR[schemaName] : undefined;
    const every = Object.hasOwn(EVERY_ERROR, schemaName) ? EVERY_ERROR[schemaName] : undefined;
    if (first === undefined || every === undefined)
      throw new Error(`no precompiled record schema ${schemaName} (scripts/generate.ts compiles each index's input, update and stored schema)`);
    return violationsOf(value, first, () => every);
  };
}

/** The names of the precompiled schemas, for tests. */
export const RECORD_SCHEMA_NAMES: readonly string[] = Object.keys(FIRST_ERROR);
