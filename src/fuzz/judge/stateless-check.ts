import type { SpecValidator } from '../../reference-server/core/index.js';
import type { WireAnswer } from '../run/send-wire-request.js';
import { acceptedItemPhrases, dropNullSelected, PLAIN_ENVELOPE_STATUSES } from '../../contract/faithful-answers.js';

/** What is wrong with an answer on its own, with a short key that groups equal failures. */
export interface CheckProblem {
  /** e.g. `server-error`, `undocumented-status`, `not-json`, `schema`, `reason-phrase`. */
  check: string;
  message: string;
}

const JSON_MEDIA_TYPE = /^application\/json\s*(?:;.*)?$/i;

/**
 * The checks Schemathesis makes, on every answer: no 5xx; a status the spec documents for the
 * operation; a body that comes as application/json (§4.1), parses, and matches the spec's
 * schema for that status (a selected field given as null left out, select-absent-field; only the plain §4.1 envelope where the description does not show the content,
 * faithful-answers error-envelope-content); envelope items whose `status` is a reason phrase (reason-phrase).
 */
export function checkStateless(spec: SpecValidator, operationId: string, answer: WireAnswer, select?: readonly string[]): CheckProblem | undefined {
  const { status } = answer;
  if (status >= 500)
    return {
      check: 'server-error',
      message: `${operationId} answered ${status}: the server failed on a request it should answer (body: ${answer.text.slice(0, 160)})`,
    };
  const documented = spec.checkResponse(operationId, status, undefined);
  if (!documented.ok) return { check: 'undocumented-status', message: documented.reason };
  if (answer.text.trim() === '') return undefined;
  const contentType = answer.headers['content-type'] ?? '(none)';
  if (!JSON_MEDIA_TYPE.test(contentType))
    return { check: 'content-type', message: `${operationId} ${status}: a body with Content-Type ${contentType}; §4.1 answers application/json` };
  if (answer.notJson)
    return { check: 'not-json', message: `${operationId} ${status}: the body is not JSON (${jsonParseError(answer.text)}): ${answer.text.slice(0, 120)}` };
  // select-absent-field: a selected field the record lacks may come back as null, whatever type the field has.
  const body = select !== undefined && Array.isArray(answer.json) ? answer.json.map((record: unknown) => dropNullSelected(record, select)) : answer.json;
  const violations = PLAIN_ENVELOPE_STATUSES.has(status) ? spec.validateSchema('Envelope', answer.json) : bodyViolations(spec, operationId, status, body);
  if (typeof violations === 'string') return { check: 'schema', message: violations };
  if (violations.length > 0) {
    const v = violations[0]!;
    return {
      check: 'schema',
      message: `${operationId} ${status}: the body breaks the spec at ${v.instancePath || '/'} (${v.message}; schema ${v.schemaPath})`,
    };
  }
  return checkReasonPhrases(operationId, status, answer.json);
}

function bodyViolations(spec: SpecValidator, operationId: string, status: number, body: unknown) {
  const pointer = spec.responseSchemaPointer(operationId, status);
  if (pointer === undefined) return `${operationId} ${status}: the spec documents no body for this status, but one came`;
  return spec.validateAt(pointer, body);
}

function checkReasonPhrases(operationId: string, status: number, body: unknown): CheckProblem | undefined {
  if (!Array.isArray(body)) return undefined;
  for (const item of body as Array<{ status?: unknown; code?: unknown }>) {
    if (typeof item !== 'object' || item === null || !('code' in item)) continue;
    const phrases = acceptedItemPhrases(status, item.code);
    if (typeof item.status !== 'string' || !phrases.includes(item.status)) {
      return {
        check: 'reason-phrase',
        message: `${operationId} ${status}: envelope status ${JSON.stringify(item.status)} is not the reason phrase of ${status} or of the item code (${phrases.join(' / ')}; §4.1)`,
      };
    }
  }
  return undefined;
}

/** The parser's own words, which quote the text around the bad token: the start of a long body may not show it. */
function jsonParseError(text: string): string {
  try {
    JSON.parse(text);
    return 'it parses';
  } catch (error) {
    return (error as Error).message;
  }
}
