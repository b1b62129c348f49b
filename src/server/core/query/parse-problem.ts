/** What is wrong with a query: the dotted field (`where.and.1.reg_exp.expr`) and why. */
export interface ParseProblem {
  field: string;
  reason: string;
}

/** A parsed part of a query, or the problem that refuses it (400, x-decisions query-validation). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: ParseProblem };

export function problem(field: string, reason: string): { ok: false; problem: ParseProblem } {
  return { ok: false, problem: { field, reason } };
}
