import { createSpecValidator, type ResponseCheck, type SpecValidator } from '../../src/spec/spec-validator.js';
import type { CallOutcome } from './call-outcome.js';

let validator: SpecValidator | undefined;

/** The spec validator, compiled once per process (ajv compilation is the slow part). */
export function specValidator(): SpecValidator {
  validator ??= createSpecValidator();
  return validator;
}

const JSON_MEDIA_TYPE = /^application\/json\s*(?:;.*)?$/i;

/**
 * Statuses whose envelope content the seed does not show (§7: "The envelope content for 400,
 * 401, 404, 415, 422 and 500: not shown"; 413 is the kit's own). Their body, when present, must
 * be the §4.1 envelope, but not the kit's stricter ErrorEnvelope (error true is fixed by the
 * seed for validation failures only).
 */
const CONTENT_NOT_SHOWN = new Set([400, 401, 404, 413, 415, 422, 500]);

function checkBody(operation: string, status: number, body: unknown): ResponseCheck {
  if (!CONTENT_NOT_SHOWN.has(status)) return specValidator().checkResponse(operation, status, body);
  const violations = specValidator().validateSchema('Envelope', body);
  if (violations.length === 0) return { ok: true };
  const first = violations[0]!;
  return {
    ok: false,
    reason: `${operation} ${status}: body is not the envelope of seed §4.1 at ${first.instancePath || '/'} (${first.message}; schema ${first.schemaPath})`,
    violations,
  };
}

/**
 * Checks one response against the contract and returns what is wrong, or undefined: the status
 * must be documented for the operation, a body must come with a JSON Content-Type (seed §4.1
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
    return `${operation} answered ${status} with a body of Content-Type ${contentType}; seed §4.1 requires application/json`;
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
