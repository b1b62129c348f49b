import type { CheckId } from '../../src/target/conformance/check-catalog.js';
import type { KitWorld } from '../world.js';
import type { CallOutcome } from './call-outcome.js';
import {
  acceptedItemPhrases,
  isAcceptedFieldName,
  DUPLICATE_ID_MESSAGE,
  isDuplicateIdMessage,
  refusalMustSayError,
} from '../../src/contract/faithful-answers.js';

/** One envelope item as received. */
export interface ReceivedItem {
  status?: unknown;
  code?: unknown;
  error?: unknown;
  message?: unknown;
}

const messagesOf = (items: readonly ReceivedItem[]) => JSON.stringify(items.map((item) => item.message));

/**
 * The envelope items of an answer whose body the description fixes (201, 200, 205, 406): a
 * missing body or an empty list fails `4.1-envelope/envelope-present` (§4.1, §7 say these
 * answers carry the envelope). Each item's status must be an HTTP reason phrase as RFC 9110
 * spells it (§4.1) — of the HTTP status or of the item's code, since a 205 carries code 200 and
 * the description does not say whose phrase it names (faithful-answers reason-phrase). Undefined
 * when there are no items to judge; a body that is not a list was judged by its schema check.
 */
export function envelopeItems(world: KitWorld, outcome: CallOutcome): ReceivedItem[] | undefined {
  if (world.answers.find((answer) => answer.outcome === outcome)?.shapeFailed) return undefined;
  if (!Array.isArray(outcome.data) || outcome.data.length === 0) {
    // A body that is not a list, or not JSON: its schema or JSON check said so.
    if (!Array.isArray(outcome.data) && outcome.rawBody.trim() !== '') return undefined;
    world.verify('4.1-envelope/envelope-present', false, {
      expected: 'the envelope: a list of items',
      observed: outcome.rawBody.trim() === '' ? 'no body' : 'an empty list',
      message: `${outcome.operation} answered ${outcome.status} without the envelope the description requires (body: ${JSON.stringify(outcome.rawBody.slice(0, 200))})`,
      outcome,
    });
    return undefined;
  }
  world.verify('4.1-envelope/envelope-present', true, {
    expected: 'the envelope: a list of items',
    observed: '',
    message: `${outcome.operation} ${outcome.status}`,
    outcome,
  });
  const items = outcome.data as ReceivedItem[];
  const wrong = items.find((item) => typeof item.status !== 'string' || !acceptedItemPhrases(outcome.status, item.code).includes(item.status));
  const phrases = acceptedItemPhrases(outcome.status, wrong?.code);
  world.verify('4.1-envelope/reason-phrase', wrong === undefined, {
    expected: phrases.map((p) => JSON.stringify(p)).join(' or '),
    observed: JSON.stringify(wrong?.status) ?? 'no status',
    message: `${outcome.operation} ${outcome.status}: envelope status ${JSON.stringify(wrong?.status)} is not the HTTP reason phrase (${phrases.map((p) => JSON.stringify(p)).join(' or ')}, as RFC 9110 spells it; §4.1)`,
    outcome,
  });
  return items;
}

/**
 * A success envelope (§4.1): every item has the given code and error false (`checks.code`), and
 * the messages name every id (`checks.names`; the wording is open, x-decisions success-messages).
 */
export function checkSuccessEnvelope(
  world: KitWorld,
  outcome: CallOutcome,
  code: number,
  ids: readonly string[],
  checks: { code: CheckId; names?: CheckId },
): void {
  const items = envelopeItems(world, outcome);
  if (!items) return;
  const wrong = items.find((item) => item.code !== code || item.error !== false);
  world.verify(checks.code, wrong === undefined, {
    expected: `code ${code}, error false`,
    observed: `code ${JSON.stringify(wrong?.code)}, error ${JSON.stringify(wrong?.error)}`,
    message: `${outcome.operation} ${outcome.status}: envelope item ${JSON.stringify(wrong)} should have code ${code} and error false`,
    outcome,
  });
  if (!checks.names || ids.length === 0) return;
  const messages = items.map((item) => (typeof item.message === 'string' ? item.message : JSON.stringify(item.message)));
  const unnamed = ids.filter((id) => !messages.some((message) => message.includes(id)));
  world.verify(checks.names, unnamed.length === 0, {
    expected: 'a message naming the id',
    observed: `messages ${messagesOf(items)}`,
    message: `${outcome.operation} ${outcome.status}: no envelope message names the id ${unnamed.join(', ')} (messages: ${JSON.stringify(messages)})`,
    outcome,
  });
}

/**
 * A 406 whose message maps the missing field to `required` (§4.1 rule 4), under a spelling the
 * allowance missing-field-name of src/contract/faithful-answers.ts accepts.
 */
export function checkMissingField(world: KitWorld, outcome: CallOutcome, dotted: string): void {
  const items = envelopeItems(world, outcome);
  if (!items) return;
  const named = items.some((item) => {
    if (item.error !== true || typeof item.message !== 'object' || item.message === null) return false;
    return Object.entries(item.message).some(([name, reason]) => reason === 'required' && isAcceptedFieldName(dotted, name));
  });
  world.verify('4.1-rule-4/message-names-field', named, {
    expected: `an item with error true mapping ${dotted} to "required"`,
    observed: `messages ${messagesOf(items)}`,
    message: `${outcome.operation} 406: expected a message mapping ${dotted} (or its list or indexed entry, as faithful-answers missing-field-name accepts) to "required", got ${outcome.rawBody.slice(0, 300)}`,
    outcome,
  });
}

/** A 406 with an item whose message object names the field (the extensions' refusals). */
export function checkNamesField(world: KitWorld, outcome: CallOutcome, field: string, id: CheckId): void {
  const items = envelopeItems(world, outcome);
  if (!items) return;
  const named = items.some((item) => item.error === true && typeof item.message === 'object' && item.message !== null && Object.hasOwn(item.message, field));
  world.verify(id, named, {
    expected: `an item with error true whose message object names ${JSON.stringify(field)}`,
    observed: `messages ${messagesOf(items)}`,
    message: `${outcome.operation} ${outcome.status}: expected an item with error true whose message object names ${JSON.stringify(field)}: ${outcome.rawBody.slice(0, 300)}`,
    outcome,
  });
}

/**
 * True when an envelope message says `expected`: exactly, or — for the duplicate-id message — as
 * the allowance duplicate-id-message of src/contract/faithful-answers.ts accepts it.
 */
export function isMessage(message: unknown, expected: string): boolean {
  return expected === DUPLICATE_ID_MESSAGE ? isDuplicateIdMessage(message) : message === expected;
}

/** An item with error true whose message says `text` (`Id already found`, §4.1 rule 3). */
export function checkMessage(world: KitWorld, outcome: CallOutcome, text: string, id: CheckId): void {
  const items = envelopeItems(world, outcome);
  if (!items) return;
  world.verify(
    id,
    items.some((item) => item.error === true && isMessage(item.message, text)),
    {
      expected: `an item with error true and message ${JSON.stringify(text)} (one trailing period allowed)`,
      observed: `messages ${messagesOf(items)}`,
      message: `${outcome.operation} ${outcome.status}: expected an item with error true and message "${text}", got ${outcome.rawBody.slice(0, 300)}`,
      outcome,
    },
  );
}

/**
 * The body of a refusal (an error status), when one comes: every envelope item says error true
 * (§7: errors are the status plus the envelope with error true for validation failures). The
 * wording, the item code and, for statuses whose content §7 leaves open, the reason phrase are not
 * compared; a body that is not a list was judged by its schema check.
 */
export function checkRefusalBody(world: KitWorld, outcome: CallOutcome): void {
  if (outcome.rawBody.trim() === '' || !refusalMustSayError(outcome.status) || !Array.isArray(outcome.data)) return;
  const items = outcome.data as ReceivedItem[];
  const wrong = items.find((item) => item.error !== true);
  world.verify('7-validation/error-true', items.length > 0 && wrong === undefined, {
    expected: 'error true in every envelope item',
    observed: items.length === 0 ? 'an empty list' : `error ${JSON.stringify(wrong?.error)}`,
    message: `${outcome.operation} ${outcome.status}: a refusal must carry error true in every envelope item, got ${outcome.rawBody.slice(0, 300)}`,
    outcome,
  });
}

/** A 400 whose items all say error true and one of whose messages names the problem (x-decisions query-validation). */
export function checkNamesProblem(world: KitWorld, outcome: CallOutcome, word: string, id: CheckId): void {
  const items = envelopeItems(world, outcome);
  if (!items) return;
  checkRefusalBody(world, outcome);
  world.verify(
    id,
    items.some((item) => JSON.stringify(item.message ?? '').includes(word)),
    {
      expected: `a message naming ${JSON.stringify(word)}`,
      observed: `messages ${messagesOf(items)}`,
      message: `${outcome.operation} ${outcome.status}: the message should name ${JSON.stringify(word)}: ${outcome.rawBody.slice(0, 300)}`,
      outcome,
    },
  );
}
