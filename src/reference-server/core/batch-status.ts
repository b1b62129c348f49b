/**
 * How severe an item's code is when one response answers for several records: the original
 * service's `code_priority_order` (lib/http.py) — 304 < 200 < 201 = 205 < 404 < an error. Any
 * code it does not rank counts as an error.
 */
const RANK_BY_CODE: Readonly<Record<number, number>> = { 304: 0, 200: 1, 201: 2, 205: 2, 404: 3 };
const ERROR_RANK = 4;

export function severityOf(code: number): number {
  return RANK_BY_CODE[code] ?? ERROR_RANK;
}

/**
 * The HTTP status of a response whose envelope has one item per record (x-decisions batches):
 * the code of the most severe item, the first of equals. An error outranks a success; among
 * successes 201 and 200 outrank 304.
 *
 * @example mostSevereStatus([201, 406, 201]) // → 406
 * @example mostSevereStatus([304, 200]) // → 200
 */
export function mostSevereStatus(codes: readonly number[]): number {
  let status = codes[0] ?? 204;
  for (const code of codes) if (severityOf(code) > severityOf(status)) status = code;
  return status;
}
