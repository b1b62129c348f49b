import type { CoreRequest, IndexName, StoredRecord, OpenApiDocument, SpecValidator } from '../../server/core/index.js';
import type { AuthMaterial } from '../generate/auth-table.js';
import type { AuthKind } from '../generate/fuzz-step.js';
import { listedRecords } from '../../contract/listed-records.js';
import { signatureOf, type CheckId, type Problem } from '../checks/check-table.js';
import { assertSafeRequest, type SafetyPolicy } from './safety-guard.js';
import type { SendResult, WireSender } from './send-wire-request.js';
import { recordPath, requestHeaders, toCoreRequest, type WireRequest } from '../generate/wire-request.js';
import { basePathOf } from '../../target/run/schema-node.js';

/**
 * Which shapes of an agent the target refuses, where the description leaves it free to store or refuse them (probe-entry-shapes.ts): `actions.*`,
 * `actions.config.*`, `parameters.list`, `actions.config.daemon!type`, `resources.config.path|array`, `parameters.config.schema=propeties`. `undefined` when
 * the probe could not tell (the run then lets the target refuse any of them).
 */
export type RefusedShapes = ReadonlySet<string> | undefined;

/** What a fuzz run shares across its sequences. */
export interface FuzzContext extends SafetyPolicy {
  /** Grows as the run learns the ids the target generated (the guard then lets them be used). */
  generatedIds: Set<string>;
  doc: OpenApiDocument;
  spec: SpecValidator;
  /** Sends every request; by default a request ends with the fuzzing phase (`budget.fuzzUntil`). */
  sender: WireSender;
  budget: RunBudget;
  auth: { target: Readonly<Record<AuthKind, AuthMaterial>>; model: Readonly<Record<AuthKind, AuthMaterial>> };
  /** Secret of the model core (undefined when the target is fuzzed without a token: no auth checks). */
  modelSecret: string | undefined;
  /** The checks that report (`--checks`; default every one). */
  checks: ReadonlySet<CheckId>;
  /** Accept a 205 without body (a fetch-based target such as the msw handlers cannot send one). */
  bodiless205?: boolean;
  refusedShapes: RefusedShapes;
  /** The field names the spec marks as hidden (x-hidden-name). */
  hiddenNames: ReadonlySet<string>;
  /** Called with every exchange (the run counts the answers to generated steps). */
  observe?(exchange: Exchange): void;
}

/** Why a request was sent: a generated step, one of a group sent at once (`--concurrency`), or the fuzzer's own bookkeeping around it. */
export type ExchangeRole = 'probe' | 'snapshot' | 'step' | 'concurrent' | 'lookup' | 'read-back' | 'final-read' | 'cleanup';

/** One request to the target and what came back. */
export interface Exchange {
  role: ExchangeRole;
  description: string;
  request: WireRequest;
  result: SendResult;
}

/** The requests one sequence, group or probe sent, in order: its repro. */
export interface ExchangeLog {
  context: FuzzContext;
  exchanges: Exchange[];
}

/** Notes an exchange in the log (and tells the run). */
export function note(log: ExchangeLog, entry: Exchange): void {
  log.exchanges.push(entry);
  log.context.observe?.(entry);
}

/** Sends one request past the safety guard — a clean-up one within the clean-up allowance (or `until`) — and notes the exchange. */
export async function exchange(log: ExchangeLog, role: ExchangeRole, description: string, request: WireRequest, until?: number): Promise<SendResult> {
  const cleanUp = role === 'cleanup';
  assertSafeRequest(request, log.context, cleanUp);
  const result = await log.context.sender.send(request, until ?? (cleanUp ? log.context.budget.cleanUpUntil : undefined));
  note(log, { role, description, request, result });
  return result;
}

/** The records a plain read of the index (or of one id) lists, as the target answered; undefined when it listed none (no answer, not a list). */
export async function readRecords(log: ExchangeLog, role: ExchangeRole, index: IndexName, id?: string, until?: number): Promise<StoredRecord[] | undefined> {
  const result = await exchange(log, role, `read ${index} ${id ?? '(all records)'}`, plainRequest(log.context, 'GET', index, id).target, until);
  return recordsInAnswer(result)?.filter(isStoredRecord);
}

/** True when a request of the log was not answered before its phase of the run ended: what it shows is no finding. */
export const cutShortIn = (log: ExchangeLog): boolean => log.exchanges.some((e) => !e.result.ok && e.result.cutShort === true);

/** A probe of the run sent once per case (an index, or an index and a variant), each with a log of its own: a request cut short by the budget shows nothing. */
export async function probeEach<C>(context: FuzzContext, cases: readonly C[], probe: (log: ExchangeLog, c: C) => Promise<FuzzFailure | undefined>) {
  const failures: FuzzFailure[] = [];
  for (const c of cases) {
    const log: ExchangeLog = { context, exchanges: [] };
    const failure = await probe(log, c);
    if (failure && !cutShortIn(log)) failures.push(failure);
  }
  return failures;
}

/** An answer as a failure quotes it: the status and the start of the body, or why none came. */
export const describeResult = (result: SendResult) =>
  result.ok ? `${result.answer.status} ${result.answer.text.slice(0, 160)}` : `no answer (${result.error})`;

/** A disagreement with the description: the operation and check that showed it, what was expected, what came, and the requests that led there. */
export interface FuzzFailure {
  /** `<operation>:<check>:<observed>` (checks/check-table.ts): the same under every random seed. */
  signature: string;
  operation: string;
  check: CheckId;
  /** One line naming the broken behaviour. */
  title: string;
  expected: string;
  actual: string;
  /** The exchanges a reader needs to reproduce it (bookkeeping reads left out). */
  exchanges: Exchange[];
  /** How many answers showed it in the run (shrinking runs not counted). */
  count: number;
}

/** A failure of one problem the answer to `operation` showed, after `exchanges`. */
export const failureOf = (operation: string, problem: Problem, description: string, exchanges: Exchange[]): FuzzFailure => ({
  signature: signatureOf(operation, problem),
  operation,
  check: problem.check,
  title: `${description}: expected ${problem.expected}; the target answered ${problem.actual}`,
  expected: problem.expected,
  actual: problem.actual,
  exchanges,
  count: 1,
});

/** A plain request as the fuzzer's bookkeeping sends it: valid token, JSON, optional id and body. */
export function plainRequest(
  context: Pick<FuzzContext, 'auth'>,
  method: WireRequest['method'],
  index: IndexName,
  id: string | undefined,
  body?: unknown,
): { target: WireRequest; model: CoreRequest } {
  const path = recordPath(basePathOf(index), id);
  const bytes = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
  const target: WireRequest = { method, path, headers: requestHeaders('json', context.auth.target.valid), body: bytes };
  return { target, model: toCoreRequest({ ...target, headers: requestHeaders('json', context.auth.model.valid) }) };
}

/** The records a read answered (see {@link listedRecords}); undefined when no answer came. */
export function recordsInAnswer(result: SendResult): unknown[] | undefined {
  return result.ok ? listedRecords(result.answer.status, result.answer.json) : undefined;
}

/** A record as a read lists it: an object with a string id. */
export const isStoredRecord = (r: unknown): r is StoredRecord => typeof r === 'object' && r !== null && typeof (r as { id?: unknown }).id === 'string';

/** Time given after `--time-budget` to delete the run's records (and restore others' after --allow-destructive). */
export const CLEAN_UP_ALLOWANCE_MS = 5000;
/** The clean-up allowance of a run that ended early (interrupted, or its target stopped), from that moment. */
export const INTERRUPTED_CLEAN_UP_MS = 3000;
/** Time given after the clean-up for the final read that counts what the run left behind. */
export const FINAL_READ_ALLOWANCE_MS = 2000;

/**
 * When each phase of a run must be over (epoch ms). Every request carries the end of its phase: one still in flight then is aborted, so a target that answers
 * slowly or not at all cannot stretch the run. The whole run ends by `finalReadUntil`, a few seconds after the budget.
 */
export interface RunBudget {
  /** Generating and shrinking sequences stop here (the `--time-budget`). */
  readonly fuzzUntil: number;
  readonly cleanUpUntil: number;
  readonly finalReadUntil: number;
}

export function createRunBudget(startedAt: number, timeBudgetMs: number, cleanUpAllowanceMs = CLEAN_UP_ALLOWANCE_MS): RunBudget {
  const fuzzUntil = startedAt + timeBudgetMs;
  const cleanUpUntil = fuzzUntil + cleanUpAllowanceMs;
  return { fuzzUntil, cleanUpUntil, finalReadUntil: cleanUpUntil + FINAL_READ_ALLOWANCE_MS };
}
