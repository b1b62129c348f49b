import type { CallLogEntry } from './call-log-entry.js';
import type { CheckResult } from './check-result.js';
import { normaliseObserved, splitQuotedBody } from './normalise-observed.js';

/** What a check made from an error expected: that the steps ran to the end. */
export const ERROR_EXPECTED = 'no error';

/** The check a thrown error becomes: `<first rule tag>/scenario`, or this when the scenario has no rule tag. */
export const UNRULED_CHECK = 'no-rule/scenario';

/** The check id of an error that stopped a scenario: the scenario's first rule, as a whole. */
export function errorCheckId(tags: readonly string[]): string {
  const rule = tags.find((t) => t.startsWith('@rule.'));
  return rule ? `${rule.slice('@rule.'.length)}/scenario` : UNRULED_CHECK;
}

/**
 * The failed checks a scenario's thrown errors stand for, so that nothing is lost: a step that
 * threw instead of recording a check (an error of the steps, an undefined step, a response the
 * contract check refused while steps still throw) is one failed check `<first rule>/scenario`,
 * observed as the error's first line with its quoted body cut off and run ids replaced. An error
 * that names a check the scenario recorded as failed is the After hook's list of them, already
 * counted.
 */
export function checksFromErrors(
  tags: readonly string[],
  recorded: readonly CheckResult[],
  errors: ReadonlyArray<{ message: string; lastCall: CallLogEntry | undefined }>,
): Array<CheckResult & { fromError: true }> {
  const failedIds = recorded.filter((c) => !c.passed).map((c) => c.id);
  const id = errorCheckId(tags);
  return errors
    .filter((e) => !failedIds.some((failed) => e.message.includes(failed)))
    .map(({ message, lastCall }) => {
      const { words, body } = splitQuotedBody(message.split('\n')[0] ?? '');
      return {
        id,
        passed: false,
        expected: ERROR_EXPECTED,
        observed: normaliseObserved(words),
        message,
        ...(lastCall ? { answer: { operation: lastCall.operation, status: lastCall.status, body: body.slice(0, 300) } } : {}),
        fromError: true as const,
      };
    });
}
