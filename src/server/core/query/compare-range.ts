/** The range operators of the query language (x-decisions query-language). */
export type RangeOperator = 'lt' | 'lte' | 'gt' | 'gte';

/** The number a range expr stands for: a finite number, or a string holding one (`"10"`, `" 2.5e3 "`). */
export function numericExpr(expr: string | number): number | undefined {
  if (typeof expr === 'number') return Number.isFinite(expr) ? expr : undefined;
  // Stryker disable next-line MethodExpression,StringLiteral: open (extension): a number compared with a blank expr is not fixed (only numbers and numeric strings are) (docs/mutation/SURVIVORS.md)
  if (expr.trim() === '') return undefined;
  const value = Number(expr);
  return Number.isFinite(value) ? value : undefined;
}

function holds(operator: RangeOperator, order: number): boolean {
  switch (operator) {
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
  }
}

/**
 * True when `value operator expr` holds. A stored number compares as a number with an expr that
 * is a number or a numeric string, as Elasticsearch's `range` does on a numeric field in the
 * original service; a stored string compares as a string (UTF-16 code unit order) with the
 * expr's text. Any other stored value (absent, boolean, null, object, list), or a number against
 * an expr that is not numeric, never matches.
 *
 * @example compareRange(9, 'lt', '10') // → true (a string comparison would say '9' > '10')
 * @example compareRange('2024-05-01', 'gte', '2024-01-01') // → true
 */
export function compareRange(value: unknown, operator: RangeOperator, expr: string | number): boolean {
  if (typeof value === 'number') {
    // No numeric bound: NaN, which every comparison rejects, so the record does not match.
    return holds(operator, Math.sign(value - (numericExpr(expr) ?? Number.NaN)));
  }
  if (typeof value === 'string') {
    const bound = typeof expr === 'number' ? JSON.stringify(expr) : expr;
    return holds(operator, value < bound ? -1 : value > bound ? 1 : 0);
  }
  return false;
}
