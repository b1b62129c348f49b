import type { CallOutcome } from './call-outcome.js';
import {
  acceptedItemPhrases,
  isAcceptedFieldName,
  DUPLICATE_ID_MESSAGE,
  isDuplicateIdMessage,
  refusalMustSayError,
} from '../../src/contract/faithful-answers.js';

/** One envelope item as received (the World has already checked it against the spec). */
export interface ReceivedItem {
  status?: unknown;
  code?: unknown;
  error?: unknown;
  message?: unknown;
}

/**
 * The envelope items of a response whose body the description fixes (201, 200, 205, 406). A missing or
 * empty body fails: the description says these answers carry the envelope (§4.1, §7). Each item's
 * status must be an HTTP reason phrase (§4.1) as RFC 9110 spells it — of the HTTP status or of
 * the item's code, since a 205 carries code 200 and the description does not say whose phrase it names.
 */
export function requireEnvelope(outcome: CallOutcome): ReceivedItem[] {
  if (!Array.isArray(outcome.data) || outcome.data.length === 0) {
    throw new Error(`${outcome.operation} answered ${outcome.status} without the envelope the description requires (body: ${JSON.stringify(outcome.rawBody)})`);
  }
  const items = outcome.data as ReceivedItem[];
  for (const item of items) {
    // faithful-answers reason-phrase: of the HTTP status or of the item's code.
    const phrases = acceptedItemPhrases(outcome.status, item.code);
    if (typeof item.status !== 'string' || !phrases.includes(item.status)) {
      throw new Error(
        `${outcome.operation} ${outcome.status}: envelope status ${JSON.stringify(item.status)} is not the HTTP reason phrase (${phrases.map((p) => JSON.stringify(p)).join(' or ')}, as RFC 9110 spells it; §4.1)`,
      );
    }
  }
  return items;
}

/**
 * Checks a success envelope (§4.1): every item has the given code and error false, and
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
 * Checks a 406 envelope whose message maps the missing field to `required` (§4.1 rule 4),
 * under a spelling the allowance missing-field-name of src/contract/faithful-answers.ts accepts.
 */
export function assertMissingField(outcome: CallOutcome, dotted: string): void {
  const items = requireEnvelope(outcome);
  const named = items.some((item) => {
    if (item.error !== true || typeof item.message !== 'object' || item.message === null) return false;
    return Object.entries(item.message).some(([name, reason]) => reason === 'required' && isAcceptedFieldName(dotted, name));
  });
  if (!named) {
    throw new Error(
      `${outcome.operation} 406: expected a message mapping ${dotted} (or its list or indexed entry, as faithful-answers missing-field-name accepts) to "required", got ${outcome.rawBody}`,
    );
  }
}

/**
 * True when an envelope message says `expected`: exactly, or — for the duplicate-id message — as
 * the allowance duplicate-id-message of src/contract/faithful-answers.ts accepts it.
 */
export function isMessage(message: unknown, expected: string): boolean {
  return expected === DUPLICATE_ID_MESSAGE ? isDuplicateIdMessage(message) : message === expected;
}

/**
 * Checks the body of a refusal (an error status), when one comes: the §4.1 envelope with error
 * true in every item (§7: errors are the status plus the envelope with error true for validation
 * failures). The wording, the item code and, for statuses whose content §7 leaves open, the
 * reason phrase are not compared.
 */
export function assertRefusalBody(outcome: CallOutcome): void {
  if (outcome.rawBody.trim() === '' || !refusalMustSayError(outcome.status)) return;
  const items = Array.isArray(outcome.data) ? (outcome.data as ReceivedItem[]) : [];
  const wrong = items.filter((item) => item.error !== true);
  if (items.length === 0 || wrong.length > 0) {
    throw new Error(`${outcome.operation} ${outcome.status}: a refusal must carry error true in every envelope item, got ${outcome.rawBody.slice(0, 300)}`);
  }
}
