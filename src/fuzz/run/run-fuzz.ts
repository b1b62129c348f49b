import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { generateSecret, mintToken } from '../../contract/tokens/index.js';
import { createSpecValidator } from '../../contract/spec/spec-validator.js';
import { createAuthTable } from '../../contract/auth-table.js';
import { openConnection } from '../../connection/open-connection.js';
import { INDEX_NAMES, loadOpenApiDocument, type IndexName } from '../../server/core/index.js';
import { createRunBudget, INTERRUPTED_CLEAN_UP_MS, type FuzzContext, type FuzzFailure, type RunBudget } from './fuzz-session.js';
import type { FuzzOptions, FuzzProgress, FuzzReport } from '../../fuzz/run/fuzz-options.js';
import type { FuzzStep } from '../generate/fuzz-step.js';
import { hostileKey } from '../model/commands.js';
import { shrinkFailure } from './shrink-list.js';
import { CHECK_IDS } from '../checks/check-table.js';
import { createAnswerTally } from './tally-answers.js';
import { probeEntryShapes } from './probe-entry-shapes.js';
import { hiddenNamesOf } from '../../contract/spec/open-shapes.js';
import { probeDeleteAll, probeLongIds, probeWhere } from './probe-store-limits.js';
import { createWireSender } from './send-wire-request.js';
import { recordBodyNode } from '../generate/wire-request.js';
import { runSequence, type SequenceFailure, type SequenceResult } from './run-sequence.js';
import { sequenceArbitrary } from '../generate/sequence-arbitrary.js';
import { probeSequences } from '../generate/probe-sequences.js';
import { readBaseline, sweepRunRecords, type CleanUpReport, type IndexBaseline } from './sweep-run-records.js';
import { createVocabulary } from '../generate/vocabulary.js';
import { runConcurrency } from '../concurrency/run-group.js';

/** Thrown when the run cannot start (the target is unreachable): `mgmt-kit fuzz` exits 2. */
export class FuzzSetupError extends Error {}

const SHRINK_BUDGET_MS = 20_000;
const PROGRESS_EVERY_MS = 2000;

/** A new failure of a sequence, waiting to be shrunk: the steps up to the one that showed it, and how it was found. */
type Pending = { failure: FuzzFailure; steps: FuzzStep[]; source: string };

/** The generated sequences of a seed, one after the other: the values fast-check's `check` would try with that seed. */
function* generated<T>(arbitrary: fc.Arbitrary<T>, seed: number): Generator<T> {
  for (let n = 0, size = 64; ; size *= 2) {
    const batch = fc.sample(arbitrary, { seed, numRuns: size });
    for (; n < size; n++) yield batch[n]!;
  }
}

/**
 * Fuzzes a deployment: the probes, then generated sequences, each answer judged by every check on its own and against the reference core fed the same
 * requests (run-sequence.ts). A known failure (found before, or in the baseline) does not end the search: it is counted and its hostile steps are left out of
 * later sequences. Then each new failure is shrunk with what is left of the budget; the run's records are deleted and every index read once more. A target
 * that stops answering or an `interrupt` ends the run early; the clean-up still runs, within a short allowance from then.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const budget = createRunBudget(started, options.timeBudgetMs, options.cleanUpAllowanceMs);
  const runPrefix = options.runPrefix ?? createFuzzRunPrefix();
  const context = await createFuzzContext(options, runPrefix, budget);
  const authChecked = context.modelSecret !== undefined;
  const report: FuzzReport = {
    ...{ baseUrl: options.connection.baseUrl, randomSeed: options.randomSeed, runPrefix, startedAt: new Date(started), durationMs: 0, requests: 0 },
    ...{ sequences: 0, shrinkRuns: 0, checks: [...context.checks], failures: [], stoppedBy: 'runs', authChecked, whereTrusted: [], refusedShapes: 'unknown' },
    ...{ answers: {}, coverage: [], cleanUp: { leftovers: [], unverified: [...INDEX_NAMES], unattributed: [], cutShort: false } },
  };
  const tally = createAnswerTally();
  report.coverage = tally.tallies;
  context.observe = (exchange) => {
    tally.observe(exchange);
    const { role, request, result } = exchange;
    const key = `${request.method} ${result.ok ? result.answer.status : 'no answer'}`;
    if (role === 'step') report.answers[key] = (report.answers[key] ?? 0) + 1;
  };
  const stopped = () => context.sender.stopped !== undefined;
  const interrupted = () => options.interrupt?.aborted === true;
  const ended = () => context.sender.throttled > 0 || stopped() || interrupted();
  const enough = () => options.maxFailures !== undefined && report.failures.length >= options.maxFailures;
  const bySignature = new Map<string, FuzzFailure>();
  const knownHostile = new Set<string>();
  const pending: Pending[] = [];
  /** A failure seen: counted when known; new, it is reported, and waits to be shrunk when a sequence showed it (not when the baseline lists it). */
  const record = (found: FuzzFailure | SequenceFailure, from?: { steps: readonly FuzzStep[]; source: string }) => {
    if (!context.checks.has(found.check)) return;
    if ('hostile' in found && found.hostile) knownHostile.add(found.hostile);
    const seen = bySignature.get(found.signature);
    if (seen) return void seen.count++;
    // Once the target stopped, "no answer" is the stop, not a finding (nor is a repro of it).
    if (enough() || (stopped() && found.exchanges.some((e) => !e.result.ok))) return;
    const { prefix, hostile: _, ...failure } = found as SequenceFailure;
    bySignature.set(failure.signature, failure);
    tally.failed(failure);
    report.failures.push(failure);
    if (from && !options.known?.includes(failure.signature)) pending.push({ failure, steps: from.steps.slice(0, prefix), source: from.source });
    else options.onFailure?.(failure);
  };
  let lastProgress = 0;
  const progress = (phase: FuzzProgress['phase']) => {
    lastProgress = Date.now();
    report.requests = context.sender.count;
    const { sequences, shrinkRuns, requests } = report;
    options.onProgress?.({ phase, sequences, shrinkRuns, requests, failures: report.failures.length, elapsedMs: lastProgress - started });
  };
  const run = async (steps: FuzzStep[], shrinking: boolean) => {
    report[shrinking ? 'shrinkRuns' : 'sequences']++;
    const result = await runSequence(authChecked ? steps : steps.map(withValidToken), report.sequences + report.shrinkRuns, context);
    if (Date.now() - lastProgress > PROGRESS_EVERY_MS) progress('fuzzing');
    return result;
  };
  const look = async (steps: FuzzStep[], source: string) => {
    for (const failure of (await run(steps, false)).failures) record(failure, { steps, source });
  };
  const goOn = () => report.sequences < options.runs && Date.now() < budget.fuzzUntil && !enough() && !ended();
  // Read before anything is created; undefined while there is nothing of the run to clean up.
  let baseline: IndexBaseline | undefined;
  // Requests of the clean-up tried on a connection of its own after the target stopped.
  let afterStopRequests = 0;
  try {
    baseline = await readBaseline(context);
    const where = await probeWhere(context);
    if (where.unreachable) {
      baseline = undefined;
      throw new FuzzSetupError(`cannot reach ${options.connection.baseUrl}: ${where.unreachable}`);
    }
    context.whereTrusted = where.trusted;
    report.whereTrusted = [...where.trusted];
    const shapes = await probeEntryShapes(context);
    // No generated sequence sends these; a probe whose check does not report (--checks) is not sent.
    const longIds = context.checks.has('long-ids') ? await probeLongIds(context) : [];
    const deleteAll = options.allowDestructive && context.checks.has('delete-all') ? await probeDeleteAll(context) : [];
    for (const failure of [...where.failures, ...shapes.failures, ...longIds, ...deleteAll]) record(failure);
    context.refusedShapes = shapes.refused;
    report.refusedShapes = shapes.refused === undefined ? 'unknown' : [...shapes.refused].sort();
    const vocabulary = createVocabulary(runPrefix);
    if (options.concurrency !== undefined) {
      // At most half of what is left of the budget, so the sequences get theirs.
      const deadline = Date.now() + Math.max(0, budget.fuzzUntil - Date.now()) / 2;
      const { concurrency: size, runs: groups, randomSeed } = options;
      const bounds = { size, groups, randomSeed, deadline, shrinkBudgetMs: SHRINK_BUDGET_MS };
      report.concurrency = await runConcurrency(context, { ...bounds, known: bySignature, record, stop: () => enough() || ended() });
    }
    // The probes first, one sequence of each shape that exposes a class, at most half of the runs; then the generated ones.
    for (const probe of probeSequences(context.doc, context.spec, vocabulary, options.randomSeed).slice(0, Math.floor(options.runs / 2))) {
      if (!goOn()) break;
      await look(probe.steps, `the ${probe.kind} probe of ${probe.index}, `);
    }
    for (const steps of generated(sequenceArbitrary(context.doc, vocabulary, options.maxSteps ?? 12, options.allowDestructive), options.randomSeed)) {
      if (!goOn()) break;
      // A hostile step whose failure is known would only show it again: it is left out.
      const fresh = steps.filter((step) => !knownHostile.has(hostileKey(step) ?? ''));
      await look(fresh, '');
    }
    for (const next of pending) {
      Object.assign(next.failure, await shrinkSequence(next, Math.min(Date.now() + SHRINK_BUDGET_MS, budget.fuzzUntil), ended, run));
      options.onFailure?.(next.failure);
    }
    const ends: Array<[FuzzReport['stoppedBy'], boolean]> = [
      ['interrupted', interrupted()],
      ['target-stopped', stopped()],
      ['throttled', context.sender.throttled > 0],
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

/** Shrinks one new failure (shrink-list.ts) until `until`; its title then says how it was found and shrunk: `… — the content probe of agent, 2 step(s) after 5 shrink(s)`. */
async function shrinkSequence(
  { failure, steps, source }: Pending,
  until: number,
  ended: () => boolean,
  run: (steps: FuzzStep[], shrinking: boolean) => Promise<SequenceResult>,
): Promise<FuzzFailure> {
  const shrunk = await shrinkFailure(steps, failure, (candidate) => (ended() ? Promise.resolve({ cutShort: true }) : run(candidate, true)), until);
  const { exchanges, title, expected, actual } = shrunk.smallest;
  const smallest = { ...failure, exchanges, title, expected, actual };
  const cut = shrunk.cutShort ? ' (shrinking stopped by its time limit: a shorter sequence may show it too)' : '';
  const count = smallest.exchanges.filter((e) => e.role === 'step').length;
  return { ...smallest, title: `${smallest.title} — ${source}${count} step(s) after ${shrunk.shrinks} shrink(s)${cut}` };
}

/** The context of one run: the compiled spec, a sender, and two sets of tokens — the target's (with its secret, the wrong ones too) and the model's. */
export async function createFuzzContext(options: FuzzOptions, runPrefix: string, budget: RunBudget): Promise<FuzzContext> {
  const doc = loadOpenApiDocument();
  const spec = createSpecValidator(doc);
  const sender = createWireSender(options.session ?? options.connection, { until: budget.fuzzUntil, interrupt: options.interrupt });
  const validToken = await sender.session.token();
  const modelSecret = validToken === undefined ? undefined : generateSecret();
  const modelToken = modelSecret === undefined ? undefined : await mintToken({ secret: modelSecret, expiresIn: '2h' });
  const { jwtSecret: secret, scheme, jwtClaims: claims } = options.connection.auth;
  const subject = 'mgmt-kit-fuzz';
  const auth = {
    target: await createAuthTable({ validToken, secret, scheme, claims, subject }),
    model: await createAuthTable({ validToken: modelToken, secret: modelSecret, subject }),
  };
  const checks = new Set(options.checks ?? CHECK_IDS);
  const { allowDestructive, bodiless205 = false } = options;
  // What the probes learn before the sequences (trusted wheres, refused shapes) starts empty; so do the ids the target generates.
  const learnt = { whereTrusted: new Set<IndexName>(), refusedShapes: undefined, generatedIds: new Set<string>() };
  const hiddenNames = hiddenNamesOf(doc, recordBodyNode(doc, 'agent', 'post'));
  return { doc, spec, sender, budget, runPrefix, allowDestructive, ...learnt, hiddenNames, auth, modelSecret, bodiless205, checks };
}

/** A fresh run prefix: every id (and marker) of the run starts with it. */
export const createFuzzRunPrefix = (): string => `fz-${randomBytes(3).toString('hex')}-`;

/**
 * The run's clean-up and final read; a run that ended early gets the clean-up allowance from now. After a stop it tries on a connection of its own: the run's
 * refuses every request once the target stopped, and the target may be back.
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

const withValidToken = (step: FuzzStep): FuzzStep => ({ ...step, transport: { ...step.transport, auth: 'valid' } });
