import { RE2JS } from 're2js';
import { describeRe2Error, REGULAR_EXPRESSION, WILDCARD } from '../kit-messages.js';

/**
 * Longest `reg_exp` or `wildcard` expr accepted (x-decisions query-language). The same bound as
 * Elasticsearch's default `index.max_regex_length`, which the original service's `regexp`
 * queries ran under.
 */
export const MAX_PATTERN_LENGTH = 1000;

/**
 * Most RE2 instructions a compiled pattern may have. Matching costs (input length × program
 * size) at worst, so this keeps a pattern under the length limit (`(?:a|aa|aaa){1,1000}z` is 22
 * characters and 8002 instructions) from costing seconds per record.
 */
export const MAX_PROGRAM_SIZE = 2000;

/** A compiled pattern: true when the WHOLE text matches it (x-decisions query-language). */
export interface Pattern {
  matches(text: string): boolean;
}

/** A pattern, or why the expr is refused (the reason goes into the 400 envelope). */
export type PatternResult = { ok: true; pattern: Pattern } | { ok: false; reason: string };

/** A refused expr; the reason goes into the 400 that names it (refusal-wording ignorer, docs/mutation/README.md). */
function patternRefusal(reason: string): PatternResult {
  return { ok: false, reason };
}

const TOO_LONG = patternRefusal(`longer than ${MAX_PATTERN_LENGTH} characters`);

function compile(source: string, what: string): PatternResult {
  let compiled: RE2JS;
  try {
    // DOTALL: `.` matches any character, newlines included, as in Elasticsearch's regexp.
    compiled = RE2JS.compile(source, RE2JS.DOTALL);
  } catch (error) {
    return patternRefusal(`not a valid ${what}: ${describeRe2Error(error)}`);
  }
  if (compiled.programSize() > MAX_PROGRAM_SIZE) return patternRefusal(`${what} too complex (over ${MAX_PROGRAM_SIZE} RE2 instructions)`);
  return { ok: true, pattern: { matches: (text) => compiled.matches(text) } };
}

/**
 * Compiles a `reg_exp` expr with RE2 syntax (re2js, a pure-JavaScript port of RE2). RE2 matches
 * in time linear in the input — no backtracking — so a catastrophic pattern such as `(a+)+$`
 * cannot hang the server; the length and program-size limits bound the other factor.
 *
 * @example compileRegExp('link-(up|down)').pattern.matches('link-up') // → true; 'a link-up' → false
 */
export function compileRegExp(expr: string): PatternResult {
  return expr.length > MAX_PATTERN_LENGTH ? TOO_LONG : compile(expr, REGULAR_EXPRESSION);
}

/**
 * Compiles a `wildcard` expr: `*` any run of characters (none included), `?` exactly one, `\`
 * escapes the next character; everything else is literal. Translated into an RE2 pattern, so it
 * is linear in the input too.
 *
 * @example compileWildcard('link-*').pattern.matches('link-down') // → true
 */
export function compileWildcard(expr: string): PatternResult {
  if (expr.length > MAX_PATTERN_LENGTH) return TOO_LONG;
  let source = '';
  const chars = [...expr];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char !== '\\') source += RE2JS.quote(char);
    // A backslash escapes the character after it; a trailing one stands for itself.
    else source += RE2JS.quote(chars[++i] ?? char);
  }
  // The translation may be longer than the expr; the program-size limit bounds it.
  return compile(source, WILDCARD);
}
