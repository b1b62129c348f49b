import type { CoreResponse } from './core-types.js';
import { errorResponse, noContentResponse } from './envelope.js';
import { isJsonObject, type JsonObject } from './json-record.js';
import { batchTooLong, requestNotValid } from './messages.js';
import type { JsonBody } from './parse-json-body.js';

/** Most records one batch may carry (x-decisions batches): 100 000 `{}` fit in 1 MiB and kept the server busy for seconds. */
export const MAX_BATCH_RECORDS = 1000;

/** The records of a create or update body (`batch`: sent as a list), or the response to send instead. */
export type RecordListResult = { ok: true; records: JsonObject[]; batch: boolean } | { ok: false; response: CoreResponse };

/**
 * The records a create or update body carries: one object, or (extension, x-decisions batches)
 * an array of objects. No body or `[]` → 204 (x-decisions empty-body); a JSON value that is
 * neither object nor array, or a batch entry that is not an object → 400 (x-decisions malformed-json);
 * more than {@link MAX_BATCH_RECORDS} records → 413 (x-decisions batches).
 */
export function readRecordList(body: JsonBody): RecordListResult {
  if (!body.present) return answeredBy(noContentResponse());
  const { value } = body;
  if (isJsonObject(value)) return { ok: true, records: [value], batch: false };
  if (!Array.isArray(value)) return answeredBy(errorResponse(400, requestNotValid('the body must be a JSON object or an array of objects')));
  if (value.length === 0) return answeredBy(noContentResponse());
  if (value.length > MAX_BATCH_RECORDS) return answeredBy(errorResponse(413, batchTooLong(MAX_BATCH_RECORDS)));
  // Stryker disable next-line BlockStatement,MethodExpression: open (extension): a batch entry that is not an object is refused whole here; refusing it alone, as its own 406 item, is another reading of the batch text (docs/mutation/SURVIVORS.md)
  if (!value.every(isJsonObject)) {
    return answeredBy(errorResponse(400, requestNotValid('every record of a batch must be a JSON object')));
  }
  return { ok: true, records: value, batch: true };
}

/** No records to act on: `response` answers the request instead. */
function answeredBy(response: CoreResponse): RecordListResult {
  return { ok: false, response };
}
