// A Stryker ignorer (stryker.config.json "ignorers"): mutants inside the human-readable reason of
// a refusal are not counted. The service description fixes the status of a refusal and, for 406,
// the field it names ("required", "Id already found"); the reason text of a 400 is not shown
// (description section 7), and the conformance features check the status and the field a query
// refusal names, never its wording. A line comment (`// Stryker disable next-line StringLiteral`)
// cannot say this where the field name, which the features do check, stands on the same line:
// this ignorer picks out the reason argument alone.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

export const REFUSAL_WORDING_REASON = 'wording not fixed: the reason text of a refusal (docs/mutation/SURVIVORS.md)';

/** Function name → position of its reason-text argument. */
export const REASON_ARGUMENTS = new Map([
  // query/parse-problem.ts: problem(field, reason), a 400 naming `field`.
  ['problem', 1],
  // messages.ts: requestNotValid(why), the text of a 400.
  ['requestNotValid', 0],
  // query/compile-pattern.ts: patternRefusal(reason), why a reg_exp or wildcard expr is refused
  // (a 400 naming the expr; a line comment would also hide the checks beside it).
  ['patternRefusal', 0],
]);

/**
 * The reason string when `path` is the reason argument of a refusal call, else undefined.
 * @param {import("./refusal-wording-ignorer.d.mts").ArgumentPath} path a Babel NodePath
 * @returns {string | undefined}
 */
export function refusalWording(path) {
  if (path.listKey !== 'arguments') return undefined;
  const call = /** @type {{ type?: string, callee?: { type?: string, name?: string } } | undefined} */ (path.parentPath?.node);
  if (call?.type !== 'CallExpression' || call.callee?.type !== 'Identifier') return undefined;
  const position = REASON_ARGUMENTS.get(call.callee.name ?? '');
  return position !== undefined && path.key === position ? REFUSAL_WORDING_REASON : undefined;
}

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'refusal-wording', { shouldIgnore: refusalWording })];
