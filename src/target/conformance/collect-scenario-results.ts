import type { Envelope, GherkinDocument } from '@cucumber/messages';
import { CALL_MEDIA_TYPE, type CallLogEntry } from './call-log-entry.js';
import {
  BLOCKED_MEDIA_TYPE,
  CHECK_MEDIA_TYPE,
  CLEANUP_MEDIA_TYPE,
  SETUP_MEDIA_TYPE,
  type BlockedScenario,
  type CheckResult,
  type CleanupReport,
  type SetupNote,
} from './check-result.js';
import { checksFromErrors } from './error-as-check.js';
import { scenarioId } from './scenario-id.js';

/**
 * How one scenario (pickle) ended. `blocked`: its setup could not establish the state it needs,
 * so it was not judged (a step attached a {@link BlockedScenario}); `skipped`: a hook left it out
 * at run time; `not-selected`: the tag filter left it out.
 */
export type ScenarioStatus = 'passed' | 'failed' | 'blocked' | 'skipped' | 'not-selected';

/** A check of the run model: as a step recorded it, or made from an error that stopped the scenario. */
export interface ScenarioCheck extends CheckResult {
  /** Made from a thrown error no step recorded as a check (error-as-check.ts): the steps after it did not run. */
  fromError?: true | undefined;
}

/** One scenario of the run: what the summary, junit and the baseline are built from. */
export interface ScenarioResult {
  /** Stable and unique across the features (scenario-id.ts): what the baseline and junit name. */
  id: string;
  name: string;
  uri: string;
  tags: string[];
  status: ScenarioStatus;
  /** First lines of the first failure (or of the blocking cause). */
  error?: string;
  /** Every call the scenario made, in order (housekeeping included, flagged). */
  calls: CallLogEntry[];
  /** The operation of the last call before the failing step: the one the failure is about. */
  blamedOperation?: string;
  /** Every check, passed or failed, in the order the steps recorded them. */
  checks: ScenarioCheck[];
  /** Why the scenario was not judged (from the first step that blocked it). */
  blocked?: BlockedScenario;
  /** What lenient setup steps saw on their way. */
  setup: SetupNote[];
  /** Records of the scenario the clean-up still found by reading (`<index> <id>`). */
  cleanupLeft: string[];
}

const SEVERITY: Record<string, number> = { PASSED: 0, SKIPPED: 1, PENDING: 2, UNDEFINED: 3, AMBIGUOUS: 4, FAILED: 5, UNKNOWN: 5 };

interface Attempt {
  pickleId: string;
  worst: string;
  /** The message of every step that did not pass or skip, in order, with the last call before it. */
  errors: Array<{ message: string; lastCall: CallLogEntry | undefined }>;
  calls: CallLogEntry[];
  checks: CheckResult[];
  blocked?: BlockedScenario;
  setup: SetupNote[];
  cleanupLeft: string[];
}

interface PickleFacts {
  id: string;
  name: string;
  uri: string;
  tags: string[];
}

/** Each Examples row of a document by its id, as the cells are written. */
function rowsOf(document: GherkinDocument): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const child of document.feature?.children ?? []) {
    for (const { scenario } of child.rule ? child.rule.children : [child]) {
      for (const examples of scenario?.examples ?? [])
        for (const row of examples.tableBody)
          rows.set(
            row.id,
            row.cells.map((c) => c.value),
          );
    }
  }
  return rows;
}

/**
 * Folds the cucumber message stream of one run into the run model: a result per scenario
 * (pickle), including the ones the tag filter left out, with the checks, the blocking cause, the
 * setup notes, the calls and the clean-up the steps attached. Pure: messages in, results out;
 * the kit's formatter (kit-junit-formatter.ts) and `mgmt-kit conformance` feed it the same
 * stream. Only the last attempt of a retried scenario counts.
 */
export function createScenarioCollector() {
  const rows = new Map<string, string[]>();
  const pickles = new Map<string, PickleFacts>();
  const testCasePickle = new Map<string, string>();
  const attempts = new Map<string, Attempt>();
  const lastAttemptOfPickle = new Map<string, Attempt>();

  const attach = (attempt: Attempt, mediaType: string, body: string) => {
    if (mediaType === CALL_MEDIA_TYPE) attempt.calls.push(...(JSON.parse(body) as CallLogEntry[]));
    else if (mediaType === CHECK_MEDIA_TYPE) attempt.checks.push(...(JSON.parse(body) as CheckResult[]));
    else if (mediaType === BLOCKED_MEDIA_TYPE) attempt.blocked ??= JSON.parse(body) as BlockedScenario;
    else if (mediaType === SETUP_MEDIA_TYPE) attempt.setup.push(JSON.parse(body) as SetupNote);
    else if (mediaType === CLEANUP_MEDIA_TYPE) attempt.cleanupLeft.push(...(JSON.parse(body) as CleanupReport).left);
  };

  function onMessage(message: Envelope): void {
    if (message.gherkinDocument) {
      for (const [id, cells] of rowsOf(message.gherkinDocument)) rows.set(id, cells);
    } else if (message.pickle) {
      const { id, name, uri, tags, astNodeIds } = message.pickle;
      pickles.set(id, { id: scenarioId(uri, name, rows.get(astNodeIds[1] ?? '')), name, uri, tags: tags.map((t) => t.name) });
    } else if (message.testCase) {
      testCasePickle.set(message.testCase.id, message.testCase.pickleId);
    } else if (message.testCaseStarted) {
      const pickleId = testCasePickle.get(message.testCaseStarted.testCaseId) ?? '';
      const attempt: Attempt = { pickleId, worst: 'PASSED', errors: [], calls: [], checks: [], setup: [], cleanupLeft: [] };
      attempts.set(message.testCaseStarted.id, attempt);
      lastAttemptOfPickle.set(pickleId, attempt);
    } else if (message.attachment) {
      const attempt = attempts.get(message.attachment.testCaseStartedId ?? '');
      if (attempt) attach(attempt, message.attachment.mediaType, message.attachment.body);
    } else if (message.testStepFinished) {
      const attempt = attempts.get(message.testStepFinished.testCaseStartedId);
      const result = message.testStepFinished.testStepResult;
      if (!attempt) return;
      if ((SEVERITY[result.status] ?? 5) > (SEVERITY[attempt.worst] ?? 0)) attempt.worst = result.status;
      if (result.status !== 'PASSED' && result.status !== 'SKIPPED') {
        const lastCall = attempt.calls.filter((c) => !c.housekeeping).at(-1);
        attempt.errors.push({ message: firstLines(result.exception?.message ?? result.message ?? `${result.status.toLowerCase()} step`), lastCall });
      }
    }
  }

  function resultOf(pickle: PickleFacts, attempt: Attempt | undefined): ScenarioResult {
    const base = { ...pickle, calls: [], checks: [], setup: [], cleanupLeft: [] };
    if (!attempt) return { ...base, status: 'not-selected' };
    const checks: ScenarioCheck[] = [...attempt.checks, ...checksFromErrors(pickle.tags, attempt.checks, attempt.errors)];
    const failed = attempt.worst !== 'PASSED' && attempt.worst !== 'SKIPPED';
    const status: ScenarioStatus = checks.some((c) => !c.passed)
      ? 'failed'
      : attempt.blocked
        ? 'blocked'
        : failed
          ? 'failed'
          : attempt.worst === 'SKIPPED'
            ? 'skipped'
            : 'passed';
    const firstError = attempt.errors[0];
    const error = firstError?.message ?? attempt.blocked?.message;
    return {
      ...pickle,
      status,
      calls: attempt.calls,
      checks,
      setup: attempt.setup,
      cleanupLeft: attempt.cleanupLeft,
      ...(attempt.blocked ? { blocked: attempt.blocked } : {}),
      ...(status !== 'passed' && status !== 'skipped' && error !== undefined ? { error } : {}),
      ...(firstError?.lastCall ? { blamedOperation: firstError.lastCall.operation } : {}),
    };
  }

  function results(): ScenarioResult[] {
    return [...pickles.entries()].map(([id, pickle]) => resultOf(pickle, lastAttemptOfPickle.get(id)));
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
