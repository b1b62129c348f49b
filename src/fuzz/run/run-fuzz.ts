import { randomBytes } from 'node:crypto';
import { generateSecret, mintToken } from '../../tokens/index.js';
import { createSpecValidator } from '../../spec/spec-validator.js';
import { createAuthTable } from '../generate/auth-table.js';
import { openConnection } from '../../connection/open-connection.js';
import { curlDelete } from '../../run/read-run-leftovers.js';
import { INDEX_NAMES, loadOpenApiDocument, type IndexName } from '../../reference-server/core/index.js';
import { basePathOf } from '../generate/schema-node.js';
import { createRunBudget, INTERRUPTED_CLEAN_UP_MS, type FuzzContext, type FuzzFailure, type RunBudget } from './fuzz-session.js';
import type { FuzzOptions, FuzzProgress, FuzzReport } from '../report/fuzz-report.js';
import type { FuzzStep } from '../generate/fuzz-step.js';
import { huntFailure, huntProbe, type HuntResult } from './hunt-failure.js';
import { createAnswerTally } from './tally-answers.js';
import { probeWhere } from './probe-where.js';
import { hiddenNamesOf, probeEntryShapes } from './probe-entry-shapes.js';
import { createWireSender } from './send-wire-request.js';
import { runSequence } from './run-sequence.js';
import { sequenceArbitrary } from '../generate/step-arbitrary.js';
import { probeSequences } from '../generate/probe-sequences.js';
import { readBaseline, sweepRunRecords, type CleanUpReport, type IndexBaseline } from './sweep-run-records.js';
import { createVocabulary } from '../generate/vocabulary.js';
import { runConcurrency } from '../concurrency/run-concurrency.js';

/** Thrown when the run cannot start (the target is unreachable): `mgmt-kit fuzz` exits 2. */
export class FuzzSetupError extends Error {}

const SHRINK_BUDGET_MS = 20_000;
const PROGRESS_EVERY_MS = 2000;

/**
 * Fuzzes a deployment: generated sequences of create/read/update/delete steps, each answer
 * checked on its own and against the reference core, each disagreement shrunk by fast-check to
 * the shortest sequence that still shows it. A failure already found is not searched again, so
 * the run goes on looking for other ones until `runs` sequences ran or the time budget is spent —
 * generating and shrinking alike; then the run's records are deleted within a short allowance and
 * every index is read once more to say what was left (fuzz-session.ts RunBudget, sweep-run-records.ts).
 * The same random seed generates the same sequences (with a fresh run prefix for the ids).
 *
 * Two things end a run early besides throttling. A target that stops answering (the connection's
 * watch, target-health.ts): the run stops there, and a failure whose evidence is a request that
 * got no answer is not reported once it has — the stop explains it, a repro would not reproduce
 * anything but the stop; failures found before stay. An `interrupt` (SIGINT, SIGTERM): no
 * sequence is sent any more. Either way the clean-up still runs, within a short allowance from
 * then, and its final read says what the run left.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const budget = createRunBudget(started, options.timeBudgetMs, options.cleanUpAllowanceMs);
  const runPrefix = options.runPrefix ?? createFuzzRunPrefix();
  const context = await createFuzzContext(options, runPrefix, budget);
  const authChecked = context.modelSecret !== undefined;
  const report: FuzzReport = {
    baseUrl: options.connection.baseUrl,
    randomSeed: options.randomSeed,
    runPrefix,
    startedAt: new Date(started),
    durationMs: 0,
    requests: 0,
    sequences: 0,
    shrinkRuns: 0,
    failures: [],
    stoppedBy: 'runs',
    authChecked,
    whereTrusted: [],
    refusedShapes: 'unknown',
    answers: {},
    coverage: [],
    cleanUp: { leftovers: [], unverified: [...INDEX_NAMES], unattributed: [], cutShort: false },
  };
  const tally = createAnswerTally();
  report.coverage = tally.tallies;
  context.observe = (exchange) => {
    tally.observe(exchange);
    const { role, request, result } = exchange;
    if (role !== 'step') return;
    const key = `${request.method} ${result.ok ? result.answer.status : 'no answer'}`;
    report.answers[key] = (report.answers[key] ?? 0) + 1;
  };
  const stopped = () => context.sender.stopped !== undefined;
  const interrupted = () => options.interrupt?.aborted === true;
  options.interrupt?.addEventListener('abort', () => context.sender.endFuzzing(), { once: true });
  const known = new Set<string>();
  const record = (failure: FuzzFailure) => {
    if (known.has(failure.signature)) return;
    // Once the target stopped, "no answer" is the stop, not a finding (nor is a repro of it).
    if (stopped() && failure.exchanges.some((e) => !e.result.ok)) return;
    known.add(failure.signature);
    tally.failed(failure);
    report.failures.push(failure);
    options.onFailure?.(failure);
  };
  let lastProgress = 0;
  const progress = (phase: FuzzProgress['phase']) => {
    lastProgress = Date.now();
    report.requests = context.sender.count;
    options.onProgress?.({
      phase,
      sequences: report.sequences,
      shrinkRuns: report.shrinkRuns,
      requests: report.requests,
      failures: report.failures.length,
      elapsedMs: lastProgress - started,
    });
  };
  const run = async (steps: FuzzStep[], shrinking: boolean) => {
    if (shrinking) report.shrinkRuns++;
    else report.sequences++;
    const result = await runSequence(authChecked ? steps : steps.map(withValidToken), report.sequences + report.shrinkRuns, context);
    if (Date.now() - lastProgress > PROGRESS_EVERY_MS) progress('fuzzing');
    return result;
  };
  // Read before anything is created; undefined while there is nothing of the run to clean up.
  let baseline: IndexBaseline | undefined;
  // Requests of the clean-up tried on a connection of its own after the target stopped.
  let afterStopRequests = 0;
  try {
    baseline = await readBaseline(context);
    const probe = await probeWhere(context);
    if (probe.unreachable) {
      baseline = undefined;
      throw new FuzzSetupError(`cannot reach ${options.connection.baseUrl}: ${probe.unreachable}`);
    }
    probe.failures.forEach(record);
    context.whereTrusted = probe.trusted;
    report.whereTrusted = [...probe.trusted];
    context.refusedShapes = await probeEntryShapes(context);
    report.refusedShapes = context.refusedShapes === undefined ? 'unknown' : [...context.refusedShapes].sort();
    const vocabulary = createVocabulary(runPrefix);
    const sequences = sequenceArbitrary(context.doc, vocabulary, options.maxSteps ?? 12, options.allowDestructive);
    const enough = () => options.maxFailures !== undefined && report.failures.length >= options.maxFailures;
    const throttled = () => context.sender.throttled > 0;
    const ended = () => throttled() || stopped() || interrupted();
    if (options.concurrency !== undefined) {
      // At most half of what is left of the budget, so the sequences get theirs.
      const deadline = Date.now() + Math.max(0, budget.fuzzUntil - Date.now()) / 2;
      report.concurrency = await runConcurrency(context, {
        size: options.concurrency,
        groups: options.runs,
        randomSeed: options.randomSeed,
        deadline,
        shrinkBudgetMs: SHRINK_BUDGET_MS,
        known,
        record,
        stop: () => enough() || ended(),
      });
    }
    // The probes first (probe-sequences.ts): one sequence of each shape that exposes a class, so no
    // seed leaves a class unasked; they take at most half of the runs, the rest are random.
    const probes = probeSequences(context.doc, context.spec, vocabulary, options.randomSeed).slice(0, Math.floor(options.runs / 2));
    for (const probe of probes) {
      if (report.sequences >= options.runs || Date.now() >= budget.fuzzUntil || enough() || ended()) break;
      const found = await huntProbe(probe.steps, { deadline: budget.fuzzUntil, shrinkBudgetMs: SHRINK_BUDGET_MS, known, run });
      if (found) record(titled(found, `the ${probe.kind} probe of ${probe.index}, `));
    }
    for (let iteration = 0; report.sequences < options.runs && Date.now() < budget.fuzzUntil && !enough() && !ended(); iteration++) {
      const found = await huntFailure(sequences, {
        seed: options.randomSeed + iteration,
        numRuns: options.runs - report.sequences,
        deadline: budget.fuzzUntil,
        shrinkBudgetMs: SHRINK_BUDGET_MS,
        known,
        run,
      });
      if (!found) break;
      record(titled(found, ''));
    }
    const ends: Array<[FuzzReport['stoppedBy'], boolean]> = [
      ['interrupted', interrupted()],
      ['target-stopped', stopped()],
      ['throttled', throttled()],
      ['time-budget', Date.now() >= budget.fuzzUntil],
    ];
    report.stoppedBy = ends.find(([, ended]) => ended)?.[0] ?? 'runs';
  } finally {
    const stop = context.sender.stopped;
    if (stop) report.targetStopped = { at: stop.at.toISOString(), afterRequests: stop.afterRequests, line: stop.line };
    if (baseline) {
      progress('clean-up');
      const after = await cleanUpAfter(context, baseline, options, stop !== undefined || interrupted());
      report.cleanUp = after.cleanUp;
      afterStopRequests = after.sent;
    }
    context.sender.close();
    if (options.connection.headers.length > 0) report.extraHeaders = options.connection.headers.map((h) => h.name);
    report.requests = context.sender.count + afterStopRequests;
    report.durationMs = Date.now() - started;
  }
  return report;
}

/**
 * The context of one run: the compiled spec, a sender to the target, and two sets of tokens —
 * the target's (its token, and with its secret the deliberately wrong ones) and the model's (a
 * fresh secret of the in-process core). Without any token the run checks no authentication. No
 * request outlives the fuzzing phase of `budget` unless it is sent for the clean-up.
 */
export async function createFuzzContext(options: FuzzOptions, runPrefix: string, budget: RunBudget): Promise<FuzzContext> {
  const doc = loadOpenApiDocument();
  const spec = createSpecValidator(doc);
  const sender = createWireSender(options.session ?? options.connection, { until: budget.fuzzUntil });
  const validToken = await sender.session.token();
  const modelSecret = validToken === undefined ? undefined : generateSecret();
  const modelToken = modelSecret === undefined ? undefined : await mintToken({ secret: modelSecret, expiresIn: '2h' });
  return {
    doc,
    spec,
    sender,
    budget,
    runPrefix,
    allowDestructive: options.allowDestructive,
    whereTrusted: new Set(),
    refusedShapes: undefined,
    hiddenNames: hiddenNamesOf({ doc }),
    generatedIds: new Set(),
    auth: {
      target: createAuthTable({ validToken, secret: options.connection.auth.jwtSecret, scheme: options.connection.auth.scheme }),
      model: createAuthTable({ validToken: modelToken, secret: modelSecret }),
    },
    modelSecret,
    bodiless205: options.bodiless205 ?? false,
    documented: (operationId) => spec.operations.get(operationId)?.statuses ?? [],
  };
}

/** A fresh run prefix: every id (and marker) of the run starts with it. */
export function createFuzzRunPrefix(): string {
  return `fz-${randomBytes(3).toString('hex')}-`;
}

/**
 * The run's clean-up and final read. A run that ended early (target stopped, interrupted) gets
 * the clean-up allowance from now rather than from the end of its budget; after a stop it tries
 * on a connection of its own — the run's refuses every request once the target stopped, and the
 * target may be back — which watches the target the same way.
 */
async function cleanUpAfter(
  context: FuzzContext,
  baseline: IndexBaseline,
  options: FuzzOptions,
  endedEarly: boolean,
): Promise<{ cleanUp: CleanUpReport; sent: number }> {
  const settings = options.connection;
  const session = context.sender.stopped ? openConnection(settings) : undefined;
  if (endedEarly) context.budget = createRunBudget(Date.now(), 0, Math.min(options.cleanUpAllowanceMs ?? INTERRUPTED_CLEAN_UP_MS, INTERRUPTED_CLEAN_UP_MS));
  const fuzzSender = context.sender;
  if (session) context.sender = createWireSender(session, { until: context.budget.cleanUpUntil });
  try {
    const cleanUp = await sweepRunRecords(context, baseline);
    if (cleanUp.leftovers.length > 0) {
      const commands = options.session ?? openConnection(settings);
      cleanUp.deleteCommands = cleanUp.leftovers.map((entry) => {
        const [index, ...id] = entry.split(' ');
        return curlDelete(commands, basePathOf(index as IndexName), id.join(' '));
      });
      if (commands !== options.session) commands.close();
    }
    if (session) cleanUp.triedAfterStop = true;
    return { cleanUp, sent: session?.sent ?? 0 };
  } finally {
    if (session) {
      context.sender.close();
      session.close();
      context.sender = fuzzSender;
    }
  }
}

/** The failure's title with how it was found and shrunk: `… — the content probe of agent, 2 step(s) after 5 shrink(s)`. */
function titled(found: HuntResult, source: string): FuzzFailure {
  const steps = found.failure.exchanges.filter((e) => e.role === 'step').length;
  const cut = found.shrinkCutShort ? ' (shrinking stopped by its time limit: a shorter sequence may show it too)' : '';
  return { ...found.failure, title: `${found.failure.title} — ${source}${steps} step(s) after ${found.numShrinks} shrink(s)${cut}` };
}

const withValidToken = (step: FuzzStep): FuzzStep => ({ ...step, transport: { ...step.transport, auth: 'valid' } });
