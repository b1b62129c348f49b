import type { Envelope } from '@cucumber/messages';
import { CALL_MEDIA_TYPE, type CallLogEntry } from './call-log-entry.js';

/** How one scenario (pickle) ended; `not-selected` when the tag filter left it out. */
export type ScenarioStatus = 'passed' | 'failed' | 'skipped' | 'not-selected';

/** One scenario of the run, as the summary needs it. */
export interface ScenarioResult {
  name: string;
  uri: string;
  tags: string[];
  status: ScenarioStatus;
  /** First lines of the failure message. */
  error?: string;
  /** Every call the scenario made, in order (housekeeping included, flagged). */
  calls: CallLogEntry[];
  /** The operation of the last call before the failing step: the one the failure is about. */
  blamedOperation?: string;
}

const SEVERITY: Record<string, number> = { PASSED: 0, SKIPPED: 1, PENDING: 2, UNDEFINED: 3, AMBIGUOUS: 4, FAILED: 5, UNKNOWN: 5 };

interface Attempt {
  pickleId: string;
  worst: string;
  error?: string;
  calls: CallLogEntry[];
  blamed?: string;
}

/**
 * Folds the cucumber message stream of one run into a result per scenario (pickle), including
 * the ones the tag filter left out. Calls come from the World's attachments (CALL_MEDIA_TYPE).
 * Only the last attempt of a retried scenario counts.
 */
export function createScenarioCollector() {
  const pickles = new Map<string, { name: string; uri: string; tags: string[] }>();
  const testCasePickle = new Map<string, string>();
  const attempts = new Map<string, Attempt>();
  const lastAttemptOfPickle = new Map<string, Attempt>();

  function onMessage(message: Envelope): void {
    if (message.pickle) {
      const { id, name, uri, tags } = message.pickle;
      pickles.set(id, { name, uri, tags: tags.map((t) => t.name) });
    } else if (message.testCase) {
      testCasePickle.set(message.testCase.id, message.testCase.pickleId);
    } else if (message.testCaseStarted) {
      const pickleId = testCasePickle.get(message.testCaseStarted.testCaseId) ?? '';
      const attempt: Attempt = { pickleId, worst: 'PASSED', calls: [] };
      attempts.set(message.testCaseStarted.id, attempt);
      lastAttemptOfPickle.set(pickleId, attempt);
    } else if (message.attachment?.mediaType === CALL_MEDIA_TYPE) {
      const attempt = attempts.get(message.attachment.testCaseStartedId ?? '');
      attempt?.calls.push(JSON.parse(message.attachment.body) as CallLogEntry);
    } else if (message.testStepFinished) {
      const attempt = attempts.get(message.testStepFinished.testCaseStartedId);
      const result = message.testStepFinished.testStepResult;
      if (!attempt) return;
      if ((SEVERITY[result.status] ?? 5) > (SEVERITY[attempt.worst] ?? 0)) {
        attempt.worst = result.status;
        if (result.status !== 'SKIPPED') {
          attempt.error = firstLines(result.exception?.message ?? result.message ?? result.status.toLowerCase());
          const lastCall = attempt.calls.filter((c) => !c.housekeeping).at(-1);
          if (lastCall) attempt.blamed = lastCall.operation;
        }
      }
    }
  }

  function results(): ScenarioResult[] {
    return [...pickles.entries()].map(([id, pickle]) => {
      const attempt = lastAttemptOfPickle.get(id);
      if (!attempt) return { ...pickle, status: 'not-selected', calls: [] };
      const status: ScenarioStatus = attempt.worst === 'PASSED' ? 'passed' : attempt.worst === 'SKIPPED' ? 'skipped' : 'failed';
      return {
        ...pickle,
        status,
        calls: attempt.calls,
        ...(status === 'failed' && attempt.error ? { error: attempt.error } : {}),
        ...(status === 'failed' && attempt.blamed ? { blamedOperation: attempt.blamed } : {}),
      };
    });
  }

  return { onMessage, results };
}

function firstLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
    .slice(0, 4)
    .join('\n');
}
