import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { generateSecret, mintToken } from '../reference-server/core/mint-token.js';
import { loadOpenApiDocument } from '../spec/openapi-document.js';
import { createSpecValidator } from '../spec/spec-validator.js';
import { createAuthTable } from './auth-table.js';
import type { FuzzContext, FuzzFailure } from './fuzz-session.js';
import type { FuzzStep } from './fuzz-step.js';
import { probeWhere } from './probe-where.js';
import { runSequence } from './run-sequence.js';
import { createWireSender } from './send-wire-request.js';
import { sequenceArbitrary } from './step-arbitrary.js';
import { createVocabulary } from './vocabulary.js';
import type { FuzzOptions, FuzzProgress, FuzzReport } from './fuzz-report.js';

/** Thrown when the run cannot start (the target is unreachable): `mgmt-kit fuzz` exits 2. */
export class FuzzSetupError extends Error {}

const SHRINK_BUDGET_MS = 20_000;

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
  const doc = loadOpenApiDocument();
  const spec = createSpecValidator(doc);
  const runPrefix = `fz-${randomBytes(3).toString('hex')}-`;
  const validToken = options.token ?? (options.jwtSecret ? await mintToken({ secret: options.jwtSecret, expiresIn: '2h', subject: 'mgmt-kit-fuzz' }) : undefined);
  const authChecked = validToken !== undefined;
  const modelSecret = authChecked ? generateSecret() : undefined;
  const modelToken = modelSecret ? await mintToken({ secret: modelSecret, expiresIn: '2h' }) : undefined;
  const sender = createWireSender(options.baseUrl, options.requestTimeoutMs ?? 10_000);
  const context: FuzzContext = {
    doc,
    spec,
    sender,
    runPrefix,
    allowDestructive: options.allowDestructive,
    whereTrusted: new Set(),
    generatedIds: new Set(),
    auth: { target: createAuthTable({ validToken, secret: options.jwtSecret }), model: createAuthTable({ validToken: modelToken, secret: modelSecret }) },
    modelSecret,
    bodiless205: options.bodiless205 ?? false,
    documented: (operationId) => spec.operations.get(operationId)?.statuses ?? [],
  };
  const report: FuzzReport = {
    baseUrl: options.baseUrl, seed: options.seed, runPrefix, startedAt: new Date(started), durationMs: 0,
    requests: 0, sequences: 0, shrinkRuns: 0, failures: [], leftovers: 0, stoppedBy: 'runs', authChecked, whereTrusted: [], answers: {},
  };
  context.observe = ({ role, request, result, description }) => {
    if (role !== 'step') return;
    if (process.env['FUZZ_DEBUG']) console.log('DBG', request.method, result.ok ? result.answer.status : 'x', description.slice(0, 150), result.ok ? result.answer.text.slice(0, 150) : '');
    const key = `${request.method} ${result.ok ? result.answer.status : 'no answer'}`;
    report.answers[key] = (report.answers[key] ?? 0) + 1;
  };
  const found = new Set<string>();
  const record = (failure: FuzzFailure) => {
    if (found.has(failure.signature)) return;
    found.add(failure.signature);
    report.failures.push(failure);
    options.onFailure?.(failure);
  };
  try {
    const probe = await probeWhere(context);
    if (probe.unreachable) throw new FuzzSetupError(`cannot reach ${options.baseUrl}: ${probe.unreachable}`);
    probe.failures.forEach(record);
    context.whereTrusted = probe.trusted;
    report.whereTrusted = [...probe.trusted];
    const sequences = sequenceArbitrary(doc, createVocabulary(runPrefix), options.maxSteps ?? 12, options.allowDestructive);
    let lastProgress = 0;
    for (let iteration = 0; report.sequences < options.runs && Date.now() < deadline; iteration++) {
      let hunted: string | undefined;
      let minimal: FuzzFailure | undefined;
      let shrinkDeadline = Infinity;
      let crash: unknown;
      const property = fc.asyncProperty(sequences, async (steps: FuzzStep[]) => {
        if (crash !== undefined || Date.now() > Math.min(hunted ? shrinkDeadline : deadline, deadline + SHRINK_BUDGET_MS)) return true;
        if (hunted) report.shrinkRuns++;
        else report.sequences++;
        try {
          const result = await runSequence(authChecked ? steps : steps.map(withValidToken), report.sequences + report.shrinkRuns, context);
          report.leftovers += result.leftovers;
          report.requests = sender.count;
          if (Date.now() - lastProgress > 2000) options.onProgress?.(progressOf(report, started)), (lastProgress = Date.now());
          const failure = result.failure;
          if (!failure || found.has(failure.signature) || (hunted !== undefined && failure.signature !== hunted)) return true;
          if (!hunted) (hunted = failure.signature), (shrinkDeadline = Date.now() + SHRINK_BUDGET_MS);
          minimal = failure;
          return false;
        } catch (error) {
          crash = error;
          return true;
        }
      });
      const details = await fc.check(property, { seed: (options.seed + iteration) | 0, numRuns: Math.max(1, options.runs - report.sequences) });
      if (crash !== undefined) throw crash;
      if (!details.failed || !minimal) break;
      record({ ...minimal, title: `${minimal.title} — ${countSteps(minimal)} step(s) after ${details.numShrinks} shrink(s)` });
    }
    report.stoppedBy = Date.now() >= deadline ? 'time-budget' : 'runs';
  } finally {
    sender.close();
    report.requests = sender.count;
    report.durationMs = Date.now() - started;
  }
  return report;
}

const withValidToken = (step: FuzzStep): FuzzStep => ({ ...step, transport: { ...step.transport, auth: 'valid' } });
const countSteps = (failure: FuzzFailure) => failure.exchanges.filter((e) => e.role === 'step').length;

function progressOf(report: FuzzReport, started: number): FuzzProgress {
  return { sequences: report.sequences, shrinkRuns: report.shrinkRuns, requests: report.requests, failures: report.failures.length, elapsedMs: Date.now() - started };
}
