import type { CoreResponse } from '../core-types.js';
import { errorResponse } from '../envelope.js';
import { findJsonProblem, type JsonBody } from '../parse-json-body.js';

/** The URL parameter that carries a read or delete query (x-decisions query-parameter). */
export const QUERY_PARAMETER = 'q';

/** Why a `q` parameter is refused (400 `{"q": …}`). */
// Stryker disable next-line StringLiteral: wording not fixed: query refusal text (features/SURVIVORS.md)
export const Q_AND_BODY = 'send the query in the body or as q, not both';
// Stryker disable next-line StringLiteral: wording not fixed: query refusal text (features/SURVIVORS.md)
export const Q_REPEATED = 'give q once';
// Stryker disable next-line StringLiteral: wording not fixed: query refusal text (features/SURVIVORS.md)
export const Q_NOT_JSON = 'must be URL-encoded JSON';

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
  if (values.length > 1) return errorResponse(400, { q: Q_REPEATED });
  if (body.present) return errorResponse(400, { q: Q_AND_BODY });
  let value: unknown;
  try {
    value = JSON.parse(values[0]!);
  } catch {
    return errorResponse(400, { q: Q_NOT_JSON });
  }
  const problem = findJsonProblem(value);
  // Stryker disable next-line ObjectLiteral,Regex,StringLiteral: limits: x-decisions limits of the query language (features/SURVIVORS.md)
  if (problem !== undefined) return errorResponse(400, { q: problem.replace(/^the body/, 'the query') });
  return { present: true, value };
}
