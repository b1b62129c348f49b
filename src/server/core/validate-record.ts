import type { OpenApiDocument } from '../../contract/spec/openapi-document.js';
import type { SchemaViolation, SpecValidator } from '../../contract/spec/spec-validator.js';
import type { RecordValidator, ValidationMessage } from './core-types.js';
import { unescapePointerSegment } from './json-record.js';
import { BODY_FIELD, KIT_REFUSAL_REASONS, REQUIRED } from './messages.js';

/** `parameters` → `parameter`: the description names an entry of a list by the list's singular (§4.1 rule 4). */
export function singularOf(listName: string): string {
  // Stryker disable next-line MethodExpression,UnaryOperator: equivalent: singular of the three list names (docs/mutation/SURVIVORS.md)
  if (listName.endsWith('ies')) return `${listName.slice(0, -3)}y`;
  // Stryker disable next-line LogicalOperator: equivalent: singular of the three list names (docs/mutation/SURVIVORS.md)
  if (listName.endsWith('s') && !listName.endsWith('ss')) return listName.slice(0, -1);
  return listName;
}

/**
 * The dotted field name of a JSON pointer: list indices are dropped and the list named by its
 * singular, so `/actions/1/config` + `cmd` → `action.config.cmd` (§4.1 rule 4).
 */
export function dottedFieldName(instancePath: string, ...leaves: string[]): string {
  const names: string[] = [];
  for (const segment of instancePath.split('/').slice(1).map(unescapePointerSegment)) {
    // A list index names an entry of the list before it; a leading index (no list before it) stays.
    if (/^\d+$/.test(segment)) names.push(singularOf(names.pop() ?? segment));
    else names.push(segment);
  }
  names.push(...leaves);
  const dotted = names.join('.');
  // A violation of the body itself: refused before validation (not an object), so never seen here.
  return dotted || BODY_FIELD;
}

function describeViolation(v: SchemaViolation, doc: OpenApiDocument): { field: string; reason: string } {
  switch (v.keyword) {
    case 'required':
      return { field: dottedFieldName(v.instancePath, String(v.params['missingProperty'])), reason: REQUIRED };
    // Stryker disable next-line ConditionalExpression,StringLiteral: kit-only: the record schemas allow extra fields (additionalProperties: true), so no record validation meets this case (docs/mutation/SURVIVORS.md)
    case 'additionalProperties':
      // Stryker disable next-line ObjectLiteral,StringLiteral: kit-only: the record schemas allow extra fields (additionalProperties: true), so no record validation meets this case (docs/mutation/SURVIVORS.md)
      return { field: dottedFieldName(v.instancePath, String(v.params['additionalProperty'])), reason: refusalReason(v, doc) };
    default:
      return { field: dottedFieldName(v.instancePath), reason: refusalReason(v, doc) };
  }
}

/** The kit's words for a violation other than `required` (./kit-messages.ts), else ajv's: always a reason, so the field is named. */
function refusalReason(v: SchemaViolation, doc: OpenApiDocument): string {
  return KIT_REFUSAL_REASONS.get(v.keyword)?.(v, doc) ?? v.message;
}

/**
 * Maps ajv violations to the description's 406 message object: `{"name": "required"}`,
 * `{"parameter.type": "required"}`, `{"action.status": "must be one of: started, stopped, unknown"}`.
 * Errors of the branches inside a failed `oneOf` are folded into one reason for that field.
 * The first reason per field wins.
 */
export function mapViolations(violations: readonly SchemaViolation[], doc: OpenApiDocument): ValidationMessage {
  // Stryker disable next-line ArrowFunction,ConditionalExpression,EqualityOperator,MethodExpression: wording not fixed: a failed oneOf gets one reason; its branches' errors name the same field (docs/mutation/SURVIVORS.md)
  const oneOfPaths = violations.filter((v) => v.keyword === 'oneOf').map((v) => `${v.schemaPath}/`);
  const reasons = new Map<string, string>();
  for (const v of violations) {
    // Stryker disable next-line ArrowFunction: wording not fixed: a failed oneOf gets one reason; its branches' errors name the same field (docs/mutation/SURVIVORS.md)
    if (oneOfPaths.some((prefix) => v.schemaPath.startsWith(prefix))) continue;
    const { field, reason } = describeViolation(v, doc);
    if (!reasons.has(field)) reasons.set(field, reason);
  }
  // fromEntries defines own fields, so a field named __proto__ is a key like any other.
  return Object.fromEntries(reasons);
}

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
