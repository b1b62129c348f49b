import { createSpecValidator, type ResponseCheck, type SpecValidator } from '../../src/spec/spec-validator.js';
import type { CallOutcome } from './call-outcome.js';
import { PLAIN_ENVELOPE_STATUSES } from '../../src/contract/faithful-answers.js';

let validator: SpecValidator | undefined;

/** The spec validator, compiled once per process (ajv compilation is the slow part). */
export function specValidator(): SpecValidator {
  validator ??= createSpecValidator();
  return validator;
}

const JSON_MEDIA_TYPE = /^application\/json\s*(?:;.*)?$/i;

// faithful-answers error-envelope-content: these bodies are checked only as the plain §4.1 envelope.
function checkBody(operation: string, status: number, body: unknown): ResponseCheck {
  if (!PLAIN_ENVELOPE_STATUSES.has(status)) return specValidator().checkResponse(operation, status, body);
  const violations = specValidator().validateSchema('Envelope', body);
  if (violations.length === 0) return { ok: true };
  const first = violations[0]!;
  return {
    ok: false,
    reason: `${operation} ${status}: body is not the envelope of §4.1 at ${first.instancePath || '/'} (${first.message}; schema ${first.schemaPath})`,
    violations,
  };
}

/**
 * Checks one response against the contract and returns what is wrong, or undefined: the status
 * must be documented for the operation, a body must come with a JSON Content-Type (§4.1
 * "Response header: Content-Type: application/json"), must parse, and must match the schema of
 * that status. The message names operation, status and the failing schema path.
 */
export function findOutcomeProblem(outcome: CallOutcome): string | undefined {
  const { operation, status, rawBody } = outcome;
  const statusCheck = specValidator().checkResponse(operation, status, undefined);
  if (!statusCheck.ok) return `${statusCheck.reason}: ${rawBody.slice(0, 200)}`;
  if (rawBody.trim() === '') return undefined;
  const contentType = outcome.headers['content-type'] ?? '(none)';
  if (!JSON_MEDIA_TYPE.test(contentType)) {
    return `${operation} answered ${status} with a body of Content-Type ${contentType}; §4.1 requires application/json`;
  }
  if (outcome.data === undefined) {
    return `${operation} answered ${status} with a body that is not JSON: ${rawBody.slice(0, 120)}`;
  }
  const check = checkBody(operation, status, outcome.data);
  if (check.ok) return undefined;
  const details = check.violations
    .slice(0, 3)
    .map((v) => `  at ${v.instancePath || '/'}: ${v.message} (schema ${v.schemaPath})`)
    .join('\n');
  return details ? `${check.reason}\n${details}` : check.reason;
}
