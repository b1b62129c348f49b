import type { CallOutcome } from './call-outcome.js';
import { reasonPhrasesOf } from './reason-phrases.js';

/** One envelope item as received (the World has already checked it against the spec). */
export interface ReceivedItem {
  status?: unknown;
  code?: unknown;
  error?: unknown;
  message?: unknown;
}

/**
 * The envelope items of a response whose body the seed fixes (201, 200, 205, 406). A missing or
 * empty body fails: the seed says these answers carry the envelope (§4.1, §7). Each item's
 * status must be an HTTP reason phrase (§4.1) as RFC 9110 spells it — of the HTTP status or of
 * the item's code, since a 205 carries code 200 and the seed does not say whose phrase it names.
 */
export function requireEnvelope(outcome: CallOutcome): ReceivedItem[] {
  if (!Array.isArray(outcome.data) || outcome.data.length === 0) {
    throw new Error(`${outcome.operation} answered ${outcome.status} without the envelope the seed requires (body: ${JSON.stringify(outcome.rawBody)})`);
  }
  const items = outcome.data as ReceivedItem[];
  for (const item of items) {
    const codes = typeof item.code === 'number' ? [outcome.status, item.code] : [outcome.status];
    const phrases = codes.flatMap(reasonPhrasesOf);
    if (typeof item.status !== 'string' || !phrases.includes(item.status)) {
      throw new Error(
        `${outcome.operation} ${outcome.status}: envelope status ${JSON.stringify(item.status)} is not the HTTP reason phrase (${[...new Set(phrases)].map((p) => JSON.stringify(p)).join(' or ')}, as RFC 9110 spells it; seed §4.1)`,
      );
    }
  }
  return items;
}

/**
 * Checks a success envelope (seed §4.1): every item has the given code and error false, and
 * the messages name every id (the wording is open; x-decisions success-messages).
 */
export function assertSuccessEnvelope(outcome: CallOutcome, code: number, ids: string[]): void {
  const items = requireEnvelope(outcome);
  for (const item of items) {
    if (item.code !== code || item.error !== false) {
      throw new Error(`${outcome.operation} ${outcome.status}: envelope item ${JSON.stringify(item)} should have code ${code} and error false`);
    }
  }
  const messages = items.map((item) => (typeof item.message === 'string' ? item.message : JSON.stringify(item.message)));
  for (const id of ids) {
    if (!messages.some((message) => message.includes(id))) {
      throw new Error(`${outcome.operation} ${outcome.status}: no envelope message names the id ${id} (messages: ${JSON.stringify(messages)})`);
    }
  }
}

/**
 * The spellings under which a missing field may be reported. The seed fixes `name` and
 * `parameter.type` (§4.1 rule 4); for other nested fields an implementation may also name
 * the list (`actions.config`) or the entry (`actions.0.config`, `actions[0].config`).
 */
export function acceptedFieldNames(dotted: string): string[] {
  if (dotted === 'name' || dotted === 'parameter.type') return [dotted];
  const [head = '', ...rest] = dotted.split('.');
  const tail = rest.length > 0 ? `.${rest.join('.')}` : '';
  const heads = [head, `${head}s`, `${head}s.0`, `${head}s[0]`, `${head}.0`, `${head}[0]`];
  return heads.map((h) => `${h}${tail}`);
}

/** Checks a 406 envelope whose message maps the missing field to `required` (seed §4.1 rule 4). */
export function assertMissingField(outcome: CallOutcome, dotted: string): void {
  const items = requireEnvelope(outcome);
  const accepted = acceptedFieldNames(dotted);
  const named = items.some((item) => {
    if (item.error !== true || typeof item.message !== 'object' || item.message === null) return false;
    const message = item.message as Record<string, unknown>;
    return accepted.some((name) => message[name] === 'required');
  });
  if (!named) {
    throw new Error(`${outcome.operation} 406: expected a message mapping ${accepted.join(' or ')} to "required", got ${outcome.rawBody}`);
  }
}

/**
 * True when an envelope message says exactly `expected`, or `expected` with one trailing period:
 * the service description writes "message: Id already found." and the sentence's period may
 * belong to the message (the public original sends it). Nothing looser: no case change, no
 * other punctuation, no surrounding text.
 */
export function isMessage(message: unknown, expected: string): boolean {
  return message === expected || message === `${expected}.`;
}

/**
 * Checks the body of a refusal (an error status), when one comes: the §4.1 envelope with error
 * true in every item (§7: errors are the status plus the envelope with error true for validation
 * failures). The wording, the item code and, for statuses whose content §7 leaves open, the
 * reason phrase are not compared.
 */
export function assertRefusalBody(outcome: CallOutcome): void {
  if (outcome.rawBody.trim() === '') return;
  const items = Array.isArray(outcome.data) ? (outcome.data as ReceivedItem[]) : [];
  const wrong = items.filter((item) => item.error !== true);
  if (items.length === 0 || wrong.length > 0) {
    throw new Error(`${outcome.operation} ${outcome.status}: a refusal must carry error true in every envelope item, got ${outcome.rawBody.slice(0, 300)}`);
  }
}
