import { randomBytes } from 'node:crypto';
import { createFuzzContext } from './create-fuzz-context.js';
import type { FuzzFailure } from './fuzz-session.js';
import type { FuzzOptions, FuzzReport } from './fuzz-report.js';
import type { FuzzStep } from './fuzz-step.js';
import { huntFailure } from './hunt-failure.js';
import { probeWhere } from './probe-where.js';
import { probeEntryShapes } from './probe-entry-shapes.js';
import { runSequence } from './run-sequence.js';
import { sequenceArbitrary } from './step-arbitrary.js';
import { createVocabulary } from './vocabulary.js';

/** Thrown when the run cannot start (the target is unreachable): `mgmt-kit fuzz` exits 2. */
export class FuzzSetupError extends Error {}

const SHRINK_BUDGET_MS = 20_000;
const PROGRESS_EVERY_MS = 2000;

/**
 * Fuzzes a deployment: generated sequences of create/read/update/delete steps, each answer
 * checked on its own and against the reference core, each disagreement shrunk by fast-check to
 * the shortest sequence that still shows it. A failure already found is not searched again, so
 * the run goes on looking for other ones until `runs` sequences ran or the time budget is spent.
 * The same seed generates the same sequences (with a fresh run prefix for the ids).
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const deadline = started + options.timeBudgetMs;
  const runPrefix = `fz-${randomBytes(3).toString('hex')}-`;
  const context = await createFuzzContext(options, runPrefix);
  const authChecked = context.modelSecret !== undefined;
  const report: FuzzReport = {
    baseUrl: options.baseUrl, seed: options.seed, runPrefix, startedAt: new Date(started), durationMs: 0,
    requests: 0, sequences: 0, shrinkRuns: 0, failures: [], leftovers: 0, stoppedBy: 'runs', authChecked, whereTrusted: [], refusedShapes: 'unknown', answers: {},
  };
  context.observe = ({ role, request, result }) => {
    if (role !== 'step') return;
    const key = `${request.method} ${result.ok ? result.answer.status : 'no answer'}`;
    report.answers[key] = (report.answers[key] ?? 0) + 1;
  };
  const known = new Set<string>();
  const record = (failure: FuzzFailure) => {
    if (known.has(failure.signature)) return;
    known.add(failure.signature);
    report.failures.push(failure);
    options.onFailure?.(failure);
  };
  let lastProgress = 0;
  const run = async (steps: FuzzStep[], shrinking: boolean) => {
    if (shrinking) report.shrinkRuns++;
    else report.sequences++;
    const result = await runSequence(authChecked ? steps : steps.map(withValidToken), report.sequences + report.shrinkRuns, context);
    report.leftovers += result.leftovers;
    report.requests = context.sender.count;
    if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      options.onProgress?.({ sequences: report.sequences, shrinkRuns: report.shrinkRuns, requests: report.requests, failures: report.failures.length, elapsedMs: lastProgress - started });
    }
    return result.failure;
  };
  try {
    const probe = await probeWhere(context);
    if (probe.unreachable) throw new FuzzSetupError(`cannot reach ${options.baseUrl}: ${probe.unreachable}`);
    probe.failures.forEach(record);
    context.whereTrusted = probe.trusted;
    report.whereTrusted = [...probe.trusted];
    context.refusedShapes = await probeEntryShapes(context);
    report.refusedShapes = context.refusedShapes === undefined ? 'unknown' : [...context.refusedShapes].sort();
    const sequences = sequenceArbitrary(context.doc, createVocabulary(runPrefix), options.maxSteps ?? 12, options.allowDestructive);
    const enough = () => options.maxFailures !== undefined && report.failures.length >= options.maxFailures;
    for (let iteration = 0; report.sequences < options.runs && Date.now() < deadline && !enough(); iteration++) {
      const found = await huntFailure(sequences, { seed: options.seed + iteration, numRuns: options.runs - report.sequences, deadline, shrinkBudgetMs: SHRINK_BUDGET_MS, known, run });
      if (!found) break;
      const steps = found.failure.exchanges.filter((e) => e.role === 'step').length;
      record({ ...found.failure, title: `${found.failure.title} — ${steps} step(s) after ${found.numShrinks} shrink(s)` });
    }
    report.stoppedBy = Date.now() >= deadline ? 'time-budget' : 'runs';
  } finally {
    context.sender.close();
    report.requests = context.sender.count;
    report.durationMs = Date.now() - started;
  }
  return report;
}

const withValidToken = (step: FuzzStep): FuzzStep => ({ ...step, transport: { ...step.transport, auth: 'valid' } });
