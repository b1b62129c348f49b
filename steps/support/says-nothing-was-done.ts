import type { CallOutcome } from './call-outcome.js';
import type { ReceivedItem } from './envelope-items.js';

/**
 * True when an answer says the request acted on nothing, so afterwards every record must be as
 * it was (§7): 204 "there was nothing to act on", 304 "no change was needed", 404 "nothing
 * matches the query", and every refusal — 400 request not valid, 401 authentication failed, 406
 * validation failed, 415 media type not supported, 422 the records could not be created, updated
 * or deleted (§4.2). A 5xx says nothing about what happened, so it is not one of them.
 *
 * A batch (an extension, x-decisions batches) answers with its most severe item, so a 406 may
 * come with items that say their record was created or updated: then something was done.
 */
export function saysNothingWasDone(outcome: CallOutcome): boolean {
  const { status } = outcome;
  const nothingDone = status === 204 || status === 304 || (status >= 400 && status < 500);
  return nothingDone && !itemsOf(outcome).some(saysItsRecordWasActedOn);
}

function itemsOf(outcome: CallOutcome): ReceivedItem[] {
  return Array.isArray(outcome.data) ? (outcome.data as unknown[]).filter((item): item is ReceivedItem => typeof item === 'object' && item !== null) : [];
}

/** §4.1: a created item has code 201, an updated or deleted one code 200, each with error false. */
function saysItsRecordWasActedOn(item: ReceivedItem): boolean {
  return item.error === false && (item.code === 200 || item.code === 201);
}
