import { acceptedItemPhrases, dropNullSelected, PLAIN_ENVELOPE_STATUSES } from '../../contract/faithful-answers.js';
import type { SpecValidator } from '../../server/core/index.js';
import type { SendResult, WireAnswer } from '../run/send-wire-request.js';
import { applicable, type CheckId, type Problem } from './check-table.js';

const JSON_MEDIA_TYPE = /^application\/json\s*(?:;.*)?$/i;

/**
 * The checks Schemathesis makes, each on every answer on its own: no 5xx, a documented status, a JSON body that matches the spec's schema for it (only the
 * plain envelope where the description does not show the content, error-envelope-content), reason phrases. `applicable` drops the moot ones.
 */
export function checkAnswer(spec: SpecValidator, operationId: string, answer: WireAnswer, select?: readonly string[]): Problem[] {
  const { status, text } = answer;
  const problems: Problem[] = [];
  const add = (check: CheckId, observed: string | number, actual: string) =>
    problems.push({ check, observed: String(observed), expected: 'an answer the spec documents', actual });
  if (status >= 500)
    add('server-error', status, `${operationId} answered ${status}: the server failed on a request it should answer (body: ${text.slice(0, 160)})`);
  const documented = spec.checkResponse(operationId, status, undefined);
  if (!documented.ok) add('documented-status', status, documented.reason);
  if (text.trim() === '') return problems;
  const contentType = answer.headers['content-type'] ?? '(none)';
  if (!JSON_MEDIA_TYPE.test(contentType))
    add(
      'json-media-type',
      contentType.split(';')[0]!.trim().toLowerCase(),
      `${operationId} ${status}: a body with Content-Type ${contentType}; §4.1 answers application/json`,
    );
  if (answer.notJson) {
    add('json-body', status, `${operationId} ${status}: the body is not JSON (${jsonParseError(text)}): ${text.slice(0, 120)}`);
    return problems;
  }
  // select-absent-field: a selected field the record lacks may come back as null, whatever type the field has.
  const body = select !== undefined && Array.isArray(answer.json) ? answer.json.map((record: unknown) => dropNullSelected(record, select)) : answer.json;
  const pointer = spec.responseSchemaPointer(operationId, status);
  const violations = PLAIN_ENVELOPE_STATUSES.has(status)
    ? spec.validateSchema('Envelope', answer.json)
    : pointer === undefined
      ? `${operationId} ${status}: the spec documents no body for this status, but one came`
      : spec.validateAt(pointer, body);
  if (typeof violations === 'string') add('response-schema', status, violations);
  else if (violations[0]) {
    const v = violations[0];
    add('response-schema', status, `${operationId} ${status}: the body breaks the spec at ${v.instancePath || '/'} (${v.message}; schema ${v.schemaPath})`);
  }
  for (const item of Array.isArray(answer.json) ? (answer.json as Array<{ status?: unknown; code?: unknown }>) : []) {
    if (typeof item !== 'object' || item === null || !('code' in item)) continue;
    const phrases = acceptedItemPhrases(status, item.code);
    if (typeof item.status === 'string' && phrases.includes(item.status)) continue;
    add(
      'reason-phrase',
      status,
      `${operationId} ${status}: envelope status ${JSON.stringify(item.status)} is not the reason phrase of ${status} or of the item code (${phrases.join(' / ')}; §4.1)`,
    );
    break;
  }
  return problems;
}

export type Found = { operation: string; problem: Problem };

/** The problems of one answer that are not moot, or — none came, and not because the budget cut it short — the `answered` check's. */
export function answerProblems(
  context: { spec: SpecValidator },
  result: SendResult,
  operation: string,
  description: string,
  select?: readonly string[],
): Found[] {
  if (!result.ok) {
    const problem = { check: 'answered', observed: 'no-answer', expected: 'an answer', actual: `${description}: ${result.error}` } as const;
    return result.cutShort ? [] : [{ operation, problem }];
  }
  return applicable(checkAnswer(context.spec, operation, result.answer, select)).map((problem) => ({ operation, problem }));
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
