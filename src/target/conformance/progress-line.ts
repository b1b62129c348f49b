import type { Envelope } from '@cucumber/messages';
import { BLOCKED_MEDIA_TYPE, CHECK_MEDIA_TYPE, type CheckResult } from './check-result.js';

/** Scenarios per console line. */
const WIDTH = 100;

/**
 * The run's progress on the console: one character per scenario as it ends — `.` passed, `F` a
 * check failed, `B` blocked in setup (not judged), `-` skipped — and nothing else: the failures
 * come after the run, grouped by cause (format-run-report.ts), not as cucumber's dump of every
 * failing scenario's steps.
 */
export function createProgressLine(write: (text: string) => void) {
  const cases = new Map<string, { worst: number; failedCheck: boolean; blocked: boolean }>();
  let printed = 0;
  const RANK: Record<string, number> = { PASSED: 0, SKIPPED: 1 };

  function onMessage(message: Envelope): void {
    if (message.testCaseStarted) cases.set(message.testCaseStarted.id, { worst: 0, failedCheck: false, blocked: false });
    const attachment = message.attachment;
    if (attachment) {
      const state = cases.get(attachment.testCaseStartedId ?? '');
      if (state && attachment.mediaType === BLOCKED_MEDIA_TYPE) state.blocked = true;
      if (state && attachment.mediaType === CHECK_MEDIA_TYPE && (JSON.parse(attachment.body) as CheckResult[]).some((c) => !c.passed)) state.failedCheck = true;
    }
    const step = message.testStepFinished;
    const state = step && cases.get(step.testCaseStartedId);
    if (step && state) state.worst = Math.max(state.worst, RANK[step.testStepResult.status] ?? 2);
    const finished = message.testCaseFinished;
    if (finished && !finished.willBeRetried) {
      const end = cases.get(finished.testCaseStartedId);
      if (!end) return;
      const mark = end.failedCheck ? 'F' : end.blocked ? 'B' : end.worst === 2 ? 'F' : end.worst === 1 ? '-' : '.';
      write(`${mark}${++printed % WIDTH === 0 ? '\n' : ''}`);
    }
  }

  /** Ends the last line. */
  function end(): void {
    if (printed % WIDTH !== 0) write('\n');
  }

  return { onMessage, end };
}
