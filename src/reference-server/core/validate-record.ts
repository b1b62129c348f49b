import type { OpenApiDocument } from '../../spec/openapi-document.js';
import type { SpecValidator } from '../../spec/spec-validator.js';
import type { ValidationMessage } from './envelope.js';
import { mapViolations } from './map-violations.js';

/** Validates a value against a spec component; `undefined` when valid, else the 406 message object. */
export type RecordValidator = (schemaName: string, value: unknown) => ValidationMessage | undefined;

/**
 * Record validation from the spec's schemas (ajv 2020-12: `createSpecValidator`, or the same
 * code compiled ahead of time, `createRecordSchemaValidator`; no schema written twice), its
 * failures mapped to the description's message object (§4.1 rule 4).
 *
 * @example createRecordValidator(spec, doc)('NetworkLinkTypeInput', { id: 'x' }) // → { name: 'required' }
 */
export function createRecordValidator(spec: Pick<SpecValidator, 'validateSchema'>, doc: OpenApiDocument): RecordValidator {
  return (schemaName, value) => {
    const violations = spec.validateSchema(schemaName, value);
    return violations.length === 0 ? undefined : mapViolations(violations, doc);
  };
}
