/**
 * The words of the query language's refusals (extension, x-decisions query-validation): the
 * features check the 400 and the part of the query it names, never the reason, so the words are
 * the kit's and this file is not mutated (stryker.config.json, docs/mutation/README.md).
 */

/** Why a `q` parameter is refused (400 `{"q": …}`, x-decisions query-parameter). */
export const Q_AND_BODY = 'send the query in the body or as q, not both';
export const Q_REPEATED = 'give q once';
export const Q_NOT_JSON = 'must be URL-encoded JSON';

/** An operator of `where` that the query language does not have (parse-query.test.ts checks that where takes each one it names). */
export const UNKNOWN_OPERATOR = 'unknown operator: use equals, reg_exp, wildcard, lt, lte, gt, gte, and, or, not';

/** What a refusal calls each kind of pattern. */
export const REGULAR_EXPRESSION = 'regular expression';
export const WILDCARD = 'wildcard';

/**
 * re2js's explanation of a pattern it cannot compile. re2js quotes the pattern with the DOTALL
 * flag it was given as `(?s)`; the client never wrote that, so it is taken out.
 */
export function describeRe2Error(error: unknown): string {
  return error instanceof Error ? error.message.replace(/^error parsing regexp: /, '').replace('`(?s)', '`') : String(error);
}
