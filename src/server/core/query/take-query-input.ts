import type { CoreResponse } from '../core-types.js';
import { errorResponse } from '../envelope.js';
import { asQueryParameterProblem } from '../messages.js';
import { findJsonProblem, type JsonBody } from '../parse-json-body.js';
import { Q_AND_BODY, Q_NOT_JSON, Q_REPEATED } from '../kit-messages.js';

/** The URL parameter that carries a read or delete query (x-decisions query-parameter). */
export const QUERY_PARAMETER = 'q';

export { Q_AND_BODY, Q_NOT_JSON, Q_REPEATED } from '../kit-messages.js';

/** A 400 naming the `q` parameter (x-decisions query-parameter). */
function refuseQueryParameter(reason: string): CoreResponse {
  return errorResponse(400, { [QUERY_PARAMETER]: reason });
}

/**
 * The query of a read or delete: the body, or — for clients that cannot send a GET body, such
 * as browsers — the URL parameter `q=<URL-encoded JSON>` (extension, x-decisions
 * query-parameter). Both at once, `q` twice, or a `q` that is not JSON (or nests too deep, holds
 * 1e400) → 400 naming `q`. Other URL parameters are ignored.
 *
 * @example takeQueryInput({ present: false }, 'q=%7B%22select%22%3A%5B%22name%22%5D%7D')
 * // → { present: true, value: { select: ['name'] } }
 */
export function takeQueryInput(body: JsonBody, rawQuery: string | undefined): JsonBody | CoreResponse {
  // Most requests have no URL parameters: they need no URLSearchParams.
  if (rawQuery === undefined) return body;
  const values = new URLSearchParams(rawQuery).getAll(QUERY_PARAMETER);
  if (values.length === 0) return body;
  if (values.length > 1) return refuseQueryParameter(Q_REPEATED);
  if (body.present) return refuseQueryParameter(Q_AND_BODY);
  let value: unknown;
  try {
    value = JSON.parse(values[0]!);
  } catch {
    return refuseQueryParameter(Q_NOT_JSON);
  }
  const problem = findJsonProblem(value);
  if (problem !== undefined) return refuseQueryParameter(asQueryParameterProblem(problem));
  return { present: true, value };
}
