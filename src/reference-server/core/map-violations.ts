import type { SchemaViolation } from '../../spec/spec-validator.js';
import type { ValidationMessage } from './envelope.js';

/** Describes the branches of a `oneOf` found at a schema path, e.g. "a string or a list of strings". */
export type DescribeOneOf = (schemaPath: string) => string | undefined;

/** `parameters` → `parameter`: the seed names an entry of a list by the list's singular (§4.1 rule 4). */
export function singularOf(listName: string): string {
  if (listName.endsWith('ies')) return `${listName.slice(0, -3)}y`;
  if (listName.endsWith('s') && !listName.endsWith('ss')) return listName.slice(0, -1);
  return listName;
}

/**
 * The dotted field name of a JSON pointer: list indices are dropped and the list named by its
 * singular, so `/actions/1/config` + `cmd` → `action.config.cmd` (seed §4.1 rule 4).
 */
export function dottedFieldName(instancePath: string, leaf?: string): string {
  const segments = instancePath === '' ? [] : instancePath.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const names: string[] = [];
  for (const segment of segments) {
    if (/^\d+$/.test(segment) && names.length > 0) names[names.length - 1] = singularOf(names[names.length - 1]!);
    else names.push(segment);
  }
  if (leaf !== undefined) names.push(leaf);
  return names.length === 0 ? 'body' : names.join('.');
}

function describeViolation(v: SchemaViolation, describeOneOf: DescribeOneOf): { field: string; reason: string } {
  const p = v.params;
  switch (v.keyword) {
    case 'required':
      return { field: dottedFieldName(v.instancePath, String(p['missingProperty'])), reason: 'required' };
    case 'additionalProperties':
      return { field: dottedFieldName(v.instancePath, String(p['additionalProperty'])), reason: 'not allowed' };
    case 'enum':
      return { field: dottedFieldName(v.instancePath), reason: `must be one of: ${(p['allowedValues'] as unknown[]).join(', ')}` };
    case 'type':
      return { field: dottedFieldName(v.instancePath), reason: `must be ${String(p['type'])}` };
    case 'minLength':
      return {
        field: dottedFieldName(v.instancePath),
        reason: p['limit'] === 1 ? 'must not be empty' : `must have at least ${String(p['limit'])} characters`,
      };
    case 'const':
      return { field: dottedFieldName(v.instancePath), reason: `must be ${JSON.stringify(p['allowedValue'])}` };
    case 'oneOf':
      return {
        field: dottedFieldName(v.instancePath),
        reason: `must be ${describeOneOf(v.schemaPath) ?? 'one of the allowed shapes'}`,
      };
    default:
      return { field: dottedFieldName(v.instancePath), reason: v.message };
  }
}

/**
 * Maps ajv violations to the seed's 406 message object: `{"name": "required"}`,
 * `{"parameter.type": "required"}`, `{"action.status": "must be one of: started, stopped, unknown"}`.
 * Errors of the branches inside a failed `oneOf` are folded into one reason for that field.
 * The first reason per field wins.
 */
export function mapViolations(violations: readonly SchemaViolation[], describeOneOf: DescribeOneOf): ValidationMessage {
  const oneOfPaths = violations.filter((v) => v.keyword === 'oneOf').map((v) => `${v.schemaPath}/`);
  const message: ValidationMessage = {};
  for (const v of violations) {
    if (oneOfPaths.some((prefix) => v.schemaPath.startsWith(prefix))) continue;
    const { field, reason } = describeViolation(v, describeOneOf);
    if (!Object.hasOwn(message, field)) Object.defineProperty(message, field, { value: reason, enumerable: true, writable: true, configurable: true });
  }
  return message;
}
