import { createSpecValidator, type SchemaViolation, type SpecValidator } from '../../src/contract/spec/spec-validator.js';
import type { CheckId } from '../../src/target/conformance/check-catalog.js';
import type { CallOutcome } from './call-outcome.js';
import { PLAIN_ENVELOPE_STATUSES } from '../../src/contract/faithful-answers.js';

let validator: SpecValidator | undefined;

/** The spec validator, compiled once per process (ajv compilation is the slow part). */
export function specValidator(): SpecValidator {
  validator ??= createSpecValidator();
  return validator;
}

/** One expectation of the contract and what the answer did (recorded as a check by the caller). */
export interface Finding {
  id: CheckId;
  ok: boolean;
  expected: string;
  observed: string;
  message: string;
}

/** The operation kind of an operationId (`createEventById` → `create`). */
export type OperationKind = 'create' | 'read' | 'update' | 'delete';

export function operationKind(operation: string): OperationKind {
  const kind = (['create', 'read', 'update', 'delete'] as const).find((k) => operation.startsWith(k));
  if (!kind) throw new Error(`not an operation of an index: ${operation}`);
  return kind;
}

/** The status §4.1 gives a successful operation, and the check that judges it. */
export const SUCCESS: Record<OperationKind, { status: number; check: CheckId }> = {
  create: { status: 201, check: '4.1-create/status' },
  read: { status: 200, check: '4.1-read/status' },
  update: { status: 200, check: '4.1-update/status' },
  delete: { status: 205, check: '4.1-delete/status' },
};

const SERVER_ERROR: Record<OperationKind, CheckId> = {
  create: '4.2-create/server-error',
  read: '4.2-read/server-error',
  update: '4.2-update/server-error',
  delete: '4.2-delete/server-error',
};

const DOCUMENTED: Record<OperationKind, CheckId> = {
  create: '4.2-create/documented-status',
  read: '4.2-read/documented-status',
  update: '4.2-update/documented-status',
  delete: '4.2-delete/documented-status',
};

const JSON_MEDIA_TYPE = /^application\/json\s*(?:;.*)?$/i;

const kindOf = (value: unknown) => (Array.isArray(value) ? 'a list' : value === null ? 'null' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);

/**
 * A schema violation as an observed value that reads the same in every run: a wrong JSON type at
 * the top (`an object, not a list`), else where and what (`/*\/status must be string`).
 */
export function describeViolation(body: unknown, violation: SchemaViolation | undefined): string {
  if (!violation) return 'does not match the schema';
  if (violation.instancePath === '' && violation.keyword === 'type') {
    const wanted = violation.params['type'] === 'array' ? 'a list' : violation.params['type'] === 'object' ? 'an object' : String(violation.params['type']);
    return `${kindOf(body)}, not ${wanted}`;
  }
  return `${violation.instancePath.replace(/\/\d+(?=\/|$)/g, '/*') || '/'} ${violation.message}`;
}

// faithful-answers error-envelope-content: these bodies are checked only as the plain §4.1 envelope.
function schemaViolations(operation: string, status: number, body: unknown): SchemaViolation[] {
  if (PLAIN_ENVELOPE_STATUSES.has(status)) return specValidator().validateSchema('Envelope', body);
  const check = specValidator().checkResponse(operation, status, body);
  return check.ok
    ? []
    : check.violations.length > 0
      ? check.violations
      : [{ instancePath: '', keyword: 'body', params: {}, message: check.reason, schemaPath: '' }];
}

/**
 * The contract of one answer (§4.1 response header, §4.2 codes, the spec's schemas), as
 * findings. An answer a Then step judged (`statusJudged`) has its status checked there; an
 * answer none judged is checked here too: a 5xx is a server error, and a status the spec does not
 * document for the operation fails — a success status under the check of that operation's
 * success (a create's 200 is `4.1-create/status`, as where a Then expects 201). Then a body must
 * come as application/json, parse, and match the schema of its status.
 */
export function contractFindings(outcome: CallOutcome, options: { statusJudged: boolean }): Finding[] {
  const { operation, status, rawBody } = outcome;
  const kind = operationKind(operation);
  const findings: Finding[] = [];
  const answer = `${operation} answered ${status}: ${rawBody.slice(0, 200)}`;
  if (!options.statusJudged) {
    if (status >= 500) return [{ id: SERVER_ERROR[kind], ok: false, expected: 'no server error', observed: `${status}`, message: answer }];
    const documented = specValidator().operations.get(operation)?.statuses ?? [];
    if (!documented.includes(status)) {
      const success = status >= 200 && status < 300;
      const id = success ? SUCCESS[kind].check : DOCUMENTED[kind];
      const expected = success ? `${SUCCESS[kind].status}` : `a status the spec documents for ${operation} (${documented.join(', ')})`;
      return [{ id, ok: false, expected, observed: `${status}`, message: `${answer} (the spec documents ${documented.join(', ')})` }];
    }
    findings.push({ id: DOCUMENTED[kind], ok: true, expected: `a status the spec documents for ${operation}`, observed: '', message: answer });
  }
  if (rawBody.trim() === '') return findings;
  const contentType = outcome.headers['content-type'] ?? '(none)';
  const json = JSON_MEDIA_TYPE.test(contentType);
  findings.push({
    id: '4.1-headers/content-type',
    ok: json,
    expected: 'application/json',
    observed: contentType.toLowerCase().replace(/\s+/g, ''),
    message: `${operation} answered ${status} with a body of Content-Type ${contentType}; §4.1 requires application/json`,
  });
  if (!json) return findings;
  findings.push({
    id: '4.1-headers/json-body',
    ok: outcome.data !== undefined,
    expected: 'a JSON body',
    observed: 'a body that is not JSON',
    message: `${operation} answered ${status} with a body that is not JSON: ${rawBody.slice(0, 120)}`,
  });
  if (outcome.data === undefined) return findings;
  const violations = schemaViolations(operation, status, outcome.data);
  const first = violations[0];
  const details = violations
    .slice(0, 3)
    .map((v) => `at ${v.instancePath || '/'}: ${v.message} (schema ${v.schemaPath})`)
    .join('; ');
  findings.push({
    id: kind === 'read' && status === 200 ? '4.1-read/list-shape' : '4.1-envelope/envelope-shape',
    ok: violations.length === 0,
    expected: kind === 'read' && status === 200 ? 'a list of records' : 'the envelope of §4.1: a list of {status, code, error, message}',
    observed: describeViolation(outcome.data, first),
    message: `${operation} ${status}: the body breaks the spec's schema ${details}`,
  });
  return findings;
}
