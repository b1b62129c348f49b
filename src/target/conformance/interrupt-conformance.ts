import type { ConnectionSettings } from '../../connection/connection-settings.js';
import { haltRequests, openConnection, requestsSettled } from '../../connection/open-connection.js';
import type { RunCoordinator } from '../../connection/run-coordinator.js';
import { INDEX_NAMES } from '../../server/core/index.js';
import { READ_BACK_DEADLINE_MS, readRunLeftovers, type RunLeftovers } from '../run/read-run-leftovers.js';
import { leftoverLines, writeNotRunReports } from '../run/render-not-run.js';
import { decideVerdict } from '../run/run-verdict.js';
import { handleInterrupt } from '../run/repeated-signal.js';

/** The leftovers as the console shows them: the ids and at most 20 delete commands (every one is in the summary). */
export function consoleLeftovers(report: Parameters<typeof leftoverLines>[0]): string {
  const left = leftoverLines(report);
  const shown = left.commands
    .slice(0, 20)
    .map((c) => `  ${c}\n`)
    .join('');
  const more = left.commands.length > 20 ? `  … ${left.commands.length - 20} more in the summary\n` : '';
  return `${left.text.join(' ')}\n${left.commands.length > 0 ? `Delete them with (TOKEN set to a token the target accepts):\n${shown}${more}` : ''}`;
}

/** How long the read-back waits for the requests already on the wire. */
const SETTLE_AT_MOST_MS = 3_000;

/** What {@link interruptHandler} needs of the run. */
export interface InterruptContext {
  settings: ConnectionSettings;
  coordinator: RunCoordinator;
  runPrefix: string;
  reportDir: string;
  err: NodeJS.WritableStream;
  /** Called at the first signal: the runner skips the scenarios not yet started. */
  onInterrupt?: (() => void) | undefined;
  /** Ends the process; default process.exit. */
  exit?: ((code: number) => void) | undefined;
}

/** A signal handler, and whether (and how) it ended the run. */
export interface InterruptHandler {
  (signal: NodeJS.Signals): void;
  /** The first signal, once one came: the run's own ending must wait for {@link finished}. */
  readonly signal: NodeJS.Signals | undefined;
  /** Resolves to the exit code once the interrupted run's reports are written (the process ends then). */
  readonly finished: Promise<number>;
}

/**
 * The SIGINT / SIGTERM handler of a conformance run. The first signal halts every request of the
 * run in this process (haltRequests: no scenario creates a record after it), waits for those on
 * the wire, then reads every index once, as a finished run does, on a connection of its own — and
 * writes a summary saying the run was interrupted, with the records it left (ids, delete commands)
 * or the indices it could not read, and exits 128 + the signal's number. A second signal, or
 * {@link READ_BACK_DEADLINE_MS} after the first, ends it at once with a summary saying the
 * leftovers could not be read, and why.
 */
export function interruptHandler(context: InterruptContext): InterruptHandler {
  const exit = context.exit ?? ((code: number) => process.exit(code));
  let done = false;
  let resolveFinished: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => (resolveFinished = resolve));
  const seconds = READ_BACK_DEADLINE_MS / 1000;

  const finish = (signal: NodeJS.Signals, found: { leftovers: RunLeftovers; readAt: Date } | { unread: string }) => {
    if (done) return;
    done = true;
    const leftovers = 'leftovers' in found ? found.leftovers : undefined;
    const unverified = leftovers ? leftovers.unverified : [...INDEX_NAMES];
    const verdict = decideVerdict({ interrupted: signal, ran: 0, newFailures: 0, onlyThrottled: false, leftovers: leftovers?.ids ?? [], unverified });
    const report = {
      baseUrl: context.settings.baseUrl,
      date: new Date(),
      verdict,
      runPrefix: context.runPrefix,
      leftovers,
      leftoversUnread: 'unread' in found ? found.unread : undefined,
      readAt: 'readAt' in found ? found.readAt : undefined,
    };
    // Synchronous on purpose: the process ends right after, with cucumber mid-scenario.
    writeNotRunReports('conformance', context.reportDir, report);
    context.err.write(`mgmt-kit conformance: interrupted by ${signal}: no verdict. ${consoleLeftovers(report)}The summary in ${context.reportDir} says so.\n`);
    resolveFinished(verdict.exitCode);
    exit(verdict.exitCode);
  };

  const handler = handleInterrupt({
    deadlineMs: READ_BACK_DEADLINE_MS,
    work: 'the read-back',
    endNow: (signal, why) => finish(signal, { unread: why }),
    first: (signal) => {
      const deadline = Date.now() + READ_BACK_DEADLINE_MS;
      context.err.write(
        `\nmgmt-kit conformance: interrupted by ${signal}: reading back what the run left under ${context.runPrefix} (at most ${seconds} s; a second ${signal} ends it at once)\n`,
      );
      haltRequests(`the run was interrupted by ${signal}`);
      context.onInterrupt?.();
      void (async () => {
        // Requests already on the wire may still create a record: the read-back comes after them —
        // after the first few seconds of them, so that one hanging request leaves the read its time.
        await requestsSettled(Math.min(Date.now() + SETTLE_AT_MOST_MS, deadline - 2_000));
        const reader = openConnection(context.settings, { coordinator: context.coordinator, exemptFromHalt: true });
        try {
          const leftovers = await readRunLeftovers(reader, context.runPrefix, deadline);
          finish(signal, { leftovers, readAt: new Date() });
        } catch (error) {
          finish(signal, { unread: `the read-back failed: ${error instanceof Error ? error.message : String(error)}` });
        } finally {
          handler.done();
          reader.close();
        }
      })();
    },
  });
  return Object.assign(handler, { finished });
}
